//! `hookrun install claude`: one matcher-less group per Claude Code event in
//! `.claude/settings.json` (or `~/.claude/settings.json` with `--user`), running
//! `hookrun -C "$CLAUDE_PROJECT_DIR" fire --output claude <event>`. With `--output claude` hookrun
//! skips Claude's own files, so the installed entry never runs itself.

use std::path::PathBuf;

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".claude/settings.json",
    user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

/// `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`.
fn user_file() -> Option<PathBuf> {
    match std::env::var_os("CLAUDE_CONFIG_DIR").filter(|dir| !dir.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir).join("settings.json")),
        None => crate::install::in_home(".claude/settings.json"),
    }
}

/// A Claude-shaped group (Claude, Codex, Gemini): `{"hooks": [handler]}` with no matcher, so it
/// runs for every tool and every event's source.
pub(crate) fn group(handler: Json) -> Json {
    Json::object([("hooks", Json::Array(vec![handler]))])
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$CLAUDE_PROJECT_DIR\" fire --output claude {event}",
        how.shell_program()
    );
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
