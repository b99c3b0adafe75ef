//! `hookrun install windsurf`: one entry per Windsurf event in `.windsurf/hooks.json` (or
//! `~/.codeium/windsurf/hooks.json` with `--user`), running `hookrun fire --output windsurf
//! <event>`. Windsurf names no variable for the workspace, so the entry names no directory and
//! relies on the hook running in the workspace (the hooks page documents `working_directory` but
//! not its default: an open point on `docs/dialects/windsurf.md`).
//! With `--output windsurf` hookrun skips Windsurf's own files, so the entry never runs itself.

use std::path::PathBuf;

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".windsurf/hooks.json",
    user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_file() -> Option<PathBuf> {
    crate::install::in_home(".codeium/windsurf/hooks.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!("{} fire --output windsurf {event}", how.shell_program());
    Json::object([("command", Json::String(command))])
}
