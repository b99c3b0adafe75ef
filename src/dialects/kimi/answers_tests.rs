use serde_json::{Value, json};

use super::answers::{KimiOutput, policy};
use crate::model::answer::{Decision, Merged};
use crate::model::dialect::AgentOutput;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};

fn hook(event: &str) -> Hook {
    Hook::new(
        super::KIMI,
        0,
        EventSelector::Named(event.into()),
        Handler::Command(CommandForm::Shell("x".into())),
        "/p".into(),
        std::time::Duration::from_secs(30),
        &[],
    )
}

fn read(event: &str, code: Option<i32>, stdout: &str, stderr: &str) -> Option<Value> {
    let read = policy(&hook(event), event).read_output?;
    read(code, stdout, stderr).map(Value::Object)
}

#[test]
fn exit_2_blocks_with_stderr_as_the_reason_whatever_stdout_says() {
    assert_eq!(
        read("PreToolUse", Some(2), r#"{"decision":"allow"}"#, "no rm"),
        Some(json!({"decision": "deny", "reason": "no rm"}))
    );
}

#[test]
fn only_a_permission_decision_deny_on_exit_0_blocks() {
    let deny =
        r#"{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}"#;
    assert_eq!(
        read("PreToolUse", Some(0), deny, ""),
        Some(json!({"decision": "deny", "reason": "no"}))
    );
    // Claude's top-level `decision: block`, `continue: false` and an `ask` are not read.
    for stdout in [
        r#"{"decision":"block","reason":"x"}"#,
        r#"{"continue":false}"#,
        r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#,
    ] {
        assert_eq!(read("PreToolUse", Some(0), stdout, ""), None, "{stdout}");
    }
    // The JSON is read on exit 0 only.
    assert_eq!(read("PreToolUse", Some(1), deny, "boom"), None);
}

#[test]
fn other_exits_and_signals_fail_open() {
    assert_eq!(read("PreToolUse", Some(1), "", "boom"), None);
    assert_eq!(read("PreToolUse", None, "", ""), None);
    let policy = policy(&hook("PreToolUse"), "PreToolUse");
    assert!(!policy.fail_closed);
}

#[test]
fn stop_goes_on_only_with_a_non_empty_reason() {
    assert_eq!(
        read("Stop", Some(2), "", "keep going"),
        Some(json!({"decision": "deny", "reason": "keep going"}))
    );
    assert_eq!(read("Stop", Some(2), "", ""), None);
}

#[test]
fn only_pre_tool_use_user_prompt_submit_and_stop_can_block() {
    for event in ["PreToolUse", "UserPromptSubmit", "Stop"] {
        assert!(policy(&hook(event), event).can_block, "{event}");
    }
    for event in ["PostToolUse", "SessionStart", "SubagentStart", "PreCompact"] {
        assert!(!policy(&hook(event), event).can_block, "{event}");
    }
}

#[test]
fn output_kimi_blocks_by_exit_2_and_says_nothing_otherwise() {
    let deny = Merged {
        decision: Decision::Deny,
        reason: Some("no rm".into()),
        continue_: true,
        ..Merged::default()
    };
    let answer = KimiOutput.answer("PreToolUse", &deny);
    assert_eq!((answer.code, answer.stderr.as_deref()), (2, Some("no rm")));
    assert_eq!(answer.json, None);
    let allow = Merged {
        decision: Decision::Allow,
        continue_: true,
        ..Merged::default()
    };
    assert_eq!(KimiOutput.answer("PreToolUse", &allow).code, 0);
    // A block on an event whose result Kimi drops would only be noise.
    assert_eq!(KimiOutput.answer("PostToolUse", &deny).code, 0);
    // `continue: false` cannot stop Kimi: it blocks the call instead.
    let stop = Merged {
        continue_: false,
        stop_reason: Some("halt".into()),
        ..Merged::default()
    };
    let answer = KimiOutput.answer("PreToolUse", &stop);
    assert_eq!((answer.code, answer.stderr.as_deref()), (2, Some("halt")));
    assert_eq!(KimiOutput.answer("Stop", &stop).code, 0);
    assert_eq!(KimiOutput.failure("broken").code, 2);
}
