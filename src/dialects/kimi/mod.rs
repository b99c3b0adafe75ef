//! Kimi (kimi-cli 1.52.0 on PyPI, whose Python code is the source of these rules, and Kimi Code
//! 2.1.0 on npm, whose bundled `dist/main.mjs` reads the same table): hooks are a flat list of
//! `[[hooks]]` tables (`event`, `matcher`, `command`, `timeout`) in the user's `config.toml`,
//! `$KIMI_SHARE_DIR` or `~/.kimi` for kimi-cli, `$KIMI_CODE_HOME` or `~/.kimi-code` for Kimi Code
//! ([`load`]). There is no project file. Events are Claude Code's names; a matcher is an
//! unanchored regex (`re.search`); timeouts are whole seconds (30, at most 600). Matching hooks
//! run in parallel, a command once. Only exit 2 or a `hookSpecificOutput.permissionDecision` of
//! `deny` blocks, on `PreToolUse`, `UserPromptSubmit` and `Stop` (which then goes on with the
//! reason as the next prompt); everything else, timeouts included, fails open ([`answers`]).

mod answers;
mod install;
mod load;

#[cfg(test)]
mod answers_tests;
#[cfg(test)]
mod load_tests;

use std::path::PathBuf;

use crate::config::format::Format;
use crate::dialects::claude::profile::user_file;
use crate::matching::Target;
use crate::model::answer::Policy;
use crate::model::dialect::{
    AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile, TimeoutRule,
};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level};

/// The Kimi dialect.
pub(crate) const KIMI: Dialect = Dialect::new(&Kimi);

struct Kimi;

/// `HookEventType` (kimi_cli/hooks/config.py), then the events only Kimi Code 2.1.0 adds
/// (`HOOK_EVENT_TYPES`, agent-core-v2 `features/externalHooks/internal/types.ts`).
pub(crate) const EVENTS: &[&str] = &[
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
    "PermissionRequest",
    "PermissionResult",
    "UserPromptQueued",
    "TurnStarted",
    "Interrupt",
    "SessionHeartbeat",
    "TaskStarted",
];

/// The two programs' data directories, which hold `config.toml`.
const DIRS: [&str; 2] = [".kimi", ".kimi-code"];

impl DialectSpec for Kimi {
    fn name(&self) -> &'static str {
        "kimi"
    }

    /// Kimi reads no project file: its hooks live in the user's `config.toml` only.
    fn discovery(&self) -> &'static [&'static str] {
        &[]
    }

    fn outside_files(&self) -> Vec<SourceFile> {
        user_files()
            .into_iter()
            .map(|path| SourceFile::at(path, Level::User))
            .collect()
    }

    /// `config.toml` in a `.kimi` or `.kimi-code` directory (Codex's is `.codex/config.toml`).
    fn claims_path(&self, parent: &str, file: &str) -> bool {
        DIRS.contains(&parent) && file == "config.toml"
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
        // A TOML file: told by its path (or `--dialect kimi`).
        false
    }

    fn format(&self) -> Format {
        Format::Toml
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    fn target(&self, event: &str) -> Target {
        target(event)
    }

    /// `HookEngine.trigger` runs a command once per event, whichever entries name it.
    fn runs_named_command_once(&self) -> bool {
        true
    }

    /// The payload of `kimi_cli/hooks/events.py` (`hook_event_name`, `session_id`, `cwd`, then
    /// the event's fields), as the agent sends it: hookrun adds `hook_event_name` when missing.
    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    /// `run_hook` (kimi_cli/hooks/runner.py) passes no `env`: a hook inherits Kimi's
    /// environment and gets no variable of its own.
    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        answers::policy(hook, event)
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&answers::KimiOutput)
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    /// `timeout: int = Field(default=30, ge=1, le=600)` (kimi_cli/hooks/config.py): Kimi refuses
    /// the whole configuration above 600 seconds.
    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule {
            max: std::time::Duration::from_secs(load::MAX_TIMEOUT),
            severity: crate::config::diagnostics::Severity::Error,
            key: "timeout",
            unit: "seconds",
        }
    }
}

/// kimi-cli's `config.toml` (`get_share_dir`, kimi_cli/share.py: `$KIMI_SHARE_DIR`, else
/// `~/.kimi`), then Kimi Code's (`$KIMI_CODE_HOME`, else `~/.kimi-code`).
pub(crate) fn user_files() -> Vec<PathBuf> {
    [
        user_file("KIMI_SHARE_DIR", DIRS[0], "config.toml"),
        user_file("KIMI_CODE_HOME", DIRS[1], "config.toml"),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The value each event's matcher is tested against: the `matcher_value` the callers pass to
/// `HookEngine.trigger` (kimi_cli/soul/toolset.py, kimisoul.py, subagents/runner.py,
/// cli/__init__.py), which is also in the payload under these names. `Stop` passes none (an empty
/// string, which only an empty or always-matching pattern finds).
fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" | "PostToolUseFailure" | "PermissionRequest"
        | "PermissionResult" => Target::Name("tool_name"),
        "UserPromptSubmit" | "UserPromptQueued" => Target::Name("prompt"),
        "StopFailure" => Target::Name("error_type"),
        "SessionStart" => Target::Name("source"),
        "SessionEnd" => Target::Name("reason"),
        "SubagentStart" | "SubagentStop" => Target::Name("agent_name"),
        "PreCompact" | "PostCompact" => Target::Name("trigger"),
        "Notification" => Target::Name("notification_type"),
        "TaskStarted" => Target::Name("kind"),
        "TurnStarted" => Target::Name("origin_kind"),
        _ => Target::None,
    }
}
