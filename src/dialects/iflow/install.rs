//! `hookrun install iflow`: Claude's installer shape in `.iflow/settings.json`
//! (`~/.iflow/settings.json` with `--user`), one matcher-less group per iFlow event running
//! `hookrun fire --output iflow <event>`. iFlow's docs name no project-directory variable, so the
//! entry relies on the hook's working directory being the project (the docs' examples run
//! project scripts by relative path, `python3 .iflow/hooks/security_check.py`).

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".iflow/settings.json",
    user_file: user_settings,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_settings() -> Option<PathBuf> {
    crate::install::in_home(".iflow/settings.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!("{} fire --output iflow {event}", how.shell_program());
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
