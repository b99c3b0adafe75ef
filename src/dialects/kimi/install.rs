//! `hookrun install kimi --user`: one `[[hooks]]` table per kimi-cli event in the user's
//! `config.toml` (`$KIMI_SHARE_DIR`, else `~/.kimi`), running `hookrun fire --output kimi
//! <event>`. Kimi runs a hook in its working directory (`HookEngine(cwd=...)`) and sets no
//! project variable, so hookrun finds the project there. Kimi reads no project file: a project
//! install is refused. Kimi Code (`~/.kimi-code/config.toml`) takes the same tables: copy them
//! there, or point `KIMI_SHARE_DIR` at it for the install.

use std::path::PathBuf;

use toml_edit::Value;

use crate::dialects::claude::profile::user_file;
use crate::install::Invocation;
use crate::install::toml_list::TomlHooks;

/// The events of kimi-cli's `HookEventType`, which Kimi Code accepts too.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "Stop",
    "StopFailure",
    "SessionStart",
    "SessionEnd",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "Notification",
];

pub(crate) static INSTALL: TomlHooks = TomlHooks {
    project_file: None,
    user_file: config_file,
    events: EVENTS,
    entry,
};

fn config_file() -> Option<PathBuf> {
    user_file("KIMI_SHARE_DIR", ".kimi", "config.toml")
}

fn entry(event: &str, how: &Invocation) -> Vec<(&'static str, Value)> {
    vec![
        ("event", Value::from(event)),
        (
            "command",
            Value::from(format!(
                "{} fire --output kimi {event}",
                how.shell_program()
            )),
        ),
    ]
}
