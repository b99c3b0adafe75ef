//! `hookrun install proxyai`: one entry per ProxyAI event in `.proxyai/settings.json`
//! (`preToolUse`, the alias of `beforeToolUse`, is left out: it would run hookrun twice). With
//! `--output proxyai` hookrun skips ProxyAI's own file.

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout, no_user_file};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".proxyai/settings.json",
    user_file: no_user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: EVENTS,
    entry,
    hook_path: None,
};

/// ProxyAI's events without the alias.
const EVENTS: &[&str] = &[
    "beforeToolUse",
    "afterToolUse",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeReadFile",
    "afterFileEdit",
    "subagentStart",
    "subagentStop",
    "stop",
];

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$PROXYAI_PROJECT_DIR\" fire --output proxyai {event}",
        how.shell_program()
    );
    Json::object([("command", Json::String(command))])
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_event_but_the_alias_is_installed() {
        let mut expected: Vec<&str> = super::super::EVENTS.to_vec();
        expected.retain(|e| *e != "preToolUse");
        assert_eq!(super::EVENTS, expected);
    }
}
