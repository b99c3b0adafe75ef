//! `fire --output copilot`: the merged decision in Copilot's fields, always with exit 0 (on
//! `preToolUse` an exit 2 would replace the reason with `hook exited with code 2`):
//!
//! - `preToolUse`: `permissionDecision` with `permissionDecisionReason`, `modifiedArgs`,
//!   `additionalContext`;
//! - `permissionRequest`: `behavior` `allow` or `deny` with `message` (an ask leaves the request to
//!   Copilot's own flow, which asks);
//! - `agentStop`, `subagentStop`: a deny is `decision: "block"` with its `reason` (the agent goes
//!   on); on `userPromptSubmitted` it stops the prompt, on `postToolUse` it replaces the result;
//! - `postToolUse`: `modifiedResult` and `additionalContext`; every other event
//!   `additionalContext` when a hook gave one.

use serde_json::{Map, Value, json};

use crate::model::answer::{Answer, Decision, Merged, block_reason, decision_word, object, put};
use crate::model::dialect::AgentOutput;

use super::events;

/// `--output copilot`.
pub(super) struct CopilotOutput;

impl AgentOutput for CopilotOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        Answer::ok(copilot(events::camel(event), merged))
    }

    /// hookrun's own failure denies both ways Copilot asks for a permission.
    fn failure(&self, message: &str) -> Answer {
        let mut answer = Answer::ok(object(json!({
            "permissionDecision": "deny",
            "permissionDecisionReason": message,
            "behavior": "deny",
            "message": message,
        })));
        answer.stderr = Some(message.to_owned());
        answer
    }
}

fn copilot(event: &str, m: &Merged) -> Map<String, Value> {
    let mut out = Map::new();
    let reason = m.decision.blocks().then(|| block_reason(m));
    match event {
        "preToolUse" => {
            put(&mut out, "permissionDecision", decision_word(m.decision));
            put(&mut out, "permissionDecisionReason", reason);
            put(&mut out, "modifiedArgs", m.updated_input.clone());
        }
        "permissionRequest" => match m.decision {
            Decision::Deny => {
                out.insert("behavior".into(), "deny".into());
                put(&mut out, "message", reason);
            }
            Decision::Allow => {
                out.insert("behavior".into(), "allow".into());
            }
            Decision::Ask | Decision::None => {}
        },
        "agentStop" | "subagentStop" | "userPromptSubmitted" | "postToolUse"
            if m.decision == Decision::Deny =>
        {
            out.insert("decision".into(), "block".into());
            put(&mut out, "reason", reason);
        }
        "postToolUse" => {
            put(&mut out, "modifiedResult", m.updated_output.clone());
        }
        _ => {}
    }
    put(&mut out, "additionalContext", m.additional_context.clone());
    out
}
