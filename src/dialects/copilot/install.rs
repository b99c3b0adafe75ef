//! `hookrun install copilot`: one entry per Copilot event in `.github/hooks/hookrun.json` (or
//! `~/.copilot/hooks/hookrun.json` with `--user`). Copilot runs a hook in the directory it was
//! started in and sets `COPILOT_PROJECT_DIR` to it. With `--output copilot` hookrun skips
//! Copilot's own files, which Copilot runs itself.

use std::path::PathBuf;

use serde_json::Number;

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".github/hooks/hookrun.json",
    user_file,
    layout: Layout::EventMap,
    preamble,
    events: super::events::EVENTS,
    entry,
    hook_path: None,
};

fn user_file() -> Option<PathBuf> {
    super::copilot_home().map(|home| home.join("hooks/hookrun.json"))
}

fn preamble() -> Vec<(String, Json)> {
    vec![("version".to_owned(), Json::Number(Number::from(1)))]
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$COPILOT_PROJECT_DIR\" fire --output copilot {event}",
        how.shell_program()
    );
    Json::object([
        ("type", Json::String("command".to_owned())),
        ("bash", Json::String(command)),
    ])
}
