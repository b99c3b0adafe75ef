//! GitHub Copilot CLI (1.0.102): hooks files `{"version": 1, "hooks": {event: [entry…]}}` in
//! `.github/hooks/*.json`, `~/.copilot/hooks/*.json` and `/etc/github-copilot/policy.d/*.json`,
//! and the same `hooks` inline in `.github/copilot/settings.json`, `settings.local.json` and
//! `~/.copilot/settings.json` ([`load`]). Events are camelCase; their PascalCase keys (the VS Code
//! format) fire on the same events with a snake_case payload and Claude's matcher rules
//! ([`events`], [`payload`]). Matchers are regexes over the whole tool name; timeouts are
//! seconds (30). A failing `preToolUse` hook denies, a timed-out one lets the call through
//! ([`answers`]); `--output copilot` answers in Copilot's fields ([`output`]).

mod answers;
mod events;
mod install;
mod load;
mod output;
mod payload;

#[cfg(test)]
mod answers_tests;
#[cfg(test)]
mod load_tests;
#[cfg(test)]
mod output_tests;
#[cfg(test)]
mod payload_tests;

use std::path::{Path, PathBuf};

use crate::config::sources::{drop_in, drop_in_files, env_dir, home_path, system_path};
use crate::matching::{Flavour, Syntax, Target};
use crate::model::answer::Policy;
use crate::model::dialect::{
    AgentOutput, DialectSpec, EventContext, FileOrder, Shape, Sniff, SourceFile, TimeoutRule,
};
use crate::model::editing::{CommandKeys, Editing, Fixed, Switch, TimeUnit, TimeoutKey};
use crate::model::hook::{EventSelector, Hook};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level, Source};

/// The GitHub Copilot CLI dialect.
pub(crate) const COPILOT: Dialect = Dialect::new(&Copilot);
/// A camelCase hook's matcher: a regex over the whole value (`^(?:PATTERN)$`, Rust syntax: the
/// CLI's hook engine is native code).
pub(crate) const FLAVOUR: Flavour = Flavour::WholeRegex(Syntax::Rust);
/// A PascalCase hook's matcher: Claude's rule over the Claude tool name.
pub(crate) const PASCAL_FLAVOUR: Flavour = Flavour::AliasedWholeRegex(Syntax::Rust);

struct Copilot;

/// The repository's hooks directory, relative to the project.
const PROJECT_HOOKS: &str = ".github/hooks";
/// The repository's settings files, whose `hooks` are inline.
const PROJECT_SETTINGS: &[&str] = &[
    ".github/copilot/settings.json",
    ".github/copilot/settings.local.json",
];

impl DialectSpec for Copilot {
    fn name(&self) -> &'static str {
        "copilot"
    }

    /// A hooks file must keep `"version": 1`; a settings file's `hooks` has no version.
    fn editing(&self, path: &Path) -> Option<Editing> {
        Some(if load::is_settings(path) {
            Editing {
                file_keys: &[],
                ..EDITING
            }
        } else {
            EDITING
        })
    }

    fn discovery(&self) -> &'static [&'static str] {
        PROJECT_SETTINGS
    }

    fn discovery_level(&self, rel: &str) -> Level {
        crate::dialects::claude::settings_level(rel)
    }

    /// `.github/hooks/*.json`, then `.github/hooks/*/*.json` (Copilot reads one level of
    /// subdirectories too), each in reverse name order: the order Copilot runs them in.
    fn listed_files(&self, project_dir: &Path) -> Result<Vec<PathBuf>, String> {
        let (mut files, dirs) = drop_in(&project_dir.join(PROJECT_HOOKS));
        files.reverse();
        for dir in dirs.iter().rev() {
            files.extend(drop_in_files(dir).into_iter().rev());
        }
        Ok(files)
    }

    /// The policy files, then the user's hooks files and settings.
    fn outside_files(&self) -> Vec<SourceFile> {
        let policy = system_path(
            "/etc/github-copilot/policy.d",
            "/etc/github-copilot/policy.d",
        );
        let mut files: Vec<SourceFile> = drop_in_files(&policy)
            .into_iter()
            .map(|path| SourceFile::at(path, Level::Managed))
            .collect();
        if let Some(home) = copilot_home() {
            files.extend(
                drop_in_files(&home.join("hooks"))
                    .into_iter()
                    .map(|path| SourceFile::at(path, Level::User)),
            );
            files.push(SourceFile::at(home.join("settings.json"), Level::User));
        }
        files
    }

    /// Policy, user, `.github/hooks`, then the settings files: the order the CLI runs them in.
    fn file_order(&self) -> FileOrder {
        FileOrder::OutsideFirst
    }

    fn settle(&self, sources: &[Source], hooks: &mut [Hook]) {
        load::settle(sources, hooks);
    }

    /// `.github/copilot/settings*.json`, and any `*.json` but `hooks.json` in a `hooks`
    /// directory (`hooks/hooks.json` is a Claude plugin's name).
    fn claims_path(&self, parent: &str, file: &str) -> bool {
        let json = Path::new(file)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        match parent {
            "copilot" => file == "settings.json" || file == "settings.local.json",
            "hooks" => json && file != "hooks.json",
            _ => false,
        }
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.hooks_object && !sniff.nested_hooks && sniff.shell_fields
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        events::all_names()
    }

    /// A hook keyed by an event's camelCase or PascalCase name fires on either spelling.
    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        match selector {
            EventSelector::Named(name) => events::camel(name) == events::camel(event),
            _ => false,
        }
    }

    fn target(&self, event: &str) -> Target {
        events::target(event)
    }

    fn shape(&self, hook: &Hook) -> Shape {
        payload::shape(hook)
    }

    /// Copilot names the project twice and says it runs the hook; `COPILOT_HOOK_DIR`, the
    /// directory of the hook's file, comes with the hook from its loader.
    fn environment(&self, _: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        use crate::dialects::claude::project_dir;
        vec![
            project_dir("COPILOT_PROJECT_DIR", ctx),
            project_dir("CLAUDE_PROJECT_DIR", ctx),
            ("COPILOT_CLI".to_owned(), "1".to_owned()),
        ]
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"]
    }

    fn shell(&self) -> &'static std::ffi::OsStr {
        std::ffi::OsStr::new("bash")
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        answers::policy(hook, event)
    }

    /// The first `preToolUse` deny keeps the later hooks from running.
    fn deny_ends_chain(&self, _hook: &Hook, event: &str) -> bool {
        answers::deny_ends_chain(event)
    }

    /// `modifiedArgs` replaces the tool's arguments whole.
    fn rewrite_replaces_input(&self) -> bool {
        true
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&output::CopilotOutput)
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    /// Copilot runs the hooks of `.claude/settings*.json` too, and sets `COPILOT_HOOK_DIR` for
    /// every hook it runs: an entry of another agent's output started by Copilot steps aside for
    /// hookrun's Copilot entry of the same event, which Copilot runs as well.
    fn answered_by_own_entry(
        &self,
        output: Dialect,
        event: &str,
        project_dir: &Path,
    ) -> Option<String> {
        if output == COPILOT || std::env::var_os("COPILOT_HOOK_DIR").is_none() {
            return None;
        }
        let copilot_event = events::camel(event);
        if !events::EVENTS.contains(&copilot_event) {
            return None;
        }
        let file = install::installed_for(copilot_event, project_dir)?;
        Some(format!(
            "GitHub Copilot runs this {output} entry and hookrun's own entry for \
             `{copilot_event}` in {}: this run answers nothing, so that no hook runs twice",
            file.display()
        ))
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule {
            key: "timeoutSec",
            ..crate::model::dialect::default_timeout_rule()
        }
    }
}

/// `$COPILOT_HOME`, else `~/.copilot`.
pub(crate) fn copilot_home() -> Option<PathBuf> {
    env_dir("COPILOT_HOME").or_else(|| home_path(".copilot"))
}

/// Copilot's hooks file as `hookrun hooks` edits it: flat entries with their own `matcher`, the
/// shell line under `bash` (or `command` where the entry has it, `exec` + `args` where it runs a
/// program), `timeoutSec` (or its alias `timeout`), `env`, and `disableAllHooks`. An entry that
/// also has a `powershell` command keeps its command: changing one would leave Windows running
/// the old one.
const EDITING: Editing = Editing {
    command: CommandKeys::Shell {
        keys: &["bash", "command"],
        exec: Some(("exec", "args")),
        elsewhere: &["powershell"],
    },
    timeout: TimeoutKey {
        key: "timeoutSec",
        unit: TimeUnit::Seconds,
        aliases: &["timeout"],
    },
    file_switch: Some(Switch {
        path: &["disableAllHooks"],
        off: true,
    }),
    env: Some("env"),
    entry_keys: &[("type", Fixed::Str("command"))],
    file_keys: &[("version", Fixed::Number(1))],
    ..Editing::shell_entries()
};
