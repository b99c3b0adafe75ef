//! What an OpenHands command hook receives (`HookExecutor.execute`, `executor.py`): on stdin the
//! `HookEvent` (`types.py`) as `model_dump_json()` writes it, every field in its order, absent
//! ones `null` (`metadata` `{}`), and the variables `OPENHANDS_PROJECT_DIR`,
//! `OPENHANDS_SESSION_ID`, `OPENHANDS_EVENT_TYPE`, `OPENHANDS_TOOL_NAME` (when there is a tool)
//! and `AI_AGENT=openhands` (when unset, `sanitized_env`). A payload OpenHands sent (one with
//! `event_type`) passes as it came; another agent's is put in OpenHands' fields.

use std::rc::Rc;

use serde_json::Value;

use crate::dialects::payload::{Piece, as_is, member, object_line};
use crate::model::dialect::{EventContext, Shape};

/// The `HookEvent` JSON.
pub(super) const HOOK_EVENT: Shape = Shape {
    key: "openhands.hook_event",
    render,
};

/// `HookEvent`'s fields, each with the payload keys it is read from (OpenHands' own first, then
/// the Claude-shaped name of the same thing).
const FIELDS: &[(&str, &[&str])] = &[
    ("tool_name", &["tool_name"]),
    ("tool_input", &["tool_input"]),
    ("tool_response", &["tool_response"]),
    ("message", &["message", "prompt"]),
    ("session_id", &["session_id"]),
    ("working_dir", &["working_dir", "cwd"]),
];

fn render(ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
    if ctx.payload.contains_key("event_type") {
        return as_is(ctx);
    }
    let event = super::canonical_event(ctx.event);
    let mut fields = vec![("event_type", Piece::Str(event))];
    for (field, keys) in FIELDS {
        let piece = keys
            .iter()
            .find_map(|key| member(ctx, key))
            .unwrap_or(Piece::NULL);
        fields.push((field, piece));
    }
    fields.push((
        "metadata",
        member(ctx, "metadata").unwrap_or(Piece::EMPTY_OBJECT),
    ));
    object_line(&fields)
}

/// The variables `HookExecutor.execute` sets over the inherited environment.
pub(super) fn environment(ctx: &EventContext<'_>) -> Vec<(String, String)> {
    let text = |key: &str| match ctx.payload.get(key) {
        Some(Value::String(text)) => text.clone(),
        _ => String::new(),
    };
    let mut vars = vec![
        crate::dialects::claude::project_dir("OPENHANDS_PROJECT_DIR", ctx),
        // `event.session_id or ""`.
        ("OPENHANDS_SESSION_ID".to_owned(), text("session_id")),
        (
            "OPENHANDS_EVENT_TYPE".to_owned(),
            super::canonical_event(ctx.event).to_owned(),
        ),
    ];
    // `if event.tool_name:`: set only for a tool, and never empty.
    let tool = text("tool_name");
    if !tool.is_empty() {
        vars.push(("OPENHANDS_TOOL_NAME".to_owned(), tool));
    }
    // `sanitized_env`: `AI_AGENT` defaults to `openhands` when unset or blank.
    if std::env::var("AI_AGENT").map_or(true, |agent| agent.trim().is_empty()) {
        vars.push(("AI_AGENT".to_owned(), "openhands".to_owned()));
    }
    vars
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::dialects::payload::shaped;

    #[test]
    fn a_claude_shaped_payload_becomes_the_hook_event_in_its_field_order() {
        let payload = json!({"hook_event_name": "PreToolUse", "tool_name": "terminal",
            "tool_input": {"command": "ls"}, "session_id": "s1", "cwd": "/w"});
        let text = crate::dialects::payload::rendered(
            HOOK_EVENT,
            format!("{payload}\n").as_bytes(),
            "pre_tool_use",
        );
        assert_eq!(
            String::from_utf8_lossy(&text),
            "{\"event_type\":\"PreToolUse\",\"tool_name\":\"terminal\",\
             \"tool_input\":{\"command\":\"ls\"},\"tool_response\":null,\"message\":null,\
             \"session_id\":\"s1\",\"working_dir\":\"/w\",\"metadata\":{}}\n"
        );
    }

    #[test]
    fn a_prompt_is_the_message_and_a_payload_from_openhands_passes_unchanged() {
        let prompt = json!({"prompt": "hi"});
        assert_eq!(
            shaped(HOOK_EVENT, &prompt, "UserPromptSubmit")["message"],
            "hi"
        );
        let own = json!({"event_type": "Stop", "metadata": {"reason": "done"}, "extra": 1});
        assert_eq!(shaped(HOOK_EVENT, &own, "Stop"), own);
    }
}
