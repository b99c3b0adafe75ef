//! Factory Droid (`@factory/cli` 0.225, its Linux binary `@factory/cli-linux-x64` 0.225.2) as a
//! Claude-shaped [`Profile`]: Claude's matcher groups under nine of Claude's events, in a
//! `.factory` folder's `hooks.json` (the event map at the top level) or the `hooks` key of its
//! `settings.json`, where a `hooks.json` event replaces the settings' groups of that event
//! ([`files`]); the user's `~/.factory` and the system's `/etc/factory/settings.json` beside the
//! project's; `timeout` in seconds (default 60); `FACTORY_PROJECT_DIR`, `DROID_PROJECT_DIR` and
//! `CLAUDE_PROJECT_DIR` in every hook's environment; Claude's answers (`--output droid` is
//! Claude's output). Facts are from the bundled JavaScript of the binary (quoted by its
//! function names, which are minified), checked against <https://docs.factory.ai/harness/hooks>.

mod files;
mod install;

use std::time::Duration;

use crate::dialects::claude::load::{SettingsShape, TimeoutUnit};
use crate::dialects::claude::output::ClaudeOutput;
use crate::dialects::claude::profile::Profile;
use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;

/// The Factory Droid dialect.
pub(crate) const DROID: Dialect = Dialect::new(&PROFILE);

/// Factory Droid, as data.
static PROFILE: Profile = Profile {
    name: "droid",
    discovery: &[
        ".factory/hooks/hooks.json",
        ".factory/hooks.json",
        ".factory/settings.json",
    ],
    dir: ".factory",
    files: &["hooks.json"],
    load: files::load,
    settle: Some(files::settle),
    outside_files: files::outside_files,
    events: EVENTS,
    target,
    settings: SettingsShape {
        dialect: Dialect::new(&PROFILE),
        // `We = {type: "command", command, timeout?, preserveRiskLevel?}`: command hooks only.
        handler_keys: &["type", "command", "timeout", "preserveRiskLevel"],
        // `executeCommand(B.command, r, B.timeout || 60, …)`, in seconds (`timeout * 1000`).
        default_timeout: Duration::from_secs(60),
        timeout_unit: TimeoutUnit::Seconds,
        kinds: &[],
        flavour: FLAVOUR,
        finish: None,
    },
    // `executeCommand`: `FACTORY_PROJECT_DIR: y, DROID_PROJECT_DIR: y, CLAUDE_PROJECT_DIR: y`.
    project_dir_vars: &[
        "FACTORY_PROJECT_DIR",
        "DROID_PROJECT_DIR",
        "CLAUDE_PROJECT_DIR",
    ],
    // `R8`: on exit 0 `additionalContext`, else plain stdout, is the context of these events.
    text_context_events: &["SessionStart", "UserPromptSubmit"],
    // The runner parses stdout that starts with `{` and copies `hookSpecificOutput` without
    // looking at `hookEventName`; exit 2 blocks with stderr (`G.stderr || "…blocked by hook"`).
    claude_answer_screen: false,
    runs_named_command_once: false,
    // `hooks.hooksDisabled` (`getHooksDisabled`), read by [`files::load`].
    disable_all_hooks: true,
    output: Some(&ClaudeOutput),
    installer: Some(&install::INSTALL),
};

/// `cF(matcher, value)`: empty or `*` matches everything, an equal name matches, anything else
/// is `new RegExp(matcher).test(value)`, unanchored.
const FLAVOUR: Flavour = Flavour::RegexOrSubstring(Syntax::EcmaScript);

/// `VL = x(["PreToolUse", …, "SessionEnd"])`, the keys of the hooks schema `xl`, in its order.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "Notification",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "PreCompact",
    "SessionStart",
    "SessionEnd",
];

/// The tool events test the tool's name; the docs give `SessionStart` (`startup`, `resume`, …)
/// and `PreCompact` (`manual`, `auto`) matchers as Claude's (docs.factory.ai,
/// reference/hooks-reference).
fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" => Target::Name("tool_name"),
        "SessionStart" => Target::Name("source"),
        "PreCompact" => Target::Name("trigger"),
        _ => Target::None,
    }
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod files_tests;
