//! `hookrun install codex`: one group per Codex event in `.codex/hooks.json` (or
//! `$CODEX_HOME/hooks.json` with `--user`). Codex sets no project variable and runs a hook in the
//! session's working directory, so the command finds the project as Codex does: the enclosing git
//! checkout, else the working directory. With `--output codex` hookrun skips Codex's own files.

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".codex/hooks.json",
    user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_file() -> Option<PathBuf> {
    super::codex_home().map(|home| home.join("hooks.json"))
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$(git rev-parse --show-toplevel 2>/dev/null || pwd)\" fire --output codex {event}",
        how.shell_program()
    );
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
