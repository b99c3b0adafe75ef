//! `hookrun install prx`: one action per PRX event in the workspace's `hooks.json`, in PRX's exec
//! form (`command` is the program, `args` its arguments) with the envelope on stdin
//! (`stdin_json`). PRX runs an action in the workspace, which is the project. PRX hooks only
//! observe, so hookrun here audits and never blocks. hookrun, run from this action, reads
//! `hooks.json` too, and skips the action whose program is hookrun itself.

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout, no_user_file};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: "hooks.json",
    user_file: no_user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    // The PATH of PRX's sanitised environment (`execute::job::SAFE_PATH`, a layer above).
    hook_path: Some("/usr/local/bin:/usr/bin:/bin"),
};

fn entry(event: &str, how: &Invocation) -> Json {
    Json::object([
        ("command", Json::String(how.program.clone())),
        (
            "args",
            Json::Array(vec![Json::str("fire"), Json::str(event)]),
        ),
        ("stdin_json", Json::Bool(true)),
    ])
}
