//! `hookrun install auggie`: Claude's installer shape in `.augment/settings.json`
//! (`~/.augment/settings.json` with `--user`), one matcher-less group per Auggie event running
//! `hookrun -C "$AUGMENT_PROJECT_DIR" fire --output auggie <event>`. Auggie runs a command with a
//! shell metacharacter (`$` here) as `bash -c` (`dao`/`cao`), which expands the variable it sets.

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".augment/settings.json",
    user_file: user_settings,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_settings() -> Option<PathBuf> {
    crate::install::in_home(".augment/settings.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$AUGMENT_PROJECT_DIR\" fire --output auggie {event}",
        how.shell_program()
    );
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
