//! `fire --output copilot`: the merged decision in Copilot's fields, always with exit 0 (on
//! `preToolUse` an exit 2 would replace the reason with `hook exited with code 2`):
//!
//! - `preToolUse`: `permissionDecision` with `permissionDecisionReason`, `modifiedArgs`,
//!   `additionalContext`;
//! - `permissionRequest`: `behavior` `allow` or `deny` with `message` (an ask leaves the request to
//!   Copilot's own flow, which asks); a stop (`continue: false`) is a deny with `interrupt: true`;
//! - `agentStop`, `subagentStop`: a deny is `decision: "block"` with its `reason` (the agent goes
//!   on); on `userPromptSubmitted` it stops the prompt, on `postToolUse` it replaces the result;
//! - `postToolUse`: `modifiedResult`; `userPromptSubmitted`: `modifiedPrompt`;
//!   `userPromptTransformed`: `modifiedTransformedPrompt`; every event `additionalContext` when a
//!   hook gave one, several joined with a blank line.

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
        // A hook's `continue: false` (or `interrupt`) ends Copilot's run: `interrupt`, with a deny.
        "permissionRequest" if !m.continue_ => {
            out.insert("behavior".into(), "deny".into());
            put(&mut out, "message", Some(block_reason(m)));
            out.insert("interrupt".into(), true.into());
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
        "userPromptSubmitted" => put(&mut out, "modifiedPrompt", m.steer.updated_prompt.clone()),
        "userPromptTransformed" => put(
            &mut out,
            "modifiedTransformedPrompt",
            m.steer.updated_prompt.clone(),
        ),
        _ => {}
    }
    // Copilot joins several hooks' contexts with a blank line.
    let contexts = (!m.contexts.is_empty()).then(|| m.contexts.join("\n\n"));
    put(
        &mut out,
        "additionalContext",
        contexts.or_else(|| m.additional_context.clone()),
    );
    out
}
