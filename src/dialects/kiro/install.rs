//! `hookrun install kiro`: a hooks file of hookrun's own, `.kiro/hooks/hookrun.json`
//! (`{"version": "v1", "hooks": [...]}`, Kiro's one-file-per-set layout), with one hook per Kiro
//! trigger running `hookrun fire --output kiro <trigger>`. The entry names no directory: it relies
//! on Kiro running hooks in the workspace, whose directory the hook event carries as `cwd` (an
//! open point on `docs/dialects/kiro.md`). Other hooks in the file
//! are kept; uninstalling removes the file once only hookrun's hooks were in it. Kiro documents
//! no user-level hooks directory, so there is no `--user` file. With `--output kiro` hookrun skips
//! Kiro's own files, so the entry never runs itself.

use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".kiro/hooks/hookrun.json",
    user_file: crate::install::no_user_file,
    layout: Layout::EntryList,
    preamble,
    events: INSTALLED_EVENTS,
    entry,
    hook_path: None,
};

/// Every trigger but `Manual`, which the user fires by hand and which cannot block.
const INSTALLED_EVENTS: &[&str] = &[
    "SessionStart",
    "Stop",
    "PreToolUse",
    "PostToolUse",
    "PreTaskExec",
    "PostTaskExec",
    "UserPromptSubmit",
    "PostFileCreate",
    "PostFileSave",
    "PostFileDelete",
];

fn preamble() -> Vec<(String, Json)> {
    vec![("version".to_owned(), Json::String("v1".to_owned()))]
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!("{} fire --output kiro {event}", how.shell_program());
    Json::object([
        ("name", Json::String(format!("hookrun-kiro-{event}"))),
        ("trigger", Json::str(event)),
        (
            "action",
            Json::object([
                ("type", Json::str("command")),
                ("command", Json::String(command)),
            ]),
        ),
    ])
}
