//! `hookrun install crush`: one `PreToolUse` entry in the project's `crush.json` (`--user`:
//! `$CRUSH_GLOBAL_CONFIG/crush.json`, else `crush/crush.json` in `$XDG_CONFIG_HOME` or
//! `~/.config`), `{"name": "hookrun", "command": "hookrun fire --output crush PreToolUse"}`. Crush
//! runs a hook in its working directory, the project, and sets `CRUSH_PROJECT_DIR`; the command
//! needs neither. With `--output crush` hookrun skips Crush's own files, so the entry never runs
//! itself.

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: "crush.json",
    user_file: super::global_config,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn entry(event: &str, how: &Invocation) -> Json {
    Json::object([
        ("name", Json::str("hookrun")),
        (
            "command",
            Json::String(format!(
                "{} fire --output crush {event}",
                how.shell_program()
            )),
        ),
    ])
}
