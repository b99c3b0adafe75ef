use serde_json::json;

use super::payload::{to_camel, to_vscode};

#[test]
fn the_vscode_format_is_snake_case_with_the_claude_tool_name_and_an_iso_time() {
    let payload = json!({"sessionId": "s1", "timestamp": 1_795_814_275_696_u64, "cwd": "/p",
        "toolName": "bash", "toolArgs": {"command": "ls", "description": "list"}});
    let shaped = to_vscode("PreToolUse", payload.as_object().unwrap());
    assert_eq!(
        serde_json::Value::Object(shaped),
        json!({"hook_event_name": "PreToolUse", "session_id": "s1",
            "timestamp": "2026-11-27T21:17:55.696Z", "cwd": "/p", "tool_name": "Bash",
            "tool_input": {"command": "ls", "description": "list"}})
    );
}

#[test]
fn arguments_given_as_json_text_are_parsed_and_results_renamed() {
    let payload = json!({"toolName": "my_tool", "toolArgs": "{\"a\":1}",
        "toolResult": {"resultType": "success", "textResultForLlm": "ok"}, "response": "r"});
    let shaped = to_vscode("PostToolUse", payload.as_object().unwrap());
    assert_eq!(shaped["tool_name"], "my_tool");
    assert_eq!(shaped["tool_input"], json!({"a": 1}));
    assert_eq!(
        shaped["tool_result"],
        json!({"result_type": "success", "text_result_for_llm": "ok"})
    );
    assert_eq!(shaped["last_assistant_message"], "r");
}

#[test]
fn a_vscode_payload_becomes_copilots_own_for_camel_case_hooks() {
    let payload = json!({"hook_event_name": "PreToolUse", "session_id": "s1",
        "timestamp": "2026-11-27T21:17:55.696Z", "tool_name": "Bash", "tool_input": {"command": "ls"}});
    let shaped = to_camel(payload.as_object().unwrap());
    assert!(!shaped.contains_key("hook_event_name"));
    assert_eq!(shaped["sessionId"], "s1");
    assert_eq!(shaped["toolName"], "Bash");
    assert_eq!(shaped["toolArgs"], json!({"command": "ls"}));
    assert!(shaped["timestamp"].is_u64());
}
