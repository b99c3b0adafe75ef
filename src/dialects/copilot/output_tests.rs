use serde_json::{Value, json};

use super::output::CopilotOutput;
use crate::model::answer::{Decision, Merged};
use crate::model::dialect::AgentOutput;

fn merged(decision: Decision) -> Merged {
    Merged {
        decision,
        reason: Some("because".into()),
        continue_: true,
        ..Merged::default()
    }
}

fn json_of(event: &str, m: &Merged) -> (Value, u8) {
    let answer = CopilotOutput.answer(event, m);
    (answer.json.unwrap(), answer.code)
}

#[test]
fn pre_tool_use_answers_with_a_decision_reason_and_arguments_and_exits_0() {
    let mut m = merged(Decision::Deny);
    m.updated_input = Some(json!({"command": "ls"}));
    assert_eq!(
        json_of("preToolUse", &m),
        (
            json!({"permissionDecision": "deny", "permissionDecisionReason": "because",
                "modifiedArgs": {"command": "ls"}}),
            0
        )
    );
    assert_eq!(
        json_of("PreToolUse", &merged(Decision::Allow)).0,
        json!({"permissionDecision": "allow"})
    );
}

#[test]
fn permission_request_answers_with_behavior_and_leaves_an_ask_to_copilot() {
    assert_eq!(
        json_of("permissionRequest", &merged(Decision::Deny)).0,
        json!({"behavior": "deny", "message": "because"})
    );
    assert_eq!(
        json_of("permissionRequest", &merged(Decision::Ask)).0,
        json!({})
    );
}

#[test]
fn a_stop_deny_is_a_block_that_continues_the_agent() {
    assert_eq!(
        json_of("agentStop", &merged(Decision::Deny)).0,
        json!({"decision": "block", "reason": "because"})
    );
    let mut m = merged(Decision::None);
    m.additional_context = Some("ctx".into());
    m.updated_output = Some(json!({"resultType": "success", "textResultForLlm": "x"}));
    assert_eq!(
        json_of("postToolUse", &m).0,
        json!({"modifiedResult": {"resultType": "success", "textResultForLlm": "x"},
            "additionalContext": "ctx"})
    );
}

#[test]
fn hookruns_own_failure_denies_both_ways() {
    let answer = CopilotOutput.failure("broken policy");
    assert_eq!(
        answer.json.unwrap(),
        json!({"permissionDecision": "deny", "permissionDecisionReason": "broken policy",
            "behavior": "deny", "message": "broken policy"})
    );
    assert_eq!(answer.stderr.as_deref(), Some("broken policy"));
}

#[test]
fn several_contexts_are_joined_with_a_blank_line_as_copilot_joins_them() {
    let mut m = merged(Decision::None);
    m.additional_context = Some("one\ntwo".into());
    m.contexts = vec!["one".into(), "two".into()];
    assert_eq!(
        json_of("preToolUse", &m).0,
        json!({"additionalContext": "one\n\ntwo"})
    );
}

#[test]
fn a_stop_on_a_permission_request_is_a_deny_that_interrupts() {
    let mut m = merged(Decision::Deny);
    m.continue_ = false;
    assert_eq!(
        json_of("permissionRequest", &m).0,
        json!({"behavior": "deny", "message": "because", "interrupt": true})
    );
}

#[test]
fn a_rewritten_prompt_goes_out_under_the_events_own_key() {
    let mut m = merged(Decision::None);
    m.steer.updated_prompt = Some("new words".into());
    assert_eq!(
        json_of("userPromptSubmitted", &m).0,
        json!({"modifiedPrompt": "new words"})
    );
    assert_eq!(
        json_of("userPromptTransformed", &m).0,
        json!({"modifiedTransformedPrompt": "new words"})
    );
    assert_eq!(json_of("preToolUse", &m).0, json!({}));
}
