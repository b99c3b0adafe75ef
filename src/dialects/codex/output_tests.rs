//! `--output codex` per event: only what Codex 0.171.0 accepts, and every answer that must not
//! proceed in a form Codex enforces.

use serde_json::{Value, json};

use super::CODEX;
use super::answers::policy;
use crate::exit;
use crate::model::answer::{Answer, Decision, Merged, NO_REASON};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::output::agents::{answer, failure};

fn merged(decision: Decision, reason: Option<&str>) -> Merged {
    Merged {
        decision,
        reason: reason.map(str::to_owned),
        continue_: true,
        ..Merged::default()
    }
}

fn json_of(answer: &Answer) -> Value {
    answer.json.clone().unwrap_or(Value::Null)
}

fn said(event: &str, m: &Merged) -> Value {
    let got = answer(CODEX, event, m);
    assert_eq!(got.code, exit::OK, "{event}: Codex reads JSON on exit 0");
    assert_eq!(got.stderr, None, "{event}");
    let json = json_of(&got);
    assert_eq!(
        accepted(event, &json),
        None,
        "{event}: Codex must accept {json}"
    );
    json
}

/// Codex's own screen of this answer, through a hook's policy on `event` (`None`: accepted).
fn accepted(event: &str, json: &Value) -> Option<String> {
    let hook = Hook::new(
        CODEX,
        0,
        EventSelector::Named(event.into()),
        Handler::Command(CommandForm::Shell("hookrun".into())),
        "/p".into(),
        std::time::Duration::from_secs(1),
        &[],
    );
    let refuses = policy(&hook, event).refuses?;
    refuses(&json.to_string())
}

#[test]
fn pre_tool_use_denies_with_a_reason_and_never_asks() {
    let mut deny = merged(Decision::Deny, Some("no rm"));
    deny.additional_context = Some("ctx".into());
    assert_eq!(
        said("PreToolUse", &deny),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
            "permissionDecisionReason": "no rm", "additionalContext": "ctx"}})
    );
    assert_eq!(
        said("PreToolUse", &merged(Decision::Ask, Some("sure?")))["hookSpecificOutput"],
        json!({"hookEventName": "PreToolUse", "permissionDecision": "deny",
            "permissionDecisionReason": "sure?"})
    );
    assert_eq!(
        said("PreToolUse", &merged(Decision::Deny, None))["hookSpecificOutput"]["permissionDecisionReason"],
        NO_REASON
    );
    let mut stop = merged(Decision::None, None);
    stop.continue_ = false;
    stop.stop_reason = Some("halt".into());
    assert_eq!(
        said("PreToolUse", &stop),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
            "permissionDecisionReason": "halt"}})
    );
}

#[test]
fn pre_tool_use_rewrites_as_allow_with_updated_input_and_a_bare_allow_says_nothing() {
    let mut rewrite = merged(Decision::None, None);
    rewrite.updated_input = Some(json!({"command": "ls"}));
    assert_eq!(
        said("PreToolUse", &rewrite),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
            "updatedInput": {"command": "ls"}}})
    );
    assert_eq!(
        said("PreToolUse", &merged(Decision::Allow, Some("ok"))),
        json!({})
    );
}

#[test]
fn permission_request_allows_denies_or_leaves_the_prompt_to_codex() {
    assert_eq!(
        said("PermissionRequest", &merged(Decision::Deny, Some("no"))),
        json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest",
            "decision": {"behavior": "deny", "message": "no"}}})
    );
    assert_eq!(
        said("PermissionRequest", &merged(Decision::Allow, None)),
        json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest",
            "decision": {"behavior": "allow"}}})
    );
    assert_eq!(
        said("PermissionRequest", &merged(Decision::Ask, Some("?"))),
        json!({})
    );
    let mut rewrite = merged(Decision::Allow, None);
    rewrite.updated_input = Some(json!({"command": "ls"}));
    assert_eq!(said("PermissionRequest", &rewrite), json!({}));
}

#[test]
fn block_events_use_decision_block_and_carry_stops() {
    for event in ["PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"] {
        assert_eq!(
            said(event, &merged(Decision::Deny, None)),
            json!({"decision": "block", "reason": NO_REASON}),
            "{event}"
        );
        assert_eq!(
            said(event, &merged(Decision::Ask, Some("check")))["decision"],
            "block"
        );
        assert_eq!(
            said(event, &merged(Decision::Allow, Some("fine"))),
            json!({})
        );
        let mut stop = merged(Decision::None, None);
        stop.continue_ = false;
        assert_eq!(
            said(event, &stop),
            json!({"continue": false, "stopReason": NO_REASON}),
            "{event}"
        );
    }
}

#[test]
fn post_tool_use_sends_an_output_rewrite_as_the_block_reason() {
    let mut rewrite = merged(Decision::None, None);
    rewrite.updated_output = Some(json!("[redacted]"));
    rewrite.additional_context = Some("ctx".into());
    assert_eq!(
        said("PostToolUse", &rewrite),
        json!({"decision": "block", "reason": "[redacted]",
            "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ctx"}})
    );
}

#[test]
fn events_without_a_decision_stop_instead() {
    for event in ["SessionStart", "SubagentStart", "PreCompact", "PostCompact"] {
        assert_eq!(
            said(event, &merged(Decision::Deny, Some("no"))),
            json!({"continue": false, "stopReason": "no"}),
            "{event}"
        );
    }
    let mut context = merged(Decision::None, None);
    context.additional_context = Some("branch: main".into());
    context.system_message = Some("note".into());
    assert_eq!(
        said("SessionStart", &context),
        json!({"systemMessage": "note",
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "branch: main"}})
    );
    assert_eq!(
        said("PreCompact", &context),
        json!({"systemMessage": "note\nbranch: main"})
    );
}

#[test]
fn interrupt_says_only_a_system_message_and_quiet_events_say_nothing() {
    let mut m = merged(Decision::Deny, Some("no"));
    m.system_message = Some("bye".into());
    assert_eq!(said("Interrupt", &m), json!({"systemMessage": "bye"}));
    for event in ["SessionEnd", "PreModelRequest", "PostModelRequest"] {
        assert_eq!(said(event, &m), json!({}), "{event}");
    }
}

#[test]
fn a_failure_of_hookrun_blocks_with_exit_2() {
    let got = failure(CODEX, "config error");
    assert_eq!(
        (got.code, got.json, got.stderr.as_deref()),
        (exit::BLOCK, None, Some("config error"))
    );
}
