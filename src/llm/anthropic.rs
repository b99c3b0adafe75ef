//! Anthropic's Messages API (`POST {base}/v1/messages`, `x-api-key`, `anthropic-version`): the
//! request body written from the neutral conversation and the reply read back into a
//! [`Completion`]. Pure.

use serde_json::{Value, json};

use super::{Completion, Conversation, Message, ToolCall, count};

/// The `anthropic-version` header hookrun speaks.
pub(super) const VERSION: &str = "2023-06-01";

pub(super) fn body(model: &str, conversation: &Conversation<'_>) -> Value {
    let messages: Vec<Value> = conversation.messages.iter().map(message).collect();
    let mut body = json!({
        "model": model,
        "max_tokens": conversation.max_tokens,
        "system": conversation.system,
        "messages": messages,
    });
    if !conversation.tools.is_empty() {
        body["tools"] = conversation
            .tools
            .iter()
            .map(|tool| {
                json!({
                    "name": tool.name,
                    "description": tool.description,
                    "input_schema": tool.schema,
                })
            })
            .collect();
    }
    body
}

fn message(message: &Message) -> Value {
    match message {
        Message::User(text) => json!({"role": "user", "content": text}),
        Message::Assistant { text, calls } => {
            let mut content = Vec::new();
            if !text.is_empty() {
                content.push(json!({"type": "text", "text": text}));
            }
            content.extend(calls.iter().map(|call| {
                json!({"type": "tool_use", "id": call.id, "name": call.name, "input": call.input})
            }));
            json!({"role": "assistant", "content": content})
        }
        Message::ToolResults(results) => {
            let content: Vec<Value> = results
                .iter()
                .map(|result| {
                    json!({
                        "type": "tool_result",
                        "tool_use_id": result.id,
                        "content": result.content,
                        "is_error": result.is_error,
                    })
                })
                .collect();
            json!({"role": "user", "content": content})
        }
    }
}

pub(super) fn parse(reply: &Value) -> Result<Completion, String> {
    if reply.get("type").and_then(Value::as_str) == Some("error") {
        let message = reply
            .pointer("/error/message")
            .and_then(Value::as_str)
            .unwrap_or("(no message)");
        return Err(format!("the provider answered an error: {message}"));
    }
    let content = reply
        .get("content")
        .and_then(Value::as_array)
        .ok_or("the reply has no `content` array (not an Anthropic Messages reply)")?;
    let mut completion = Completion {
        model: reply
            .get("model")
            .and_then(Value::as_str)
            .map(str::to_owned),
        input_tokens: count(reply.pointer("/usage/input_tokens")),
        output_tokens: count(reply.pointer("/usage/output_tokens")),
        ..Completion::default()
    };
    for block in content {
        match block.get("type").and_then(Value::as_str) {
            Some("text") => {
                if let Some(text) = block.get("text").and_then(Value::as_str) {
                    completion.text.push_str(text);
                }
            }
            Some("tool_use") => completion.calls.push(ToolCall {
                id: block
                    .get("id")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                name: block
                    .get("name")
                    .and_then(Value::as_str)
                    .ok_or("a `tool_use` block has no `name`")?
                    .to_owned(),
                input: block.get("input").cloned().unwrap_or(json!({})),
            }),
            // Thinking and other blocks carry nothing a hook reads.
            _ => {}
        }
    }
    Ok(completion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{ToolDef, ToolResult};

    #[test]
    fn the_body_carries_system_messages_tool_uses_results_and_tools() {
        let messages = [
            Message::User("check this".into()),
            Message::Assistant {
                text: "looking".into(),
                calls: vec![ToolCall {
                    id: "t1".into(),
                    name: "read_file".into(),
                    input: json!({"path": "a.txt"}),
                }],
            },
            Message::ToolResults(vec![ToolResult {
                id: "t1".into(),
                content: "hello".into(),
                is_error: false,
            }]),
        ];
        let tools = [ToolDef {
            name: "read_file",
            description: "reads",
            schema: json!({"type": "object"}),
        }];
        let conversation = Conversation {
            system: "be brief",
            messages: &messages,
            tools: &tools,
            max_tokens: 100,
        };
        let body = body("claude-x", &conversation);
        assert_eq!(body["model"], "claude-x");
        assert_eq!(body["max_tokens"], 100);
        assert_eq!(body["system"], "be brief");
        assert_eq!(
            body["messages"][0],
            json!({"role": "user", "content": "check this"})
        );
        assert_eq!(body["messages"][1]["content"][1]["type"], "tool_use");
        assert_eq!(body["messages"][1]["content"][1]["input"]["path"], "a.txt");
        assert_eq!(body["messages"][2]["content"][0]["tool_use_id"], "t1");
        assert_eq!(body["tools"][0]["input_schema"], json!({"type": "object"}));
    }

    #[test]
    fn a_reply_gives_text_calls_model_and_tokens() {
        let reply = json!({
            "type": "message", "model": "claude-x",
            "content": [
                {"type": "text", "text": "{\"ok\": "},
                {"type": "text", "text": "true}"},
                {"type": "tool_use", "id": "u1", "name": "grep", "input": {"pattern": "x"}}
            ],
            "usage": {"input_tokens": 12, "output_tokens": 3}
        });
        let completion = parse(&reply).unwrap();
        assert_eq!(completion.text, "{\"ok\": true}");
        assert_eq!(completion.calls[0].name, "grep");
        assert_eq!(completion.model.as_deref(), Some("claude-x"));
        assert_eq!(
            (completion.input_tokens, completion.output_tokens),
            (Some(12), Some(3))
        );
    }

    #[test]
    fn an_error_reply_or_another_shape_is_an_error() {
        let error =
            json!({"type": "error", "error": {"type": "overloaded_error", "message": "busy"}});
        assert!(parse(&error).unwrap_err().contains("busy"));
        assert!(parse(&json!({"choices": []})).is_err());
    }
}
