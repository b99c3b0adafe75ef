//! Cursor: `.cursor/hooks.json` (`{"version": 1, "hooks": {event: [{command, matcher?}]}}`).
//! Matchers are names or a regex as in Claude; shell and file events match their command or path.
//! Hooks get `CURSOR_PROJECT_DIR` (and `CLAUDE_PROJECT_DIR`); `--output cursor` answers with
//! Cursor's `permission` and messages.

mod install;
mod load;

use crate::config::sources::{home_path, system_path};
use crate::model::Level;
use crate::model::dialect::SourceFile;
use serde_json::json;

use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::answer::{
    Answer, Decision, Merged, Policy, block_reason, decision_word, joined, object, put,
};
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff};
use crate::model::editing::Editing;
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use serde_json::Map;

/// The Cursor dialect.
pub(crate) const CURSOR: Dialect = Dialect::new(&Cursor);
/// Cursor reads matchers as Claude does (a JavaScript regex).
pub(crate) const FLAVOUR: Flavour = Flavour::NamesOrRegex(Syntax::EcmaScript);

struct Cursor;

/// Cursor hook events, agent and Tab.
const EVENTS: &[&str] = &[
    "sessionStart",
    "sessionEnd",
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "subagentStart",
    "subagentStop",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeMCPExecution",
    "afterMCPExecution",
    "beforeReadFile",
    "afterFileEdit",
    "beforeSubmitPrompt",
    "preCompact",
    "stop",
    "afterAgentResponse",
    "afterAgentThought",
    "beforeTabFileRead",
    "afterTabFileEdit",
];

impl DialectSpec for Cursor {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "cursor"
    }

    fn editing(&self, _path: &std::path::Path) -> Option<Editing> {
        // Flat entries, each with its own `matcher`; no switches.
        Some(Editing::shell_entries())
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".cursor/hooks.json"]
    }

    /// The enterprise file, then the user's.
    fn outside_files(&self) -> Vec<SourceFile> {
        let mut files = vec![SourceFile::at(
            system_path(
                "/etc/cursor/hooks.json",
                "/Library/Application Support/Cursor/hooks.json",
            ),
            Level::Managed,
        )];
        if let Some(user) = home_path(".cursor/hooks.json") {
            files.push(SourceFile::at(user, Level::User));
        }
        files
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".cursor" && file == "hooks.json"
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.hooks_object
            && !sniff.nested_hooks
            && !sniff.exec_keys
            && !sniff.shell_fields
            && sniff.version
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

    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    fn environment(&self, _: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        use crate::dialects::claude::project_dir;
        vec![
            project_dir("CURSOR_PROJECT_DIR", ctx),
            project_dir("CLAUDE_PROJECT_DIR", ctx),
        ]
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["CURSOR_PROJECT_DIR"]
    }

    /// The shared reading. Cursor reads the JSON only on exit 0 and takes every exit but 0 and 2
    /// for a failed hook, which fails open unless `failClosed`: hookrun agrees, except that a
    /// deny or ask printed before another exit (`exit 1`, `exit 3`) still blocks (README,
    /// "Differences from Cursor").
    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        Policy::filter(hook)
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&CursorOutput)
    }
}

/// What a Cursor matcher is tested against, by event.
pub(crate) fn target(event: &str) -> Target {
    match event {
        "preToolUse" | "postToolUse" | "postToolUseFailure" => Target::Name("tool_name"),
        "beforeShellExecution" | "afterShellExecution" => Target::Text("command"),
        "beforeReadFile" | "afterFileEdit" | "beforeTabFileRead" | "afterTabFileEdit" => {
            Target::Text("file_path")
        }
        _ => Target::None,
    }
}

/// `--output cursor`.
struct CursorOutput;

impl AgentOutput for CursorOutput {
    fn answer(&self, _event: &str, merged: &Merged) -> Answer {
        cursor(merged)
    }

    fn failure(&self, message: &str) -> Answer {
        Answer::ok(object(
            json!({"permission": "deny", "user_message": message, "agent_message": message}),
        ))
        .blocking(message)
    }
}

fn cursor(m: &Merged) -> Answer {
    let mut out = Map::new();
    put(&mut out, "permission", decision_word(m.decision));
    let reason = m.reason.clone().filter(|_| m.decision.blocks());
    put(
        &mut out,
        "user_message",
        joined(&[&m.user_message, &m.system_message]).or_else(|| reason.clone()),
    );
    put(
        &mut out,
        "agent_message",
        m.agent_message.clone().or(reason),
    );
    put(&mut out, "additional_context", m.additional_context.clone());
    put(&mut out, "updated_input", m.updated_input.clone());
    put(&mut out, "followup_message", m.followup_message.clone());
    if !m.continue_ {
        out.insert("continue".into(), false.into());
    }
    let answer = Answer::ok(out);
    // Cursor honours exit 2 as a deny on every event; an `ask` must stay exit 0 to be asked.
    if m.decision == Decision::Deny || !m.continue_ {
        answer.blocking(&block_reason(m))
    } else {
        answer
    }
}

#[cfg(test)]
#[path = "reading_tests.rs"]
mod tests;
