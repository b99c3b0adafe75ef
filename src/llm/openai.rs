//! OpenAI-compatible chat completions (`POST {base_url}/chat/completions`, `Authorization:
//! Bearer`): OpenAI, Ollama, vLLM, llama.cpp's server, LiteLLM. The request body written from
//! the neutral conversation and the reply read back into a [`Completion`]. Pure.

use serde_json::{Value, json};

use super::{Completion, Conversation, Message, ToolCall, count};

pub(super) fn body(model: &str, conversation: &Conversation<'_>) -> Value {
    let mut messages = vec![json!({"role": "system", "content": conversation.system})];
    for message in conversation.messages {
        match message {
            Message::User(text) => messages.push(json!({"role": "user", "content": text})),
            Message::Assistant { text, calls } => {
                let mut assistant = json!({
                    "role": "assistant",
                    "content": if text.is_empty() { Value::Null } else { json!(text) },
                });
                if !calls.is_empty() {
                    assistant["tool_calls"] = calls
                        .iter()
                        .map(|call| {
                            json!({
                                "id": call.id,
                                "type": "function",
                                "function": {"name": call.name, "arguments": call.input.to_string()},
                            })
                        })
                        .collect();
                }
                messages.push(assistant);
            }
            Message::ToolResults(results) => messages.extend(results.iter().map(|result| {
                json!({"role": "tool", "tool_call_id": result.id, "content": result.content})
            })),
        }
    }
    let mut body = json!({
        "model": model,
        "max_tokens": conversation.max_tokens,
        "messages": messages,
    });
    if !conversation.tools.is_empty() {
        body["tools"] = conversation
            .tools
            .iter()
            .map(|tool| {
                json!({
                    "type": "function",
                    "function": {
                        "name": tool.name,
                        "description": tool.description,
                        "parameters": tool.schema,
                    },
                })
            })
            .collect();
    }
    body
}

pub(super) fn parse(reply: &Value) -> Result<Completion, String> {
    if let Some(message) = reply.pointer("/error/message").and_then(Value::as_str) {
        return Err(format!("the provider answered an error: {message}"));
    }
    let message = reply
        .pointer("/choices/0/message")
        .ok_or("the reply has no `choices[0].message` (not a chat-completions reply)")?;
    let mut completion = Completion {
        text: message
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        model: reply
            .get("model")
            .and_then(Value::as_str)
            .map(str::to_owned),
        input_tokens: count(reply.pointer("/usage/prompt_tokens")),
        output_tokens: count(reply.pointer("/usage/completion_tokens")),
        ..Completion::default()
    };
    for call in message
        .get("tool_calls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = call
            .pointer("/function/name")
            .and_then(Value::as_str)
            .ok_or("a tool call has no `function.name`")?;
        // `arguments` is a JSON text; some servers send the object itself.
        let input = match call.pointer("/function/arguments") {
            Some(Value::String(text)) if text.trim().is_empty() => json!({}),
            Some(Value::String(text)) => serde_json::from_str(text)
                .map_err(|error| format!("tool call `{name}`: arguments are not JSON: {error}"))?,
            Some(other) => other.clone(),
            None => json!({}),
        };
        completion.calls.push(ToolCall {
            id: call
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            name: name.to_owned(),
            input,
        });
    }
    Ok(completion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{ToolDef, ToolResult};

    #[test]
    fn the_body_puts_the_system_prompt_first_and_calls_as_functions() {
        let messages = [
            Message::User("check".into()),
            Message::Assistant {
                text: String::new(),
                calls: vec![ToolCall {
                    id: "c1".into(),
                    name: "glob".into(),
                    input: json!({"pattern": "*.rs"}),
                }],
            },
            Message::ToolResults(vec![ToolResult {
                id: "c1".into(),
                content: "a.rs".into(),
                is_error: false,
            }]),
        ];
        let tools = [ToolDef {
            name: "glob",
            description: "lists",
            schema: json!({"type": "object"}),
        }];
        let conversation = Conversation {
            system: "sys",
            messages: &messages,
            tools: &tools,
            max_tokens: 50,
        };
        let body = body("llama3", &conversation);
        assert_eq!(body["model"], "llama3");
        assert_eq!(
            body["messages"][0],
            json!({"role": "system", "content": "sys"})
        );
        assert_eq!(body["messages"][2]["content"], Value::Null);
        assert_eq!(
            body["messages"][2]["tool_calls"][0]["function"]["arguments"],
            "{\"pattern\":\"*.rs\"}"
        );
        assert_eq!(
            body["messages"][3],
            json!({"role": "tool", "tool_call_id": "c1", "content": "a.rs"})
        );
        assert_eq!(
            body["tools"][0]["function"]["parameters"],
            json!({"type": "object"})
        );
    }

    #[test]
    fn a_reply_gives_text_calls_and_tokens() {
        let reply = json!({
            "model": "llama3",
            "choices": [{"message": {"role": "assistant", "content": null, "tool_calls": [
                {"id": "c9", "type": "function", "function": {"name": "read_file", "arguments": "{\"path\":\"x\"}"}}
            ]}}],
            "usage": {"prompt_tokens": 7, "completion_tokens": 2}
        });
        let completion = parse(&reply).unwrap();
        assert_eq!(completion.text, "");
        assert_eq!(completion.calls[0].input, json!({"path": "x"}));
        assert_eq!(
            (completion.input_tokens, completion.output_tokens),
            (Some(7), Some(2))
        );
        assert!(
            parse(&json!({"error": {"message": "no such model"}}))
                .unwrap_err()
                .contains("no such model")
        );
        assert!(parse(&json!({"content": []})).is_err());
    }
}
