//! `hookrun install qwen`: Claude's installer shape in `.qwen/settings.json` (or
//! `$QWEN_HOME/settings.json`, else `~/.qwen/settings.json`, with `--user`): one matcher-less
//! group per Qwen Code event running `hookrun -C "$QWEN_PROJECT_DIR" fire --output qwen <event>`.
//! Qwen's bash hooks read the variable from the environment (it no longer replaces it in the
//! command text), so the double-quoted form is right. With `--output qwen` hookrun skips Qwen's
//! own files, so the installed entry never runs itself.

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::dialects::claude::profile::user_file;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".qwen/settings.json",
    user_file: user_settings,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_settings() -> Option<PathBuf> {
    user_file("QWEN_HOME", ".qwen", "settings.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$QWEN_PROJECT_DIR\" fire --output qwen {event}",
        how.shell_program()
    );
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
