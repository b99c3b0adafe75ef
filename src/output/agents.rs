//! Output modes for agents (SPEC §7): the merged decision spoken back in the calling agent's own
//! protocol — its JSON keys and its exit-code convention — so hookrun can stand as that agent's
//! single hook. Pure: each function turns a [`Merged`] decision (or a hookrun failure) into an
//! [`Answer`]; [`emit`] is the one place that prints it.

use serde_json::{Map, Value, json};

use crate::config::dialect_name::Dialect;
use crate::exit;
use crate::merge::Merged;
use crate::output::claude;
use crate::verdict::Decision;

/// An agent hookrun can answer as (`fire --output <agent>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Agent {
    Claude,
    Gemini,
    Cursor,
    Proxyai,
    Promptkit,
}

impl Agent {
    /// The dialect of the agent's own hook files: the agent runs those itself, so hookrun skips
    /// them unless they are named with `-c` (SPEC §2).
    pub(crate) fn dialect(self) -> Dialect {
        match self {
            Agent::Claude => Dialect::Claude,
            Agent::Gemini => Dialect::Gemini,
            Agent::Cursor => Dialect::Cursor,
            Agent::Proxyai => Dialect::Proxyai,
            Agent::Promptkit => Dialect::Promptkit,
        }
    }
}

/// What hookrun prints and how it exits, in one agent's protocol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Answer {
    /// The JSON for stdout; `None` prints nothing.
    pub(crate) json: Option<Value>,
    /// A message for stderr (agents read it as the block reason on exit 2).
    pub(crate) stderr: Option<String>,
    pub(crate) code: u8,
}

impl Answer {
    pub(crate) fn ok(json: Map<String, Value>) -> Answer {
        Answer {
            json: Some(Value::Object(json)),
            stderr: None,
            code: exit::OK,
        }
    }

    /// The same answer, exiting 2 with `reason` on stderr.
    pub(crate) fn blocking(mut self, reason: &str) -> Answer {
        self.code = exit::BLOCK;
        self.stderr = Some(reason.to_owned());
        self
    }
}

/// Used when a hook blocked without giving a reason, where the agent needs one.
pub(crate) const NO_REASON: &str = "blocked by a hook (no reason given)";

/// The merged decision of `event`, as `agent` expects it.
pub(crate) fn answer(agent: Agent, event: &str, merged: &Merged) -> Answer {
    match agent {
        Agent::Claude => claude::answer(event, merged),
        Agent::Gemini => gemini(event, merged),
        Agent::Cursor => cursor(merged),
        Agent::Proxyai => proxyai(merged),
        Agent::Promptkit => promptkit(merged),
    }
}

/// hookrun itself failed (configuration error, bad payload, internal error). Where the agent
/// reads unexpected exit codes as "proceed", the failure blocks instead: a broken policy must not
/// silently allow everything (the README's output-mode table).
pub(crate) fn failure(agent: Agent, message: &str) -> Answer {
    let mut answer = match agent {
        // Both treat exit codes other than 0 and 2 as fail-open and read stderr on exit 2.
        Agent::Claude | Agent::Gemini => Answer {
            json: None,
            stderr: None,
            code: exit::OK,
        }
        .blocking(message),
        Agent::Cursor => Answer::ok(object(
            json!({"permission": "deny", "user_message": message, "agent_message": message}),
        ))
        .blocking(message),
        Agent::Proxyai => {
            Answer::ok(object(json!({"decision": "deny", "reason": message}))).blocking(message)
        }
        // A PromptKit filter reads its JSON; exit 0 with an explicit deny carries the reason.
        Agent::Promptkit => Answer::ok(object(json!({"allow": false, "reason": message}))),
    };
    answer.stderr = Some(message.to_owned());
    answer
}

/// Prints `answer`: stderr first, then the JSON document on stdout.
pub(crate) fn emit(answer: &Answer, pretty: bool) -> std::io::Result<()> {
    if let Some(message) = &answer.stderr {
        crate::stderr::say!("{message}");
    }
    match &answer.json {
        Some(json) => crate::output::write_json(json, pretty),
        None => Ok(()),
    }
}

fn gemini(event: &str, m: &Merged) -> Answer {
    let mut out = Map::new();
    put(&mut out, "decision", decision_word(m.decision));
    put(&mut out, "reason", m.reason.clone());
    put(
        &mut out,
        "systemMessage",
        joined(&[&m.system_message, &m.user_message]),
    );
    stop_fields(&mut out, m, "continue", "stopReason");
    let mut specific = Map::new();
    put(
        &mut specific,
        "additionalContext",
        joined(&[&m.additional_context, &m.agent_message]),
    );
    put(&mut specific, "tool_input", m.updated_input.clone());
    if !specific.is_empty() {
        specific.insert("hookEventName".into(), event.into());
        out.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    Answer::ok(out)
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

fn promptkit(m: &Merged) -> Answer {
    let mut out = Map::new();
    out.insert("allow".into(), (!m.blocks()).into());
    if m.blocks() {
        out.insert("reason".into(), block_reason(m).into());
    }
    Answer::ok(out)
}

/// The reason an agent is given for a block: the winning reasons, else the stop reason.
pub(crate) fn block_reason(m: &Merged) -> String {
    m.reason
        .clone()
        .or_else(|| m.stop_reason.clone())
        .unwrap_or_else(|| NO_REASON.to_owned())
}

/// `continue: false` and its reason, under the agent's key names.
pub(crate) fn stop_fields(out: &mut Map<String, Value>, m: &Merged, key: &str, reason_key: &str) {
    if !m.continue_ {
        out.insert(key.into(), false.into());
        put(out, reason_key, m.stop_reason.clone());
    }
}

/// The decision as the agents spell it; `None` for no decision.
pub(crate) fn decision_word(decision: Decision) -> Option<&'static str> {
    match decision {
        Decision::None => None,
        Decision::Allow => Some("allow"),
        Decision::Ask => Some("ask"),
        Decision::Deny => Some("deny"),
    }
}

/// The present parts joined with `\n`, or `None`.
pub(crate) fn joined(parts: &[&Option<String>]) -> Option<String> {
    let present: Vec<&str> = parts.iter().filter_map(|p| p.as_deref()).collect();
    (!present.is_empty()).then(|| present.join("\n"))
}

/// Inserts `value` under `key` when it is present.
pub(crate) fn put(out: &mut Map<String, Value>, key: &str, value: Option<impl Into<Value>>) {
    if let Some(value) = value {
        out.insert(key.to_owned(), value.into());
    }
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => unreachable!("built with json!({{…}})"),
    }
}

#[cfg(test)]
#[path = "agents_tests.rs"]
mod tests;
