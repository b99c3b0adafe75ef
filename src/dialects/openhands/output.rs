//! `fire --output openhands`: the merged decision in the JSON `HookExecutor.execute` reads from
//! an OpenHands command hook's stdout, always with exit 0:
//!
//! - a block (a deny, or an ask, which OpenHands lacks: `HookDecision` has `allow` and `deny`
//!   only) is `{"decision": "deny", "reason": …}`; on `Stop` it keeps the agent going with the
//!   reason as its feedback (`HookEventProcessor.run_stop`);
//! - an allow is `{"decision": "allow"}`;
//! - a hook's `continue: false` is `"continue": false` with the stop reason as `reason`, except
//!   on `Stop`, where OpenHands would read it as "do not stop" (the agent stops anyway there);
//! - `additionalContext` carries the hooks' context (read on `UserPromptSubmit` and
//!   `SessionStart`).
//!
//! hookrun's own failure is a deny with exit 2: OpenHands lets any other exit code through.

use serde_json::{Map, Value, json};

use crate::model::answer::{Answer, Decision, Merged, block_reason, object, put};
use crate::model::dialect::AgentOutput;

/// `--output openhands`.
pub(super) struct OpenHandsOutput;

impl AgentOutput for OpenHandsOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        Answer::ok(openhands(super::canonical_event(event), merged))
    }

    fn failure(&self, message: &str) -> Answer {
        Answer::ok(object(json!({"decision": "deny", "reason": message}))).blocking(message)
    }
}

fn openhands(event: &str, m: &Merged) -> Map<String, Value> {
    let mut out = Map::new();
    if m.decision.blocks() {
        out.insert("decision".into(), "deny".into());
        out.insert("reason".into(), block_reason(m).into());
    } else if m.decision == Decision::Allow {
        out.insert("decision".into(), "allow".into());
    }
    if !m.continue_ && event != "Stop" {
        out.insert("continue".into(), false.into());
        if !out.contains_key("reason") {
            put(&mut out, "reason", m.stop_reason.clone());
        }
    }
    put(&mut out, "additionalContext", m.additional_context.clone());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(event: &str, merged: &Merged) -> Value {
        OpenHandsOutput.answer(event, merged).json.unwrap()
    }

    #[test]
    fn a_deny_or_an_ask_is_a_deny_with_its_reason_and_exit_0() {
        for decision in [Decision::Deny, Decision::Ask] {
            let merged = Merged {
                decision,
                reason: Some("no rm".into()),
                continue_: true,
                ..Merged::default()
            };
            let answer = OpenHandsOutput.answer("PreToolUse", &merged);
            assert_eq!(answer.code, 0);
            assert_eq!(
                answer.json.unwrap(),
                json!({"decision": "deny", "reason": "no rm"})
            );
        }
    }

    #[test]
    fn an_allow_is_said_and_context_rides_along() {
        let merged = Merged {
            decision: Decision::Allow,
            continue_: true,
            additional_context: Some("use pnpm".into()),
            ..Merged::default()
        };
        assert_eq!(
            answered("UserPromptSubmit", &merged),
            json!({"decision": "allow", "additionalContext": "use pnpm"})
        );
    }

    #[test]
    fn a_stop_request_blocks_the_action_but_is_left_out_on_stop() {
        let merged = Merged {
            continue_: false,
            stop_reason: Some("enough".into()),
            ..Merged::default()
        };
        assert_eq!(
            answered("PreToolUse", &merged),
            json!({"continue": false, "reason": "enough"})
        );
        assert_eq!(answered("Stop", &merged), json!({}));
    }

    #[test]
    fn hookruns_own_failure_denies_with_exit_2() {
        let answer = OpenHandsOutput.failure("bad config");
        assert_eq!(answer.code, 2);
        assert_eq!(answer.stderr.as_deref(), Some("bad config"));
        assert_eq!(
            answer.json.unwrap(),
            json!({"decision": "deny", "reason": "bad config"})
        );
    }
}
