//! `fire --output auggie`: Claude's answer, with the block of `PostToolUse` and `Stop` moved to
//! where Auggie reads it. Auggie's `zIt` takes `decision`/`reason` of those two events from
//! `hookSpecificOutput` (discriminated by `hookEventName`: `fao`, `hao`), never from the top
//! level where Claude Code reads them; `continue`, `stopReason`, `systemMessage` and
//! `additionalContext` it reads at the top level as Claude does.

use serde_json::{Map, Value};

use crate::dialects::claude::output::{ClaudeOutput, exit_two};
use crate::model::answer::{Answer, Merged};
use crate::model::dialect::AgentOutput;

/// `--output auggie`.
pub(crate) struct AuggieOutput;

impl AgentOutput for AuggieOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        let mut answer = ClaudeOutput.answer(event, merged);
        if matches!(event, "PostToolUse" | "Stop")
            && let Some(Value::Object(out)) = &mut answer.json
        {
            nest_block(event, out);
        }
        answer
    }

    /// Auggie blocks on exit 2 only on `PreToolUse` (`wao`); elsewhere hookrun's failure is
    /// shown and the agent goes on, as with any failing hook.
    fn failure(&self, message: &str) -> Answer {
        exit_two(message)
    }
}

/// Moves a top-level `decision`/`reason` into `hookSpecificOutput` of `event`.
fn nest_block(event: &str, out: &mut Map<String, Value>) {
    let Some(decision) = out.remove("decision") else {
        return;
    };
    let reason = out.remove("reason");
    let specific = out
        .entry("hookSpecificOutput")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Value::Object(specific) = specific {
        specific.insert("hookEventName".into(), event.into());
        specific.insert("decision".into(), decision);
        if let Some(reason) = reason {
            specific.insert("reason".into(), reason);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::AuggieOutput;
    use crate::model::answer::{Decision, Merged};
    use crate::model::dialect::AgentOutput;

    fn blocked() -> Merged {
        Merged {
            decision: Decision::Deny,
            reason: Some("tests fail".into()),
            continue_: true,
            ..Merged::default()
        }
    }

    #[test]
    fn a_stop_block_goes_inside_hook_specific_output_where_auggie_reads_it() {
        let answer = AuggieOutput.answer("Stop", &blocked());
        assert_eq!(
            answer.json.unwrap(),
            json!({"hookSpecificOutput": {"hookEventName": "Stop", "decision": "block",
                "reason": "tests fail"}})
        );
    }

    #[test]
    fn pre_tool_use_is_claudes_permission_decision_unchanged() {
        let answer = AuggieOutput.answer("PreToolUse", &blocked());
        assert_eq!(
            answer.json.unwrap()["hookSpecificOutput"]["permissionDecision"],
            "deny"
        );
    }
}
