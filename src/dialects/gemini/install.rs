//! `hookrun install gemini`: one group per Gemini CLI event in `.gemini/settings.json` (or
//! `~/.gemini/settings.json` with `--user`), its handler named `hookrun-<event>` (Gemini's
//! `hooksConfig.disabled` lists hooks by name). With `--output gemini` hookrun skips Gemini's own
//! file.
//!
//! The project is `"${GEMINI_PROJECT_DIR}"`, braced: Gemini replaces `$GEMINI_PROJECT_DIR` in the
//! command text with a shell-quoted path before the shell reads it (`hookRunner.expandCommand`),
//! and inside double quotes those quotes would become part of the path (`'/my project:1'`);
//! braced, the text is left alone and the shell reads the variable Gemini also sets.

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".gemini/settings.json",
    user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn user_file() -> Option<PathBuf> {
    crate::install::in_home(".gemini/settings.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"${{GEMINI_PROJECT_DIR}}\" fire --output gemini {event}",
        how.shell_program()
    );
    group(Json::object([
        ("name", Json::String(format!("hookrun-{event}"))),
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
