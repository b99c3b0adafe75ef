use serde_json::{Value, json};

use super::answers::{answer, policy, vocabulary};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};

fn hook(event: &str) -> Hook {
    Hook::new(
        super::COPILOT,
        0,
        EventSelector::Named(event.into()),
        Handler::Command(CommandForm::Shell("x".into())),
        "/p".into(),
        std::time::Duration::from_secs(30),
        &[],
    )
}

fn read(event: &str, code: Option<i32>, stdout: &str) -> Option<Value> {
    let policy = policy(&hook(event), event);
    let read = policy.read_output?;
    read(code, stdout, "on stderr").map(Value::Object)
}

#[test]
fn progress_lines_are_not_the_answer_and_the_rest_is_one_json_document() {
    let stdout =
        "{\"type\": \"progress\", \"message\": \"checking\"}\n{\"permissionDecision\":\n \"deny\"}";
    assert_eq!(
        answer(stdout).map(Value::Object),
        Some(json!({"permissionDecision": "deny"}))
    );
    assert_eq!(answer("{\"a\":1}\n{\"b\":2}"), None);
    assert_eq!(answer("plain text"), None);
}

#[test]
fn pre_tool_use_failures_deny_with_copilots_reasons() {
    assert_eq!(
        read("preToolUse", Some(2), r#"{"permissionDecision":"allow"}"#),
        Some(json!({"decision": "deny", "reason": "hook exited with code 2"}))
    );
    for code in [Some(1), Some(3), None] {
        assert_eq!(
            read("preToolUse", code, "{}"),
            Some(json!({"decision": "deny", "reason": "hook errored"})),
            "{code:?}"
        );
    }
    let policy = policy(&hook("preToolUse"), "preToolUse");
    assert!(policy.exit2_blocks && !policy.fail_closed);
}

#[test]
fn a_deny_without_a_reason_gets_copilots_words() {
    assert_eq!(
        read("preToolUse", Some(0), r#"{"permissionDecision":"deny"}"#),
        Some(json!({"permissionDecision": "deny", "decision": "deny",
            "reason": "No reason provided"}))
    );
}

#[test]
fn copilot_fields_are_read_in_the_shared_vocabulary() {
    let said = crate::verdict::read_vocabulary(&vocabulary(
        json!({"permissionDecision": "deny", "permissionDecisionReason": "no",
            "modifiedArgs": {"command": "ls"}, "additionalContext": "ctx"})
        .as_object()
        .unwrap()
        .clone(),
    ));
    assert_eq!(said.decision, Some(crate::model::answer::Decision::Deny));
    assert_eq!(said.reason.as_deref(), Some("no"));
    assert_eq!(said.updated_input, Some(json!({"command": "ls"})));
    assert_eq!(said.additional_context.as_deref(), Some("ctx"));
}

#[test]
fn permission_request_reads_behavior_and_exit_2_denies() {
    assert_eq!(
        read("permissionRequest", Some(0), r#"{"behavior":"allow"}"#).unwrap()["decision"],
        "allow"
    );
    assert_eq!(
        read("permissionRequest", Some(2), ""),
        Some(json!({"decision": "deny", "reason": "Permission denied by hook."}))
    );
    assert_eq!(
        read("PermissionRequest", Some(2), r#"{"message":"not now"}"#),
        Some(json!({"decision": "deny", "message": "not now"}))
    );
    assert_eq!(
        read("permissionRequest", Some(1), "{}"),
        Some(json!({"decision": "deny", "reason": "Permission request hook failed"}))
    );
}

#[test]
fn other_events_never_block_on_exit_2_and_some_are_not_read() {
    assert_eq!(read("agentStop", Some(2), r#"{"decision":"block"}"#), None);
    assert!(!policy(&hook("agentStop"), "agentStop").exit2_blocks);
    assert_eq!(
        read(
            "agentStop",
            Some(0),
            r#"{"decision":"block","reason":"go on"}"#
        ),
        Some(json!({"decision": "block", "reason": "go on"}))
    );
    assert_eq!(
        read("postToolUseFailure", Some(2), "try again"),
        Some(json!({"additionalContext": "try again"}))
    );
    assert_eq!(
        read(
            "userPromptSubmitted",
            Some(0),
            r#"{"decision":"block","reason":"no"}"#
        ),
        Some(json!({"decision": "block", "reason": "no"}))
    );
    for event in ["sessionEnd", "errorOccurred", "preCompact"] {
        assert!(policy(&hook(event), event).ignore_stdout, "{event}");
    }
}

#[test]
fn prompt_rewrites_and_interrupts_are_read_in_the_shared_words() {
    assert_eq!(
        read(
            "userPromptSubmitted",
            Some(0),
            r#"{"modifiedPrompt":"changed"}"#
        ),
        Some(json!({"updated_prompt": "changed"}))
    );
    assert_eq!(
        read(
            "userPromptTransformed",
            Some(0),
            r#"{"modifiedTransformedPrompt":"rewritten","decision":"block"}"#
        ),
        Some(json!({"updated_prompt": "rewritten"}))
    );
    assert_eq!(
        read(
            "userPromptTransformed",
            Some(1),
            r#"{"modifiedTransformedPrompt":"x"}"#
        ),
        None
    );
    assert_eq!(
        read(
            "permissionRequest",
            Some(0),
            r#"{"behavior":"deny","message":"stop","interrupt":true}"#
        ),
        Some(
            json!({"behavior": "deny", "message": "stop", "interrupt": true,
            "decision": "deny", "continue": false})
        )
    );
}
