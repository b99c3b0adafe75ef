//! ProxyAI: `.proxyai/settings.json` (`{"hooks": {event: [{command, matcher?, loopLimit?}]}}`).
//! Matchers are regexes (an invalid one is searched as a substring); `preToolUse` is the
//! documented alias of `beforeToolUse`; `loopLimit` bounds how often a stop hook runs per
//! session. Hooks get `PROXYAI_*` variables; `--output proxyai` answers with a `decision`.

mod install;
mod load;

use serde_json::{Map, json};

use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::answer::{Answer, Merged, Policy, block_reason, decision_word, object, put};
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff};
use crate::model::editing::{Editing, Switch};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};

/// The ProxyAI dialect.
pub(crate) const PROXYAI: Dialect = Dialect::new(&Proxyai);
/// ProxyAI searches a `java.util.regex` anywhere in the value; an invalid one is searched as a
/// substring.
pub(crate) const FLAVOUR: Flavour = Flavour::RegexOrSubstring(Syntax::Java);

struct Proxyai;

/// proxyai hook events; `preToolUse` is accepted as an alias of `beforeToolUse`, the
/// name ProxyAI's documentation uses.
const EVENTS: &[&str] = &[
    "beforeToolUse",
    "afterToolUse",
    "preToolUse",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeReadFile",
    "afterFileEdit",
    "subagentStart",
    "subagentStop",
    "stop",
];

impl DialectSpec for Proxyai {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "proxyai"
    }

    fn editing(&self, _path: &std::path::Path) -> Option<Editing> {
        Some(EDITING)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".proxyai/settings.json"]
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".proxyai" && file == "settings.json"
    }

    fn recognises(&self, _sniff: Sniff) -> bool {
        // Its files are told by their path only.
        false
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
        vec![
            crate::dialects::claude::project_dir("PROXYAI_PROJECT_DIR", ctx),
            ("PROXYAI_HOOK_EVENT".to_owned(), ctx.event.to_owned()),
        ]
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["PROXYAI_PROJECT_DIR"]
    }

    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        Policy::filter(hook)
    }

    fn loop_limited(&self, event: &str) -> bool {
        matches!(event, "stop" | "subagentStop")
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&ProxyaiOutput)
    }
}

/// What a ProxyAI matcher is tested against, by event.
pub(crate) fn target(event: &str) -> Target {
    match event {
        // `preToolUse` is the documented alias of `beforeToolUse`.
        "beforeToolUse" | "afterToolUse" | "preToolUse" => Target::Name("tool_name"),
        "beforeShellExecution" | "afterShellExecution" => Target::Text("command"),
        "beforeReadFile" | "afterFileEdit" => Target::Text("file_path"),
        "subagentStart" | "subagentStop" => Target::Name("subagent_type"),
        "stop" => Target::StatusOrReason,
        _ => Target::None,
    }
}

/// `--output proxyai`.
struct ProxyaiOutput;

impl AgentOutput for ProxyaiOutput {
    fn answer(&self, _event: &str, merged: &Merged) -> Answer {
        proxyai(merged)
    }

    fn failure(&self, message: &str) -> Answer {
        Answer::ok(object(json!({"decision": "deny", "reason": message}))).blocking(message)
    }
}

fn proxyai(m: &Merged) -> Answer {
    let mut out = Map::new();
    // ProxyAI has no `ask`: whatever must not proceed is a deny.
    let decision = if m.blocks() {
        Some("deny")
    } else {
        decision_word(m.decision)
    };
    put(&mut out, "decision", decision);
    let reason = if m.blocks() {
        Some(block_reason(m))
    } else {
        m.reason.clone()
    };
    put(&mut out, "reason", reason);
    put(&mut out, "user_message", m.user_message.clone());
    put(&mut out, "agent_message", m.agent_message.clone());
    put(&mut out, "updated_input", m.updated_input.clone());
    put(&mut out, "updated_output", m.updated_output.clone());
    put(&mut out, "followup_message", m.followup_message.clone());
    let answer = Answer::ok(out);
    // ProxyAI's beforeToolUse honours only exit 2; it reads the reason from the JSON.
    if m.blocks() {
        answer.blocking(&block_reason(m))
    } else {
        answer
    }
}

/// ProxyAI's settings as `hookrun hooks` edits them: flat entries, each with its own `matcher`
/// and `enabled` switch.
const EDITING: Editing = Editing {
    hook_switch: Some(Switch::ENABLED),
    ..Editing::shell_entries()
};
