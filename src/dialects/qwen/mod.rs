//! Qwen Code (`@qwen-code/qwen-code` 0.24.4) as a Claude-shaped [`Profile`]: Claude's matcher
//! groups in `.qwen/settings.json`, `~/.qwen/settings.json` (or `$QWEN_HOME`) and the system
//! files; its own event list and tool ids (`run_shell_command`, `write_file`); `timeout` in
//! seconds (default 60) except that a command hook's `timeout` of 1000 or more counts
//! milliseconds; `QWEN_PROJECT_DIR`, `CLAUDE_PROJECT_DIR` and `GEMINI_PROJECT_DIR` in every
//! command hook's environment; Claude's answers (`--output qwen` is Claude's output).
//! Facts are from its bundled code (`chunks/*.js`), which wins where its docs differ.

mod install;
mod levels;
mod tools;

use std::time::Duration;

use crate::dialects::claude::load::{SettingsShape, TimeoutUnit};
use crate::dialects::claude::output::ClaudeOutput;
use crate::dialects::claude::profile::Profile;
use crate::matching::Target;
use crate::model::Dialect;

/// The Qwen Code dialect.
pub(crate) const QWEN: Dialect = Dialect::new(&PROFILE);

/// Qwen Code, as data.
static PROFILE: Profile = Profile {
    name: "qwen",
    discovery: &[".qwen/settings.json"],
    dir: ".qwen",
    files: &[],
    load: crate::dialects::claude::load::load_settings,
    settle: None,
    outside_files: levels::outside_files,
    events: EVENTS,
    target,
    settings: SettingsShape {
        // The profile names itself: a static may hold its own address.
        dialect: Dialect::new(&PROFILE),
        handler_keys: HANDLER_KEYS,
        // `DEFAULT_COMMAND_HOOK_TIMEOUT_SECONDS = 60` (hooks/hook-timeout.ts).
        default_timeout: Duration::from_secs(60),
        // `LEGACY_MILLISECOND_TIMEOUT_THRESHOLD = 1e3`: 1000 or more keeps its old meaning.
        timeout_unit: TimeoutUnit::SecondsBelow(1000),
        kinds: &["http", "prompt"],
        flavour: crate::dialects::claude::FLAVOUR,
        finish: None,
    },
    // `GEMINI_PROJECT_DIR`, `CLAUDE_PROJECT_DIR`, `QWEN_PROJECT_DIR: input.cwd` (hookRunner).
    project_dir_vars: &[
        "QWEN_PROJECT_DIR",
        "CLAUDE_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
    ],
    // Plain stdout is model context on these three; a system message elsewhere.
    text_context_events: &["SessionStart", "UserPromptSubmit", "UserPromptExpansion"],
    // The command runner parses stdout (stderr on exit 2) and never checks `hookEventName`: an
    // answer without it is read, and exit 2 reads stderr only (hookRunner).
    claude_answer_screen: false,
    runs_named_command_once: true,
    disable_all_hooks: true,
    output: Some(&ClaudeOutput),
    installer: Some(&install::INSTALL),
};

/// `HookEventName` (hooks/types.ts), in its order.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "Stop",
    "MessageDisplay",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
    "SessionDelete",
    "PermissionRequest",
    "PermissionDenied",
    "StopFailure",
    "TodoCreated",
    "TodoCompleted",
    "InstructionsLoaded",
];

/// A handler's keys across Qwen's command, http and prompt hooks.
const HANDLER_KEYS: &[&str] = &[
    "type",
    "command",
    "name",
    "description",
    "timeout",
    "async",
    "env",
    "shell",
    "statusMessage",
    "once",
    "url",
    "headers",
    "allowedEnvVars",
    "prompt",
    "model",
];

/// `getHookMatcherTarget` (hooks/hookPlanner.ts): the payload field each event's matcher tests;
/// the tool events' matchers also name the tool by its aliases ([`tools`]).
fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" | "PostToolUseFailure" | "PermissionRequest"
        | "PermissionDenied" => Target::Aliased {
            field: "tool_name",
            aliases: tools::ALIASES,
        },
        "SubagentStart" | "SubagentStop" => Target::Name("agent_type"),
        "PreCompact" | "PostCompact" => Target::Name("trigger"),
        "SessionStart" => Target::Name("source"),
        "SessionEnd" => Target::Name("reason"),
        "StopFailure" => Target::Name("error"),
        "Notification" => Target::Name("notification_type"),
        "InstructionsLoaded" => Target::Name("file_path"),
        "UserPromptExpansion" => Target::Name("command_name"),
        _ => Target::None,
    }
}

#[cfg(test)]
#[path = "profile_tests.rs"]
mod profile_tests;
