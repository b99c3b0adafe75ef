//! `hookrun install openplugins`: a plugin of hookrun's own, `.agents/plugins/hookrun/` (or
//! `~/.agents/plugins/hookrun/` with `--user`), whose `hooks/hooks.json` has one matcher-less rule
//! per Goose event running `hookrun fire --output openplugins <event>`. Goose runs a hook in the
//! session's working directory (the project), so the entry names no directory. Each action is
//! `on_failure: block`: a hookrun that cannot answer then denies the tool call rather than lets
//! it through (hooks.md, "Choose What Happens When a Hook Cannot Decide"). With
//! `--output openplugins` hookrun skips every Open Plugins file, so the entry never runs itself.

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".agents/plugins/hookrun/hooks/hooks.json",
    user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: INSTALLED_EVENTS,
    entry,
    hook_path: None,
};

/// The events Goose emits (hooks.md): every one of [`super::EVENTS`] but the two subagent events
/// it documents as never fired.
const INSTALLED_EVENTS: &[&str] = &[
    "SessionStart",
    "SessionEnd",
    "Stop",
    "UserPromptSubmit",
    "PreToolUse",
    "PreToolUseResult",
    "PostToolUse",
    "PostToolUseFailure",
    "BeforeReadFile",
    "AfterFileEdit",
    "BeforeShellExecution",
    "AfterShellExecution",
];

fn user_file() -> Option<PathBuf> {
    crate::install::in_home(".agents/plugins/hookrun/hooks/hooks.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!("{} fire --output openplugins {event}", how.shell_program());
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
        ("on_failure", Json::str("block")),
    ]))
}
