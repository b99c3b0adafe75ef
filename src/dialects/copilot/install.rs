//! `hookrun install copilot`: one entry per Copilot event in `.github/hooks/hookrun.json` (or
//! `~/.copilot/hooks/hookrun.json` with `--user`). Copilot runs a hook in the directory it was
//! started in and sets `COPILOT_PROJECT_DIR` to it. With `--output copilot` hookrun skips
//! Copilot's own files, which Copilot runs itself.

use std::path::{Path, PathBuf};

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

/// What follows the program in an installed entry's command.
fn arguments(event: &str) -> String {
    format!("-C \"$COPILOT_PROJECT_DIR\" fire --output copilot {event}")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!("{} {}", how.shell_program(), arguments(event));
    Json::object([
        ("type", Json::String("command".to_owned())),
        ("bash", Json::String(command)),
    ])
}

/// The file, project's or user's, where `install copilot` registered hookrun for the Copilot
/// event `event` (its entry as install writes it, with any one-word program), if any.
pub(super) fn installed_for(event: &str, project_dir: &Path) -> Option<PathBuf> {
    let wanted = format!(" {}", arguments(event));
    let files = [Some(project_dir.join(INSTALL.project_file)), user_file()];
    files.into_iter().flatten().find(|file| {
        let Ok(Some(text)) = crate::config::sources::read_config(file) else {
            return false;
        };
        let Ok(root) = serde_json::from_str::<serde_json::Value>(&text) else {
            return false;
        };
        root.pointer(&format!("/hooks/{event}"))
            .and_then(serde_json::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|entry| entry.get("bash").and_then(serde_json::Value::as_str))
            .any(|command| {
                command.strip_suffix(&wanted).is_some_and(|program| {
                    !program.is_empty() && !program.contains(char::is_whitespace)
                })
            })
    })
}
