//! `hookrun install cursor`: one entry per Cursor event in `.cursor/hooks.json` (or
//! `~/.cursor/hooks.json` with `--user`), each `failClosed` so that a hookrun that cannot run
//! blocks rather than lets the action through. A new file starts with `"version": 1`. With
//! `--output cursor` hookrun skips Cursor's own file.

use std::path::PathBuf;

use serde_json::Number;

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".cursor/hooks.json",
    user_file,
    layout: Layout::EventMap,
    preamble,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_file() -> Option<PathBuf> {
    crate::install::in_home(".cursor/hooks.json")
}

fn preamble() -> Vec<(String, Json)> {
    vec![("version".to_owned(), Json::Number(Number::from(1)))]
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$CURSOR_PROJECT_DIR\" fire --output cursor {event}",
        how.shell_program()
    );
    Json::object([
        ("command", Json::String(command)),
        ("failClosed", Json::Bool(true)),
    ])
}
