//! `hookrun install openhands`: one match-all group per OpenHands event in
//! `.openhands/hooks.json` (or the user's `hooks.json`, with `--user`), in the wrapped form the
//! SDK documents (`{"hooks": {"PreToolUse": [...]}}`), running
//! `hookrun -C "$OPENHANDS_PROJECT_DIR" fire --output openhands <event>`. The SDK runs the
//! command with `shell=True` and sets `OPENHANDS_PROJECT_DIR` to its working directory
//! (`HookExecutor.execute`). With `--output openhands` hookrun skips OpenHands' own files, so the
//! installed entry never runs itself. The SDK reads the user's file only where the project has
//! none (`HookConfig.load`).

use std::path::PathBuf;

use crate::dialects::claude::install::group;
use crate::install::json::Json;
use crate::install::{Invocation, JsonHooks, Layout};

pub(crate) static INSTALL: JsonHooks = JsonHooks {
    project_file: ".openhands/hooks.json",
    user_file,
    layout: Layout::EventMap,
    preamble: Vec::new,
    events: super::EVENTS,
    entry,
    hook_path: None,
};

/// `get_user_persistence_dir() / "hooks.json"` (`utils/path.py`): `$OH_PERSISTENCE_DIR`, else
/// `~/.openhands`.
pub(super) fn user_file() -> Option<PathBuf> {
    crate::dialects::claude::profile::user_file("OH_PERSISTENCE_DIR", ".openhands", "hooks.json")
}

fn entry(event: &str, how: &Invocation) -> Json {
    let command = format!(
        "{} -C \"$OPENHANDS_PROJECT_DIR\" fire --output openhands {event}",
        how.shell_program()
    );
    group(Json::object([
        ("type", Json::str("command")),
        ("command", Json::String(command)),
    ]))
}
