use serde_json::{Value, json};

use super::gemini;
use crate::model::answer::{Decision, Merged, Steer};

fn ask(reason: Option<&str>, system_message: Option<&str>) -> Merged {
    Merged {
        decision: Decision::Ask,
        reason: reason.map(str::to_owned),
        system_message: system_message.map(str::to_owned),
        continue_: true,
        ..Merged::default()
    }
}

fn json_of(event: &str, merged: &Merged) -> Value {
    gemini(event, merged).json.unwrap_or(Value::Null)
}

#[test]
fn an_ask_outside_before_tool_is_sent_as_a_deny() {
    for event in [
        "AfterTool",
        "BeforeAgent",
        "AfterAgent",
        "BeforeModel",
        "AfterModel",
    ] {
        assert_eq!(
            json_of(event, &ask(Some("sure?"), None)),
            json!({"decision": "deny", "reason": "sure?"}),
            "{event}"
        );
    }
}

#[test]
fn an_ask_on_before_tool_shows_the_system_message_then_its_reason_in_the_confirmation() {
    assert_eq!(
        json_of("BeforeTool", &ask(Some("needs a human"), None)),
        json!({"decision": "ask", "reason": "needs a human", "systemMessage": "needs a human"})
    );
    assert_eq!(
        json_of("BeforeTool", &ask(Some("why"), Some("confirm this?"))),
        json!({"decision": "ask", "reason": "why", "systemMessage": "confirm this?\nwhy"})
    );
    assert_eq!(
        json_of("BeforeTool", &ask(None, Some("confirm this?"))),
        json!({"decision": "ask", "systemMessage": "confirm this?"})
    );
}

#[test]
fn a_reason_the_system_message_already_says_is_not_repeated() {
    assert_eq!(
        json_of("BeforeTool", &ask(Some("rm -rf"), Some("confirm: rm -rf"))),
        json!({"decision": "ask", "reason": "rm -rf", "systemMessage": "confirm: rm -rf"})
    );
}

#[test]
fn only_an_ask_puts_the_reason_in_the_system_message() {
    let deny = Merged {
        decision: Decision::Deny,
        ..ask(Some("no"), Some("blocked"))
    };
    assert_eq!(
        json_of("BeforeTool", &deny),
        json!({"decision": "deny", "reason": "no", "systemMessage": "blocked"})
    );
}

#[test]
fn steering_fields_go_under_the_keys_of_the_event_that_reads_them() {
    let steer = Steer {
        clear_context: true,
        tail_tool_call: Some(json!({"name": "read_file", "args": {"path": "x"}})),
        updated_model_request: Some(json!({"model": "gemini-2.5-flash"})),
        model_response: Some(json!({"candidates": [{"content": {"parts": ["hi"]}}]})),
        updated_prompt: None,
        tool_config: Some(json!({"mode": "ANY", "allowedFunctionNames": ["read_file"]})),
    };
    let merged = |decision| Merged {
        decision,
        continue_: true,
        steer: steer.clone(),
        ..Merged::default()
    };
    let specific =
        |event: &str, decision| json_of(event, &merged(decision))["hookSpecificOutput"].clone();
    assert_eq!(
        specific("AfterTool", Decision::None),
        json!({"hookEventName": "AfterTool", "tailToolCallRequest": steer.tail_tool_call})
    );
    assert_eq!(
        specific("AfterAgent", Decision::Deny),
        json!({"hookEventName": "AfterAgent", "clearContext": true})
    );
    assert_eq!(
        specific("BeforeModel", Decision::Deny),
        json!({"hookEventName": "BeforeModel", "llm_request": steer.updated_model_request,
               "llm_response": steer.model_response})
    );
    assert_eq!(
        specific("AfterModel", Decision::None),
        json!({"hookEventName": "AfterModel", "llm_response": steer.model_response})
    );
    assert_eq!(
        specific("BeforeToolSelection", Decision::None),
        json!({"hookEventName": "BeforeToolSelection", "toolConfig": steer.tool_config})
    );
    assert_eq!(specific("BeforeTool", Decision::None), Value::Null);
}
