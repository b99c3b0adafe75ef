//! `CLAUDE_ENV_FILE`: on `SessionStart`, `Setup`, `CwdChanged` and `FileChanged` Claude Code
//! gives each hook a file of its own to append `export` lines to, and sources those files before
//! every later Bash command (2.1.332: `<config>/session-env/<session>/<event>-hook-<n>.sh`).
//!
//! Run by Claude, hookrun's own process has that variable, and its hooks inherit it: their lines
//! reach Claude's file. Run by anyone else, hookrun gives each hook a file of the same layout
//! under its state directory, `session-env/<session_id>/<event>-hook-<hook>.sh`, so that a
//! `set -u` script runs as it does under Claude and what it exports is kept there to source.

use std::path::PathBuf;

use crate::model::dialect::EventContext;
use crate::model::hook::Hook;

/// The variable.
const VAR: &str = "CLAUDE_ENV_FILE";
/// The events Claude sets it on.
const EVENTS: &[&str] = &["SessionStart", "Setup", "CwdChanged", "FileChanged"];

/// `CLAUDE_ENV_FILE` for `hook` when hookrun must provide one: the event sets it and hookrun
/// was not given one by Claude. `None` too when the state directory cannot be made.
pub(crate) fn var(hook: &Hook, ctx: &EventContext<'_>) -> Option<(String, String)> {
    if !EVENTS.contains(&ctx.event) || std::env::var_os(VAR).is_some_and(|v| !v.is_empty()) {
        return None;
    }
    let session = ctx
        .payload
        .get("session_id")
        .and_then(serde_json::Value::as_str)
        .map_or_else(|| "no-session".to_owned(), file_name_part);
    let dir: PathBuf = crate::config::sources::state_dir()?
        .join("session-env")
        .join(session);
    std::fs::create_dir_all(&dir).ok()?;
    let file = format!(
        "{}-hook-{}.sh",
        ctx.event.to_ascii_lowercase(),
        file_name_part(&hook.name)
    );
    Some((
        VAR.to_owned(),
        dir.join(file).to_string_lossy().into_owned(),
    ))
}

/// `text` with every character but ASCII letters, digits, `-` and `_` as `_` (at most 64), so
/// that a payload's session id cannot leave the directory.
fn file_name_part(text: &str) -> String {
    let part: String = text
        .chars()
        .take(64)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if part.is_empty() {
        "_".to_owned()
    } else {
        part
    }
}

#[cfg(test)]
#[path = "env_file_tests.rs"]
mod tests;
