//! Mistral Vibe (`mistral-vibe` 3.0.3 on PyPI; its wheel's Python code is the source of these
//! rules): `[[hooks]]` tables (`name`, `type`, `command`, `match`, `timeout`, `strict`) in the
//! project's `.vibe/hooks.toml` (Vibe reads it in trusted folders only) and the user's
//! `$VIBE_HOME/hooks.toml` (`~/.vibe`), the project's first ([`load`]). Three events: `pre_tool`,
//! `post_tool`, `post_agent`. `match` is a case-insensitive glob, or with `re:` a regex, over the
//! whole tool (or agent) name ([`glob`]). Timeouts are seconds, 60. A hook answers with exit 0 and
//! `{"decision": "deny", "reason"}`, `hook_specific_output.tool_input` (which replaces the
//! arguments) or `additional_context`; any other exit is a failure, which denies only with
//! `strict = true` — exit 2 is not special ([`answers`]).

mod answers;
mod glob;
mod install;
mod load;

#[cfg(test)]
mod answers_tests;
#[cfg(test)]
mod load_tests;

use std::collections::HashSet;

use crate::config::format::Format;
use crate::dialects::claude::profile::user_file;
use crate::matching::Target;
use crate::model::answer::Policy;
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level, Source};

/// The Mistral Vibe dialect.
pub(crate) const VIBE: Dialect = Dialect::new(&Vibe);

struct Vibe;

/// `HookType` (vibe/core/hooks/models.py); `_AUTHORABLE_POINTS` (mistralai_vibe_local_harness/
/// vibe/_hook_config.py).
pub(crate) const EVENTS: &[&str] = &["pre_tool", "post_tool", "post_agent"];

impl DialectSpec for Vibe {
    fn name(&self) -> &'static str {
        "vibe"
    }

    /// `HarnessFilesManager.hook_files` (vibe/core/config/harness_files/_harness_manager.py):
    /// `<root>/.vibe/hooks.toml` of each trusted project root, then the user's.
    fn discovery(&self) -> &'static [&'static str] {
        &[".vibe/hooks.toml"]
    }

    /// `$VIBE_HOME/hooks.toml`, else `~/.vibe/hooks.toml` (`get_vibe_home`, vibe/utils/vibe_home.py).
    fn outside_files(&self) -> Vec<SourceFile> {
        user_file("VIBE_HOME", ".vibe", "hooks.toml")
            .map(|path| SourceFile::at(path, Level::User))
            .into_iter()
            .collect()
    }

    /// A hook whose `name` an earlier hook of Vibe's files has is skipped, as
    /// `load_hooks_from_fs` (vibe/core/hooks/config.py) skips it ("Duplicate hook name"): the
    /// project's first, then the user's.
    fn settle(&self, _sources: &[Source], hooks: &mut [Hook]) {
        let mut seen = HashSet::new();
        for hook in hooks.iter_mut().filter(|hook| hook.dialect == VIBE) {
            if let Some(name) = &hook.written_name
                && !seen.insert(name.clone())
            {
                hook.enabled = false;
            }
        }
    }

    /// Names are weighed across files whether or not a file sets a switch.
    fn settles_always(&self) -> bool {
        true
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".vibe" && file == "hooks.toml"
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
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

    /// Tool hooks match the called tool, `post_agent` hooks the agent that finished its turn
    /// (`_tool_scoped`, `_agent_selector`, _foreign_hooks.py).
    fn target(&self, event: &str) -> Target {
        match event {
            "pre_tool" | "post_tool" => Target::Name("tool_name"),
            "post_agent" => Target::Name("agent_name"),
            _ => Target::None,
        }
    }

    /// The payload as Vibe builds it (`_stdin_payload`, `_post_tool_payload`,
    /// `_post_agent_payload`), with `hook_event_name` added when missing.
    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    /// `_spawn_hook_command` passes no `env`: the hook inherits Vibe's environment.
    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        answers::policy(hook, event)
    }

    /// `hook_specific_output.tool_input` is the whole new argument set (`_runtime_tool_input`).
    fn rewrite_replaces_input(&self) -> bool {
        true
    }

    /// "First deny short-circuits the remaining `pre_tool` hooks for this call" (the bundled
    /// `vibe` skill, vibe/core/skills/builtins/vibe.py).
    fn deny_ends_chain(&self, _hook: &Hook, event: &str) -> bool {
        event == "pre_tool"
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&answers::VibeOutput)
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }
}
