//! Crush (charmbracelet/crush, its Go code at the mirrored snapshot: `internal/hooks/*.go`,
//! `internal/config/config.go` and `load.go`, `internal/agent/hooked_tool.go`): a `hooks` object
//! of `crush.json`, `.crush.json` and `.crush/crush.json` in the project and of the user's
//! `crush.json` files, each event a list of `{name?, matcher?, command, timeout?}` ([`load`]).
//! One event, `PreToolUse` (any case, `_` ignored). The matcher is an unanchored Go regex over the
//! tool name; timeouts are whole seconds (30). Hooks get `{event, session_id, cwd, tool_name,
//! tool_input}` and `CRUSH_*` variables ([`payload`]). Exit 2 blocks the call, exit 49 halts the
//! turn; exit 0 answers with Crush's `decision`/`halt`/`reason`/`context`/`updated_input` or
//! Claude's `hookSpecificOutput` ([`answers`]).

mod answers;
mod install;
mod load;
mod payload;

#[cfg(test)]
mod answers_tests;
#[cfg(test)]
mod load_tests;

use std::path::PathBuf;

use crate::config::sources::{env_dir, home_path, system_path};
use crate::matching::Target;
use crate::model::answer::Policy;
use crate::model::dialect::{
    AgentOutput, DialectSpec, EventContext, FileOrder, Shape, Sniff, SourceFile,
};
use crate::model::hook::{EventSelector, Hook};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level};

/// The Crush dialect.
pub(crate) const CRUSH: Dialect = Dialect::new(&Crush);

struct Crush;

/// `EventPreToolUse` (internal/hooks/hooks.go): the one event Crush fires.
pub(crate) const EVENTS: &[&str] = &["PreToolUse"];

impl DialectSpec for Crush {
    fn name(&self) -> &'static str {
        "crush"
    }

    /// `hookrun hooks` edits its flat entries: `command`, `matcher`, `timeout` in seconds; Crush
    /// has no switch.
    fn editing(&self, _path: &std::path::Path) -> Option<crate::model::editing::Editing> {
        Some(crate::model::editing::Editing::shell_entries())
    }

    /// `lookupConfigs` (internal/config/load.go) reads `crush.json` before `.crush.json` (the later
    /// wins a conflict), and `Load` the workspace's `.crush/crush.json` last.
    fn discovery(&self) -> &'static [&'static str] {
        &["crush.json", ".crush.json", ".crush/crush.json"]
    }

    /// `systemConfigPath` (`/etc/crush/crush.json`, config_unix.go), `GlobalConfig()` and
    /// `GlobalConfigData()` (load.go), in that order.
    fn outside_files(&self) -> Vec<SourceFile> {
        let mut files = vec![SourceFile::at(
            system_path("/etc/crush/crush.json", "/etc/crush/crush.json"),
            Level::Managed,
        )];
        files.extend(
            [global_config(), global_data()]
                .into_iter()
                .flatten()
                .map(|path| SourceFile::at(path, Level::User)),
        );
        files
    }

    /// Crush merges the global files first, then the project's: hooks run in that order.
    fn file_order(&self) -> FileOrder {
        FileOrder::OutsideFirst
    }

    fn claims_path(&self, _parent: &str, file: &str) -> bool {
        file == "crush.json" || file == ".crush.json"
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
        // Told by its name: its flat entries look like other agents'.
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// `normalizeHookEvent` (load.go): case-insensitive, `_` ignored (`pre_tool_use`).
    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        match selector {
            EventSelector::Named(name) => {
                load::normalize_event(name) == load::normalize_event(event)
            }
            _ => false,
        }
    }

    fn target(&self, event: &str) -> Target {
        if load::normalize_event(event) == "PreToolUse" {
            Target::Name("tool_name")
        } else {
            Target::None
        }
    }

    /// `Runner.Run` deduplicates by command string.
    fn runs_named_command_once(&self) -> bool {
        true
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        payload::SHAPE
    }

    fn environment(
        &self,
        _hook: &Hook,
        ctx: &EventContext<'_>,
        _payload: &[u8],
    ) -> Vec<(String, String)> {
        payload::environment(ctx)
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["CRUSH_PROJECT_DIR"]
    }

    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        let mut policy = Policy::filter(hook);
        policy.read_output = Some(answers::read);
        policy
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&answers::CrushOutput)
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }
}

/// `GlobalConfig()`: `$CRUSH_GLOBAL_CONFIG/crush.json`, else `crush/crush.json` in
/// `$XDG_CONFIG_HOME` (else `~/.config`).
pub(crate) fn global_config() -> Option<PathBuf> {
    env_dir("CRUSH_GLOBAL_CONFIG")
        .or_else(|| env_dir("XDG_CONFIG_HOME").map(|dir| dir.join("crush")))
        .or_else(|| home_path(".config/crush"))
        .map(|dir| dir.join("crush.json"))
}

/// `GlobalConfigData()`: `$CRUSH_GLOBAL_DATA/crush.json`, else `crush/crush.json` in
/// `$XDG_DATA_HOME` (else `~/.local/share`).
fn global_data() -> Option<PathBuf> {
    env_dir("CRUSH_GLOBAL_DATA")
        .or_else(|| env_dir("XDG_DATA_HOME").map(|dir| dir.join("crush")))
        .or_else(|| home_path(".local/share/crush"))
        .map(|dir| dir.join("crush.json"))
}
