//! `hookrun install droid`: Claude's installer shape under `hooks` in `.factory/settings.json`
//! (`~/.factory/settings.json` with `--user`), one matcher-less group per Droid event running
//! `hookrun -C "$FACTORY_PROJECT_DIR" fire --output droid <event>`. Droid runs a hook's command
//! with `sh` (`Yb(command)`: `{command, shell: "sh"}`), which expands the variable. A
//! `hooks.json` in the same folder that lists an event replaces these groups for that event
//! ([`super::files`]); `install` writes the settings file, which Droid's own `/hooks` editor
//! leaves to `hooks.json`.

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".factory/settings.json",
    user_file: user_settings,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_settings() -> Option<PathBuf> {
    crate::install::in_home(".factory/settings.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$FACTORY_PROJECT_DIR\" fire --output droid {event}",
        how.shell_program()
    );
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
