//! Each agent's answer per event kind, table-driven over merged decisions.

use serde_json::json;

use serde_json::Value;

use super::*;
use crate::exit;
use crate::model::answer::{Answer, Decision, Merged, NO_REASON};
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

#[test]
fn claude_pre_tool_use_speaks_permission_decision() {
    let mut m = merged(Decision::Deny, Some("no rm"));
    m.additional_context = Some("ctx".into());
    let got = answer(CLAUDE, "PreToolUse", &m);
    assert_eq!(got.code, exit::OK);
    assert_eq!(
        json_of(&got),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
            "permissionDecisionReason": "no rm", "additionalContext": "ctx"}})
    );
    let mut allow = merged(Decision::Allow, None);
    allow.updated_input = Some(json!({"command": "ls"}));
    assert_eq!(
        json_of(&answer(CLAUDE, "PreToolUse", &allow)),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
            "updatedInput": {"command": "ls"}}})
    );
}

#[test]
fn claude_block_events_use_top_level_decision_and_others_exit_2() {
    for event in ["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"] {
        let got = answer(CLAUDE, event, &merged(Decision::Deny, None));
        assert_eq!(got.code, exit::OK, "{event}");
        assert_eq!(
            json_of(&got),
            json!({"decision": "block", "reason": NO_REASON}),
            "{event}"
        );
    }
    let ask = answer(CLAUDE, "Stop", &merged(Decision::Ask, Some("check")));
    assert_eq!(json_of(&ask)["decision"], "block");
    let allow = answer(CLAUDE, "Stop", &merged(Decision::Allow, Some("fine")));
    assert_eq!(json_of(&allow), json!({}));
    let task = answer(CLAUDE, "TaskCreated", &merged(Decision::Deny, Some("no")));
    assert_eq!(
        (task.code, task.stderr.as_deref()),
        (exit::BLOCK, Some("no"))
    );
}

#[test]
fn claude_context_events_carry_additional_context_and_stop_fields() {
    let mut m = merged(Decision::None, None);
    m.additional_context = Some("branch: main".into());
    m.continue_ = false;
    m.stop_reason = Some("done".into());
    m.system_message = Some("note".into());
    assert_eq!(
        json_of(&answer(CLAUDE, "SessionStart", &m)),
        json!({"continue": false, "stopReason": "done", "systemMessage": "note",
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "branch: main"}})
    );
    // No context channel on Notification: the text is shown to the user instead.
    assert_eq!(
        json_of(&answer(CLAUDE, "Notification", &m))["systemMessage"],
        "note\nbranch: main"
    );
}

#[test]
fn claude_permission_request_uses_decision_behavior() {
    let deny = answer(
        CLAUDE,
        "PermissionRequest",
        &merged(Decision::Deny, Some("no")),
    );
    assert_eq!(
        json_of(&deny)["hookSpecificOutput"]["decision"],
        json!({"behavior": "deny", "message": "no"})
    );
    let ask = answer(CLAUDE, "PermissionRequest", &merged(Decision::Ask, None));
    assert_eq!(json_of(&ask), json!({}));
}

#[test]
fn gemini_answers_with_decision_and_tool_input() {
    let mut m = merged(Decision::Allow, Some("ok"));
    m.updated_input = Some(json!({"command": "ls"}));
    let got = answer(GEMINI, "BeforeTool", &m);
    assert_eq!(got.code, exit::OK);
    assert_eq!(
        json_of(&got),
        json!({"decision": "allow", "reason": "ok",
            "hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"command": "ls"}}})
    );
    let deny = answer(GEMINI, "BeforeTool", &merged(Decision::Deny, Some("x")));
    assert_eq!(
        (deny.code, json_of(&deny)["decision"].clone()),
        (exit::OK, json!("deny"))
    );
}

#[test]
fn cursor_and_proxyai_deny_with_exit_2() {
    let m = merged(Decision::Deny, Some("network is off"));
    let cursor = answer(CURSOR, "beforeShellExecution", &m);
    assert_eq!(cursor.code, exit::BLOCK);
    assert_eq!(
        json_of(&cursor),
        json!({"permission": "deny", "user_message": "network is off", "agent_message": "network is off"})
    );
    let ask = answer(CURSOR, "preToolUse", &merged(Decision::Ask, Some("sure?")));
    assert_eq!(
        (ask.code, json_of(&ask)["permission"].clone()),
        (exit::OK, json!("ask"))
    );
    let proxyai = answer(PROXYAI, "beforeToolUse", &merged(Decision::Ask, None));
    assert_eq!(proxyai.code, exit::BLOCK);
    assert_eq!(
        json_of(&proxyai),
        json!({"decision": "deny", "reason": NO_REASON})
    );
    let allowed = answer(PROXYAI, "beforeToolUse", &merged(Decision::None, None));
    assert_eq!((allowed.code, json_of(&allowed)), (exit::OK, json!({})));
}

#[test]
fn promptkit_answers_allow_true_or_false_with_exit_0() {
    let deny = answer(
        PROMPTKIT,
        "before_call",
        &merged(Decision::Deny, Some("pii")),
    );
    assert_eq!(
        (deny.code, json_of(&deny)),
        (exit::OK, json!({"allow": false, "reason": "pii"}))
    );
    let none = answer(PROMPTKIT, "before_call", &merged(Decision::None, None));
    assert_eq!(json_of(&none), json!({"allow": true}));
}

#[test]
fn promptkit_session_hooks_are_told_a_block_by_the_exit_code() {
    // PromptKit reads no output from a session hook: only a failed process stops it.
    let deny = answer(
        PROMPTKIT,
        "session.session_start",
        &merged(Decision::Deny, Some("no session")),
    );
    assert_eq!(
        (deny.code, json_of(&deny), deny.stderr.as_deref()),
        (
            exit::BLOCK,
            json!({"allow": false, "reason": "no session"}),
            Some("no session")
        )
    );
    let none = answer(PROMPTKIT, "session_end", &merged(Decision::None, None));
    assert_eq!(
        (none.code, json_of(&none)),
        (exit::OK, json!({"allow": true}))
    );
}

#[test]
fn failures_block_in_every_agent_protocol() {
    let rows = [
        (CLAUDE, exit::BLOCK, Value::Null),
        (GEMINI, exit::BLOCK, Value::Null),
        (
            CURSOR,
            exit::BLOCK,
            json!({"permission": "deny", "user_message": "bad", "agent_message": "bad"}),
        ),
        (
            PROXYAI,
            exit::BLOCK,
            json!({"decision": "deny", "reason": "bad"}),
        ),
        (
            PROMPTKIT,
            exit::BLOCK,
            json!({"allow": false, "reason": "bad"}),
        ),
    ];
    for (agent, code, expected) in rows {
        let got = failure(agent, "bad");
        assert_eq!(got.code, code, "{agent:?}");
        assert_eq!(json_of(&got), expected, "{agent:?}");
        assert_eq!(got.stderr.as_deref(), Some("bad"), "{agent:?}");
    }
}
