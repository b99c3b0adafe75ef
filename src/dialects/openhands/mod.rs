//! OpenHands (the `openhands-sdk` Python package, 1.58.2; `openhands/sdk/hooks/`). Its hook file
//! is Claude's shape with OpenHands' own rules, so it is code here rather than a Claude
//! [`Profile`](crate::dialects::claude::profile::Profile):
//!
//! - the first of `.openhands/hooks.json` and `$OH_PERSISTENCE_DIR/hooks.json` (else
//!   `~/.openhands/hooks.json`) that exists is read, the other not (`HookConfig.load`,
//!   `config.py`), which [`OpenHands::settle`] enforces;
//! - the events may be keyed in PascalCase, camelCase or snake_case, with or without the `hooks`
//!   wrapper, and an unknown or doubled event fails the whole file ([`load`]);
//! - matchers are `*`, `""`, `/regex/`, a regex when the text has a metacharacter, else the exact
//!   tool name, every regex matching the whole name (`HookMatcher.matches`), and only a match-all
//!   matcher selects a hook of an event without a tool;
//! - a hook gets the `HookEvent` JSON (`event_type`, `tool_name`, `tool_input`, …) and
//!   `OPENHANDS_*` variables ([`payload`]); its answer is read by `HookExecutor.execute`'s rules
//!   ([`answer`]); `--output openhands` answers in them ([`output`]).

mod answer;
mod definition;
mod install;
mod load;
mod output;
mod payload;

use std::path::Path;

use crate::config::locate::Step;
use crate::matching::{Flavour, Syntax, Target};
use crate::model::answer::Policy;
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile};
use crate::model::editing::{Editing, Fixed, Layout};
use crate::model::hook::{EventSelector, Hook};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level, Source};

/// The OpenHands dialect.
pub(crate) const OPENHANDS: Dialect = Dialect::new(&OpenHands);

/// `HookMatcher.matches` (`config.py`): `*` or `""` match every tool; `/…/` is an explicit regex
/// (`re.fullmatch`, an invalid one matches nothing); a text with one of `|.*+?[]()^$\` is a
/// `re.fullmatch` regex (an invalid one falls through to the exact match); else the exact name.
pub(crate) const FLAVOUR: Flavour = Flavour::SlashedOrWholeRegexOrExact(Syntax::Python);

/// `HookEventType` (`types.py`), in its order: the names `event_type` carries.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "SessionStart",
    "SessionEnd",
    "Stop",
];

/// The events whose block the SDK acts on (`HookManager.run_pre_tool_use`,
/// `run_user_prompt_submit`, `run_stop`: `execute_all(…, stop_on_block=True)`); the other three
/// run every hook and ignore what they say.
const BLOCKING_EVENTS: &[&str] = &["PreToolUse", "UserPromptSubmit", "Stop"];

struct OpenHands;

impl DialectSpec for OpenHands {
    fn name(&self) -> &'static str {
        "openhands"
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".openhands/hooks.json"]
    }

    /// `get_user_persistence_dir() / "hooks.json"` (`utils/path.py`: `$OH_PERSISTENCE_DIR`,
    /// else `~/.openhands`).
    fn outside_files(&self) -> Vec<SourceFile> {
        install::user_file()
            .map(|path| SourceFile::at(path, Level::User))
            .into_iter()
            .collect()
    }

    /// `HookConfig.load` takes the first file of its search list that exists: a project file,
    /// even one without hooks, leaves the user's unread.
    fn settle(&self, sources: &[Source], hooks: &mut [Hook]) {
        let own =
            |source: &Source, level: Level| source.dialect == OPENHANDS && source.level == level;
        if !sources.iter().any(|source| own(source, Level::Project)) {
            return;
        }
        for hook in hooks.iter_mut() {
            if sources
                .get(hook.source)
                .is_some_and(|source| own(source, Level::User))
            {
                hook.enabled = false;
            }
        }
    }

    fn settles_always(&self) -> bool {
        true
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".openhands" && file == "hooks.json"
    }

    /// Its wrapped form is Claude's shape: only the path tells.
    fn recognises(&self, _sniff: Sniff) -> bool {
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// Any spelling `_pascal_to_snake` turns into one of the six fields.
    fn is_known_event(&self, event: &str) -> bool {
        load::canonical(event).is_some()
    }

    /// `fire pre_tool_use` and `fire PreToolUse` are one event; hooks are keyed by its
    /// `HookEventType` name whatever spelling their file used.
    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        match selector {
            EventSelector::Named(name) => load::canonical(event).unwrap_or(event) == name,
            _ => false,
        }
    }

    /// Every event tests the tool name: `get_hooks_for_event(event_type, tool_name)` passes none
    /// for the events without a tool, which only a match-all matcher selects.
    fn target(&self, _event: &str) -> Target {
        Target::Name("tool_name")
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        payload::HOOK_EVENT
    }

    fn environment(&self, _: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        payload::environment(ctx)
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["OPENHANDS_PROJECT_DIR"]
    }

    /// `HookExecutor.execute`'s reading; a block counts on the three events whose manager acts
    /// on it.
    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        let blocking = BLOCKING_EVENTS.contains(&canonical_event(event));
        let base = Policy::filter(hook);
        Policy {
            can_block: base.can_block && blocking,
            reads: Some(answer::read),
            ..base
        }
    }

    /// `execute_all(…, stop_on_block=True)` on the three blocking events.
    fn deny_ends_chain(&self, _hook: &Hook, event: &str) -> bool {
        BLOCKING_EVENTS.contains(&canonical_event(event))
    }

    /// `HookManager.get_blocking_reason`: the first blocked result's reason.
    fn first_deny_reason_only(&self) -> bool {
        true
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&output::OpenHandsOutput)
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    /// Claude's matcher groups, for a file in the wrapped form (`{"hooks": {…}}`) or not yet
    /// written: in the bare form a `hooks` key added beside the events would hide them all
    /// (`_normalize_hooks_input` reads only the wrapper when it is there).
    fn editing(&self, path: &Path) -> Option<Editing> {
        let wrapped = match std::fs::read_to_string(path) {
            Ok(text) => load::is_wrapped(&text),
            Err(error) => error.kind() == std::io::ErrorKind::NotFound,
        };
        wrapped.then_some(Editing {
            layout: Layout::Groups,
            entry_keys: &[("type", Fixed::Str("command"))],
            ..Editing::shell_entries()
        })
    }

    fn matcher_path(&self, entry: &[Step]) -> Option<Vec<Step>> {
        crate::dialects::claude::group_matcher(entry)
    }
}

/// The `HookEventType` name of `event` in any spelling the file may use, else `event`.
fn canonical_event(event: &str) -> &str {
    load::canonical(event).unwrap_or(event)
}

#[cfg(test)]
#[path = "dialect_tests.rs"]
mod dialect_tests;
