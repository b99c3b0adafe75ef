use serde_json::{Value, json};

use super::answers::{VibeOutput, policy};
use crate::model::answer::{Decision, Merged};
use crate::model::dialect::AgentOutput;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};

fn hook(event: &str, strict: bool) -> Hook {
    let mut hook = Hook::new(
        super::VIBE,
        0,
        EventSelector::Named(event.into()),
        Handler::Command(CommandForm::Shell("x".into())),
        "/p".into(),
        std::time::Duration::from_secs(60),
        &[],
    );
    hook.fail_closed = strict;
    hook
}

fn read(event: &str, strict: bool, code: Option<i32>, stdout: &str) -> Option<Value> {
    let read = policy(&hook(event, strict), event).read_output?;
    read(code, stdout, "on stderr").map(Value::Object)
}

#[test]
fn a_deny_gives_its_reason_or_vibes_default_for_the_point() {
    assert_eq!(
        read(
            "pre_tool",
            false,
            Some(0),
            r#"{"decision":"deny","reason":"no"}"#
        ),
        Some(json!({"decision": "deny", "reason": "no"}))
    );
    assert_eq!(
        read("post_agent", false, Some(0), r#"{"decision":"deny"}"#),
        Some(json!({"decision": "deny",
            "reason": "A post_agent hook asked the agent to revise its response."}))
    );
}

#[test]
fn exit_2_is_a_failure_like_any_other_non_zero_exit() {
    assert_eq!(read("pre_tool", false, Some(2), ""), None);
    assert_eq!(
        read(
            "pre_tool",
            false,
            Some(2),
            r#"{"decision":"deny","reason":"no"}"#
        ),
        None
    );
    let strict = policy(&hook("pre_tool", true), "pre_tool");
    assert!(strict.fail_closed, "a strict hook's failure denies");
    assert!(!policy(&hook("pre_tool", false), "pre_tool").fail_closed);
}

#[test]
fn tool_input_replaces_the_arguments_and_additional_context_is_post_tools() {
    let rewrite =
        r#"{"hook_specific_output":{"tool_input":{"command":"ls -a"}},"system_message":"rewrote"}"#;
    assert_eq!(
        read("pre_tool", false, Some(0), rewrite),
        Some(json!({"updatedInput": {"command": "ls -a"}, "systemMessage": "rewrote"}))
    );
    let context = r#"{"hook_specific_output":{"additional_context":"note"}}"#;
    assert_eq!(
        read("post_tool", false, Some(0), context),
        Some(json!({"additionalContext": "note"}))
    );
    // Claude's fields mean nothing to Vibe.
    assert_eq!(
        read(
            "pre_tool",
            false,
            Some(0),
            r#"{"hookSpecificOutput":{"permissionDecision":"deny"}}"#
        ),
        Some(json!({}))
    );
}

#[test]
fn stdout_that_is_not_a_json_object_fails_and_denies_only_when_strict() {
    assert_eq!(read("pre_tool", false, Some(0), "ok"), None);
    let strict = read("pre_tool", true, Some(0), "ok").unwrap();
    assert_eq!(strict["decision"], "deny");
    assert_eq!(read("pre_tool", false, Some(0), ""), None);
}

#[test]
fn output_vibe_speaks_the_structured_response_with_exit_0() {
    let deny = Merged {
        decision: Decision::Deny,
        reason: Some("no rm".into()),
        continue_: true,
        ..Merged::default()
    };
    let answer = VibeOutput.answer("pre_tool", &deny);
    assert_eq!(answer.code, 0);
    assert_eq!(
        answer.json,
        Some(json!({"decision": "deny", "reason": "no rm"}))
    );
    let rewrite = Merged {
        updated_input: Some(json!({"command": "ls"})),
        continue_: true,
        ..Merged::default()
    };
    assert_eq!(
        VibeOutput.answer("pre_tool", &rewrite).json,
        Some(json!({"hook_specific_output": {"tool_input": {"command": "ls"}}}))
    );
    let quiet = Merged {
        continue_: true,
        ..Merged::default()
    };
    assert_eq!(VibeOutput.answer("post_agent", &quiet).json, None);
    let failure = VibeOutput.failure("bad config");
    assert_eq!(failure.code, 0);
    assert_eq!(failure.json.unwrap()["decision"], "deny");
}
