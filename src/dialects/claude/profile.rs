//! Claude-shaped agents as data: a [`Profile`] holds what such an agent changes of Claude Code
//! (where its settings files are, its events and matcher targets, its timeout unit, the
//! variables a hook gets, the events whose plain stdout is context, its output and installer),
//! and one [`DialectSpec`] implementation reads every profile. An agent whose settings are
//! Claude's `hooks` → event → matcher groups → handlers is then one `static` in its own folder;
//! only what truly differs is code, in the functions a profile names.
//!
//! Claude Code itself stays its own implementation ([`super::Claude`]): plugins, managed-only
//! hooks and `CLAUDE_ENV_FILE` are Claude's alone.

use std::path::{Path, PathBuf};

use crate::config::locate::Step;
use crate::matching::Target;
use crate::model::answer::Policy;
use crate::model::dialect::{
    AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile, TimeoutRule,
    default_timeout_rule,
};
use crate::model::editing::{Editing, TimeUnit, TimeoutKey};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level, Source};

use super::load::{SettingsShape, TimeoutUnit};

/// How a profile's files hide one another's hooks ([`DialectSpec::settle`] for one dialect).
pub(crate) type SettleFn = fn(Dialect, &[Source], &mut [Hook]);

/// One Claude-shaped agent, as data.
pub(crate) struct Profile {
    /// The dialect's name (`--dialect`, `--output`, `install`).
    pub(crate) name: &'static str,
    /// The agent's project files, relative to the project directory; a name ending in
    /// `.local.json` is at [`Level::Local`], the rest at [`Level::Project`].
    pub(crate) discovery: &'static [&'static str],
    /// The directory its settings files sit in (`.qwen`): a `settings*.json` there is its file.
    pub(crate) dir: &'static str,
    /// Other files of its own in `dir` besides `settings*.json` (Droid's `hooks.json`).
    pub(crate) files: &'static [&'static str],
    /// Loads one of its files ([`super::load::load_settings`] for plain Claude-shaped settings).
    pub(crate) load: fn(&LoadContext<'_>, &SettingsShape) -> DialectLoad,
    /// What the agent does across its files beyond `disableAllHooks` (Droid's `hooks.json`
    /// replacing the settings' hooks), run after it.
    pub(crate) settle: Option<SettleFn>,
    /// Its files outside the project (system, user), each with its level, in the order the
    /// agent merges them (later ones override earlier ones).
    pub(crate) outside_files: fn() -> Vec<SourceFile>,
    /// Its hook events, as written in the settings file.
    pub(crate) events: &'static [&'static str],
    /// What a matcher is tested against on each event.
    pub(crate) target: fn(&str) -> Target,
    /// How its settings file reads: handler keys and kinds, default timeout, timeout unit,
    /// matcher flavour.
    pub(crate) settings: SettingsShape,
    /// The variables every command hook gets, each set to the project directory.
    pub(crate) project_dir_vars: &'static [&'static str],
    /// The events whose plain (non-JSON) stdout is context for the model.
    pub(crate) text_context_events: &'static [&'static str],
    /// Claude's own screen of answers ([`super::answers`]): a `hookSpecificOutput` without the
    /// fired event's `hookEventName` drops the answer, and on exit 2 a JSON deny's reason goes
    /// ahead of stderr. Without it every JSON object is read, and exit 2 tells stderr.
    pub(crate) claude_answer_screen: bool,
    /// Whether one command listed by several matching groups runs once per event.
    pub(crate) runs_named_command_once: bool,
    /// `disableAllHooks` in the merged settings turns every hook of the agent off.
    pub(crate) disable_all_hooks: bool,
    /// `fire --output <name>`, when the agent reads an answer hookrun can give.
    pub(crate) output: Option<&'static dyn AgentOutput>,
    /// `hookrun install <name>`, when the agent can be wired to hookrun.
    pub(crate) installer: Option<&'static dyn crate::install::Installer>,
}

impl Profile {
    /// This profile's handle.
    fn dialect(&self) -> Dialect {
        self.settings.dialect
    }
}

impl DialectSpec for Profile {
    fn name(&self) -> &'static str {
        self.name
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        self.installer
    }

    /// Claude's editing, with the timeout written in the unit the profile reads; a file of
    /// [`Profile::files`] has its own shape, which `hookrun hooks` does not edit.
    fn editing(&self, path: &Path) -> Option<Editing> {
        if path
            .file_name()
            .is_some_and(|name| self.files.iter().any(|file| name == *file))
        {
            return None;
        }
        let unit = match self.settings.timeout_unit {
            TimeoutUnit::Seconds => TimeUnit::Seconds,
            TimeoutUnit::SecondsBelow(limit) => TimeUnit::SecondsBelow(limit),
            TimeoutUnit::Milliseconds => TimeUnit::Milliseconds,
        };
        let editing = super::EDITING;
        Some(Editing {
            timeout: TimeoutKey {
                unit,
                ..editing.timeout
            },
            ..editing
        })
    }

    fn discovery(&self) -> &'static [&'static str] {
        self.discovery
    }

    fn discovery_level(&self, rel: &str) -> Level {
        super::settings_level(rel)
    }

    fn outside_files(&self) -> Vec<SourceFile> {
        (self.outside_files)()
    }

    fn settle(&self, sources: &[Source], hooks: &mut [Hook]) {
        if self.disable_all_hooks {
            disable_all(self.dialect(), sources, hooks);
        }
        if let Some(settle) = self.settle {
            settle(self.dialect(), sources, hooks);
        }
    }

    fn settles_always(&self) -> bool {
        self.settle.is_some()
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == self.dir
            && (self.files.contains(&file)
                || file.starts_with("settings")
                    && Path::new(file)
                        .extension()
                        .is_some_and(|e| e.eq_ignore_ascii_case("json")))
    }

    /// Claude's shape is Claude's: content alone never tells this agent's file from Claude's.
    fn recognises(&self, _sniff: Sniff) -> bool {
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        (self.load)(ctx, &self.settings)
    }

    fn known_events(&self) -> &'static [&'static str] {
        self.events
    }

    fn runs_named_command_once(&self) -> bool {
        self.runs_named_command_once
    }

    fn target(&self, event: &str) -> Target {
        (self.target)(event)
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    fn environment(&self, _: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        self.project_dir_vars
            .iter()
            .map(|name| super::project_dir(name, ctx))
            .collect()
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        self.project_dir_vars
    }

    /// The shared reading of answers with the profile's context events, and Claude's screen
    /// where the agent has it.
    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        let base = Policy {
            text_is_context: self.text_context_events.contains(&event),
            ..Policy::filter(hook)
        };
        if self.claude_answer_screen {
            super::answers::policy(base, event)
        } else {
            base
        }
    }

    fn rewrite_replaces_input(&self) -> bool {
        true
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        self.output
    }

    fn matcher_path(&self, entry: &[Step]) -> Option<Vec<Step>> {
        super::group_matcher(entry)
    }

    fn timeout_rule(&self) -> TimeoutRule {
        let unit = match self.settings.timeout_unit {
            TimeoutUnit::Seconds => "seconds",
            TimeoutUnit::SecondsBelow(_) => "seconds below 1000, milliseconds from 1000 on",
            TimeoutUnit::Milliseconds => "milliseconds",
        };
        TimeoutRule {
            unit,
            ..default_timeout_rule()
        }
    }
}

/// Turns off every hook of `dialect` when its last file to set `disableAllHooks` (in the order
/// of [`Profile::outside_files`] around the project's files: every outside file at
/// [`Level::User`] or below first, then the project's, then the rest) sets it to `true`.
fn disable_all(dialect: Dialect, sources: &[Source], hooks: &mut [Hook]) {
    let rank = |source: &&Source| match source.level {
        Level::User => 0,
        Level::Project => 1,
        Level::Local | Level::Named => 2,
        Level::Managed | Level::Plugin => 3,
    };
    let mut own: Vec<&Source> = sources.iter().filter(|s| s.dialect == dialect).collect();
    own.sort_by_key(rank);
    let last = own
        .iter()
        .filter_map(|source| source.switches.disable_all_hooks)
        .next_back();
    if last == Some(true) {
        for hook in hooks.iter_mut().filter(|hook| hook.dialect == dialect) {
            hook.enabled = false;
        }
    }
}

/// `$<var>/<file>` when `var` is set and not empty, else `~/<home_rel>/<file>`.
pub(crate) fn user_file(var: &str, home_rel: &str, file: &str) -> Option<PathBuf> {
    crate::config::sources::env_dir(var)
        .or_else(|| crate::config::sources::home_path(home_rel))
        .map(|dir| dir.join(file))
}
