//! Claude Code: `.claude/settings.json`, `.claude/settings.local.json`. Matchers are exact names
//! or a regex; hooks receive the payload with `hook_event_name` and
//! `CLAUDE_PROJECT_DIR`; a rewrite replaces the tool input whole; `--output claude` answers in
//! Claude's per-event vocabulary ([`output`]).

mod answers;
mod env_file;
pub(crate) mod install;
mod levels;
pub(crate) mod load;
pub(crate) mod output;
pub(crate) mod profile;

use std::path::{Path, PathBuf};

use crate::config::locate::Step;
use crate::config::reader::child;
use crate::matching::{Flavour, Syntax, Target};
use crate::model::answer::Policy;
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile};
use crate::model::editing::{Editing, Fixed, Layout, Switch};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level, Source};

/// The Claude Code dialect.
pub(crate) const CLAUDE: Dialect = Dialect::new(&Claude);
/// Claude reads a matcher as exact names or a JavaScript regex; an invalid regex is an error.
pub(crate) const FLAVOUR: Flavour = Flavour::NamesOrRegex(Syntax::EcmaScript);

struct Claude;

/// Claude Code hook events.
const EVENTS: &[&str] = &[
    "SessionStart",
    "Setup",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "PreToolUse",
    "PermissionRequest",
    "PermissionDenied",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "MessageDisplay",
    "SubagentStart",
    "SubagentStop",
    "TaskCreated",
    "TaskCompleted",
    "Stop",
    "StopFailure",
    "TeammateIdle",
    "InstructionsLoaded",
    "ConfigChange",
    "CwdChanged",
    "DirectoryAdded",
    "FileChanged",
    "WorktreeCreate",
    "WorktreeRemove",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "Elicitation",
    "ElicitationResult",
    "SessionEnd",
];

impl DialectSpec for Claude {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "claude"
    }

    fn editing(&self, _path: &Path) -> Option<Editing> {
        Some(EDITING)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".claude/settings.json", ".claude/settings.local.json"]
    }

    fn discovery_level(&self, rel: &str) -> Level {
        settings_level(rel)
    }

    fn outside_files(&self) -> Vec<SourceFile> {
        levels::outside_files()
    }

    fn plugin_files(&self, sources: &[&Source], project_dir: &Path) -> Vec<SourceFile> {
        levels::plugin_files(sources, project_dir)
    }

    fn plugin_root_of(&self, path: &Path) -> Option<PathBuf> {
        levels::plugin_root_of(path)
    }

    fn settle(&self, sources: &[Source], hooks: &mut [Hook]) {
        levels::settle(sources, hooks);
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".claude"
            && file.starts_with("settings")
            && Path::new(file)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.hooks_object && sniff.nested_hooks
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load_settings(ctx, &load::CLAUDE_SETTINGS)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// Claude Code runs one command once per event however many matching groups list it (its
    /// handlers are deduplicated by their command).
    fn runs_named_command_once(&self) -> bool {
        true
    }

    fn target(&self, event: &str) -> Target {
        target(event)
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    fn environment(&self, hook: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        let mut vars = vec![project_dir("CLAUDE_PROJECT_DIR", ctx)];
        vars.extend(env_file::var(hook, ctx));
        vars
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["CLAUDE_PROJECT_DIR"]
    }

    /// Claude's own reading of answers ([`answers`]) over the shared one.
    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        let base = Policy {
            text_is_context: text_is_context(event),
            ..Policy::filter(hook)
        };
        answers::policy(base, event)
    }

    fn rewrite_replaces_input(&self) -> bool {
        true
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&output::ClaudeOutput)
    }

    fn matcher_path(&self, entry: &[Step]) -> Option<Vec<Step>> {
        group_matcher(entry)
    }
}

/// `NAME=<project dir>`.
pub(crate) fn project_dir(name: &str, ctx: &EventContext<'_>) -> (String, String) {
    (
        name.to_owned(),
        ctx.project_dir.to_string_lossy().into_owned(),
    )
}

/// The level of a project settings file: `*.local.json` is the user's own copy (local), the
/// rest the project's (Claude's, the profiles' and Copilot's settings files alike).
pub(crate) fn settings_level(rel: &str) -> Level {
    if rel.ends_with(".local.json") {
        Level::Local
    } else {
        Level::Project
    }
}

/// Plain stdout of these events is context for the model.
pub(crate) fn text_is_context(event: &str) -> bool {
    matches!(event, "UserPromptSubmit" | "SessionStart")
}

/// A handler's matcher is its group's: two steps up from the handler's entry.
pub(crate) fn group_matcher(entry: &[Step]) -> Option<Vec<Step>> {
    (entry.len() >= 2).then(|| child(&entry[..entry.len() - 2], "matcher"))
}

/// What a Claude matcher is tested against, by event.
pub(crate) fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" | "PostToolUseFailure" | "PermissionRequest"
        | "PermissionDenied" => Target::Name("tool_name"),
        "SessionStart" | "ConfigChange" | "DirectoryAdded" => Target::Name("source"),
        "Setup" | "PreCompact" | "PostCompact" => Target::Name("trigger"),
        "SessionEnd" => Target::Name("reason"),
        "Notification" => Target::Name("notification_type"),
        "SubagentStart" | "SubagentStop" => Target::Name("agent_type"),
        "StopFailure" => Target::Name("error"),
        "InstructionsLoaded" => Target::Name("load_reason"),
        "UserPromptExpansion" => Target::Name("command_name"),
        "Elicitation" | "ElicitationResult" => Target::Name("mcp_server_name"),
        "PreModelSwitch" | "PostModelSwitch" => Target::Name("to_model"),
        "FileChanged" => Target::FileName,
        _ => Target::None,
    }
}

/// Claude's settings as `hookrun hooks` edits them: command handlers in matcher groups, and
/// `disableAllHooks` for the whole file.
const EDITING: Editing = Editing {
    layout: Layout::Groups,
    file_switch: Some(Switch {
        path: &["disableAllHooks"],
        off: true,
    }),
    entry_keys: &[("type", Fixed::Str("command"))],
    ..Editing::shell_entries()
};
