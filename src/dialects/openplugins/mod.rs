//! The Open Plugins hooks format (<https://open-plugins.com/agent-builders/components/hooks>) as
//! Goose reads it: one `hooks/hooks.json` per plugin directory, in
//! `<project>/.agents/plugins/<name>/` and `~/.agents/plugins/<name>/`. The file is Claude's
//! shape (event → matcher groups → command handlers) with Goose's own events, an unanchored Rust
//! regex matcher, `timeout` in seconds (default 30), `on_failure` and `${PLUGIN_ROOT}`. Only
//! `PreToolUse` and `Stop` can block, by exit 2 (stderr is the reason) or
//! `{"decision":"block"}` on stdout. `--output openplugins` answers in that vocabulary.
//!
//! Facts are from Goose (block/goose): `crates/goose/src/plugins/discovery.rs` (where plugins are
//! found, and which wins) and its hooks guide `documentation/docs/guides/context-engineering/
//! hooks.md` (commit 0825b57), the page that states the loader's rules.

mod install;
mod levels;
mod load;

use std::path::Path;

use serde_json::{Map, json};

use crate::config::locate::Step;
use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::answer::{Answer, Decision, Merged, Policy, block_reason, object, put};
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, SourceFile};
use crate::model::hook::{Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};

/// The Open Plugins dialect.
pub(crate) const OPENPLUGINS: Dialect = Dialect::new(&OpenPlugins);

/// hooks.md, "Supported Events": "The matcher is a regular expression … The match is
/// unanchored". Goose is Rust: its regex is the `regex` crate's. An invalid one skips its rule
/// (the loader's job, [`load`]), so the substring fallback is never reached.
pub(crate) const FLAVOUR: Flavour = Flavour::RegexOrSubstring(Syntax::Rust);

struct OpenPlugins;

/// hooks.md, "Supported Events", in its order; `SubagentStart` and `SubagentStop` are named in
/// its Troubleshooting ("not currently emitted by goose").
const EVENTS: &[&str] = &[
    "SessionStart",
    "SessionEnd",
    "Stop",
    "UserPromptSubmit",
    "PreToolUse",
    "PreToolUseResult",
    "PostToolUse",
    "PostToolUseFailure",
    "BeforeReadFile",
    "AfterFileEdit",
    "BeforeShellExecution",
    "AfterShellExecution",
    "SubagentStart",
    "SubagentStop",
];

/// hooks.md, "Blocking a Tool Call": "`PreToolUse` and `Stop` can block"; a block on any other
/// event is ignored.
fn can_block(event: &str) -> bool {
    matches!(event, "PreToolUse" | "Stop")
}

/// Goose gives each hook the event under `event` (hooks.md, "Hook Payload").
const SHAPE: Shape = Shape {
    key: "event",
    render: |ctx| crate::dialects::payload::with_field("event", ctx),
};

impl DialectSpec for OpenPlugins {
    fn name(&self) -> &'static str {
        "openplugins"
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[]
    }

    fn listed_files(&self, project_dir: &Path) -> Result<Vec<std::path::PathBuf>, String> {
        Ok(levels::project_files(project_dir))
    }

    fn outside_files(&self) -> Vec<SourceFile> {
        levels::user_files()
    }

    fn claims_path(&self, _parent: &str, _file: &str) -> bool {
        false
    }

    /// `.agents/plugins/<name>/hooks/hooks.json`: a bare `hooks/hooks.json` is also a Claude
    /// Code plugin's, which Claude reads (and `-c` with `--dialect` tells).
    fn claims_nested_path(&self, path: &str) -> bool {
        levels::plugin_of(path).is_some()
    }

    /// Claude's shape: content alone never tells this file from Claude's.
    fn recognises(&self, _sniff: Sniff) -> bool {
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// hooks.md, "Supported Events", column "Matcher target": the tool name on tool events, the
    /// prompt, file path or shell command elsewhere — the string Goose also hands the hook as
    /// `matcher_context`.
    fn target(&self, event: &str) -> Target {
        match event {
            "PreToolUse" | "PreToolUseResult" | "PostToolUse" | "PostToolUseFailure" => {
                Target::Name("tool_name")
            }
            "UserPromptSubmit"
            | "BeforeReadFile"
            | "AfterFileEdit"
            | "BeforeShellExecution"
            | "AfterShellExecution" => Target::Text("matcher_context"),
            _ => Target::None,
        }
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        SHAPE
    }

    /// `PLUGIN_ROOT` is the hook's own variable (set by the loader), nothing else is added.
    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    /// hooks.md, "Blocking a Tool Call" and "stdout Is the Decision Channel": on `PreToolUse` and
    /// `Stop`, exit 2 denies with stderr, `{"decision":"block"}` denies whatever the exit, and
    /// any other stdout is no decision; `on_failure: block` turns no decision into a deny on
    /// `PreToolUse` only. Every other event only observes.
    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        let blocks = can_block(event);
        Policy {
            can_block: blocks && hook.mode == Mode::Filter,
            exit2_blocks: blocks,
            fail_closed: hook.fail_closed && event == "PreToolUse",
            refuses: blocks.then_some(no_decision as fn(&str) -> Option<String>),
            ..Policy::filter(hook)
        }
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&GooseOutput)
    }

    fn matcher_path(&self, entry: &[Step]) -> Option<Vec<Step>> {
        crate::dialects::claude::group_matcher(entry)
    }

    fn validate_errors(&self) -> &'static [&'static str] {
        load::VALIDATE_ERRORS
    }
}

/// Rule 5 of hooks.md's "stdout Is the Decision Channel": on a blocking event, stdout that is
/// not empty and not a JSON object whose `decision` is `"block"` or `"allow"` is no decision.
fn no_decision(stdout: &str) -> Option<String> {
    if stdout.is_empty() {
        return None;
    }
    let decision = stdout
        .starts_with('{')
        .then(|| serde_json::from_str::<serde_json::Value>(stdout).ok())
        .flatten()
        .and_then(|value| {
            value
                .get("decision")
                .and_then(|d| d.as_str().map(str::to_owned))
        });
    match decision.as_deref() {
        Some("block" | "allow") => None,
        _ => Some(
            "Goose reads stdout as the decision: it must be empty or a JSON object whose \
             `decision` is \"block\" or \"allow\""
                .to_owned(),
        ),
    }
}

/// `--output openplugins`: what a Goose hook says. A deny is `{"decision":"block"}` with its
/// reason, and exit 2 (both block a `PreToolUse`); anything else is `{"decision":"allow"}`
/// (hooks.md rule 4), because Goose reads any other stdout as no decision, which a hook with
/// `on_failure: block` turns into a deny.
struct GooseOutput;

impl AgentOutput for GooseOutput {
    fn answer(&self, _event: &str, merged: &Merged) -> Answer {
        if merged.decision == Decision::Deny || !merged.continue_ {
            let reason = block_reason(merged);
            Answer::ok(object(json!({"decision": "block", "reason": reason}))).blocking(&reason)
        } else {
            let mut out = Map::new();
            put(&mut out, "decision", Some("allow"));
            Answer::ok(out)
        }
    }

    /// hookrun failing blocks: Goose would otherwise read the failure as no decision, which
    /// lets the tool through.
    fn failure(&self, message: &str) -> Answer {
        Answer::ok(object(json!({"decision": "block", "reason": message}))).blocking(message)
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod load_tests;
