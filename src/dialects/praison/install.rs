//! `hookrun install praison`: one entry per PraisonAI event in `.praison/hooks.json`, named
//! `hookrun`. PraisonAI has no answer mode of hookrun's: it reads hookrun's own decision document
//! (`decision`, `reason`, exit 2 on a block). PraisonAI writes the project directory, unquoted, into
//! the command text for `$PRAISON_PROJECT_DIR` before the shell reads it; the entry writes the
//! variable braced (`"${PRAISON_PROJECT_DIR}"`), which that replacement leaves alone, so the shell
//! reads the variable PraisonAI also sets and a `"` or `$` in the path stays part of it.
//! hookrun, run from this entry, reads `.praison/hooks.json` too, and skips the entry whose program
//! is hookrun itself.

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout, no_user_file};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".praison/hooks.json",
    user_file: no_user_file,
    layout: Layout::EntryList,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"${{PRAISON_PROJECT_DIR}}\" fire {event}",
        how.shell_program()
    );
    Json::object([
        ("name", Json::String(format!("hookrun-{event}"))),
        ("event", Json::str(event)),
        ("command", Json::String(command)),
    ])
}
