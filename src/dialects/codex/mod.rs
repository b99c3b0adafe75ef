//! OpenAI Codex (0.171.0; its hook code read in 0.169.0, whose hook messages and output structs
//! 0.171.0's binary keeps): hooks in `.codex/hooks.json` and inline in `.codex/config.toml`
//! (`[[hooks.PreToolUse]]`), at the project and the user level (`$CODEX_HOME`, default
//! `~/.codex`), both in Claude's shape of matcher groups ([`load`]). Matchers are exact names or
//! an unanchored regex; timeouts are seconds (600; 1 on `SessionEnd` and `Interrupt`). Codex adds
//! no variables of its own. It refuses any answer outside the event's schema, which then counts as
//! a failure of the hook ([`answers`]); `--output codex` answers only with what it accepts
//! ([`output`]).

mod answers;
mod load;
mod output;
mod schema;

#[cfg(test)]
mod answers_tests;
mod install;
#[cfg(test)]
mod load_tests;
#[cfg(test)]
mod output_tests;

use std::path::{Path, PathBuf};

use crate::config::format::Format;
use crate::config::locate::Step;
use crate::config::sources::system_path;
use crate::matching::Target;
use crate::model::Dialect;
use crate::model::Level;
use crate::model::answer::Policy;
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile};
use crate::model::editing::{Editing, Fixed, Layout};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};

/// The Codex dialect.
pub(crate) const CODEX: Dialect = Dialect::new(&Codex);

struct Codex;

/// Codex's hook events, exact PascalCase (0.171.0's app-server `HookEventName`).
const EVENTS: &[&str] = &[
    "PreModelRequest",
    "PostModelRequest",
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "SubagentStart",
    "SubagentStop",
    "Stop",
    "Interrupt",
];

/// The two files of one Codex layer, in the order Codex loads them.
const FILES: [&str; 2] = ["hooks.json", "config.toml"];

impl DialectSpec for Codex {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "codex"
    }

    /// Its `hooks.json`; the inline `[hooks]` of `config.toml` are not edited.
    fn editing(&self, path: &Path) -> Option<Editing> {
        (!is_toml(path)).then_some(EDITING)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".codex/hooks.json", ".codex/config.toml"]
    }

    fn outside_files(&self) -> Vec<SourceFile> {
        // Codex's layers, lowest first: the system's (managed), then `$CODEX_HOME`'s; in each,
        // `hooks.json` before the inline `[hooks]` of `config.toml`.
        let system = system_path("/etc/codex", "/etc/codex");
        let mut files: Vec<SourceFile> = FILES
            .iter()
            .map(|file| SourceFile::at(system.join(file), Level::Managed))
            .collect();
        if let Some(home) = codex_home() {
            files.extend(
                FILES
                    .iter()
                    .map(|file| SourceFile::at(home.join(file), Level::User)),
            );
        }
        files
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".codex" && FILES.contains(&file)
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
        // Its `hooks.json` is Claude's shape: told only by its path.
        false
    }

    fn format_of(&self, path: &Path) -> Format {
        if is_toml(path) {
            Format::Toml
        } else {
            Format::Json
        }
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        if is_toml(&ctx.source.path) {
            load::config_toml(ctx)
        } else {
            load::hooks_json(ctx)
        }
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    fn target(&self, event: &str) -> Target {
        target(event)
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        // Codex sets no variable of its own for a hook (no `CLAUDE_PROJECT_DIR`, no
        // `CODEX_PROJECT_DIR`): its hooks inherit its environment as it is.
        Vec::new()
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        answers::policy(hook, event)
    }

    fn rewrite_replaces_input(&self) -> bool {
        // `updatedInput` replaces `tool_input` whole.
        true
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&output::CodexOutput)
    }

    fn matcher_path(&self, entry: &[Step]) -> Option<Vec<Step>> {
        crate::dialects::claude::group_matcher(entry)
    }
}

/// `$CODEX_HOME`, else `~/.codex`; `None` when neither can be told.
pub(crate) fn codex_home() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    set("CODEX_HOME")
        .map(PathBuf::from)
        .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".codex")))
}

/// `config.toml` (and any `.toml` given with `--dialect codex`) is TOML; the rest is JSON.
fn is_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

/// What a Codex matcher is tested against, by event (`matcher_pattern_for_event`). The events
/// without a target ignore the matcher, even an invalid one.
fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PermissionRequest" | "PostToolUse" => Target::Name("tool_name"),
        "SessionStart" => Target::Name("source"),
        "SessionEnd" => Target::Name("reason"),
        "SubagentStart" | "SubagentStop" => Target::Name("agent_type"),
        "PreCompact" | "PostCompact" => Target::Name("trigger"),
        _ => Target::None,
    }
}

/// Codex's `hooks.json` as `hookrun hooks` edits it: Claude's matcher groups of command handlers
/// (`type` is required), timeouts in seconds, no switch (Codex keeps its per-hook state in
/// `config.toml`).
const EDITING: Editing = Editing {
    layout: Layout::Groups,
    entry_keys: &[("type", Fixed::Str("command"))],
    ..Editing::shell_entries()
};
