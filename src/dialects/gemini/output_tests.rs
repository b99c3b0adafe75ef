use serde_json::{Value, json};

use super::gemini;
use crate::model::answer::{Decision, Merged};

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
    for event in ["AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel"] {
        assert_eq!(
            json_of(event, &ask(Some("sure?"), None)),
            json!({"decision": "deny", "reason": "sure?"}),
            "{event}"
        );
    }
}

#[test]
fn an_ask_on_before_tool_shows_its_reason_in_the_confirmation() {
    assert_eq!(
        json_of("BeforeTool", &ask(Some("needs a human"), None)),
        json!({"decision": "ask", "reason": "needs a human", "systemMessage": "needs a human"})
    );
    assert_eq!(
        json_of("BeforeTool", &ask(Some("why"), Some("confirm this?"))),
        json!({"decision": "ask", "reason": "why", "systemMessage": "why\nconfirm this?"})
    );
    assert_eq!(
        json_of("BeforeTool", &ask(None, Some("confirm this?"))),
        json!({"decision": "ask", "systemMessage": "confirm this?"})
    );
}
