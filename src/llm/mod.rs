//! Asking a model, for prompt and agent hooks (the book, "Prompt and agent hooks"): the providers
//! (Anthropic's Messages API and any OpenAI-compatible chat-completions endpoint), one neutral
//! conversation both protocols are written from and read into, how a reply's text counts as a
//! verdict, and the read-only tools an agent hook's model may call. Request building and reply
//! parsing are pure functions; [`complete`] is the one place a request leaves, through
//! [`crate::net::post_json`]. Nothing here runs unless a prompt or agent hook does.

use std::time::Duration;

use serde_json::Value;

pub(crate) mod agent;
pub(crate) mod answer;
mod anthropic;
mod openai;
pub(crate) mod settings;
pub(crate) mod tools;

pub(crate) use settings::{Endpoint, LlmTable, Protocol};

/// One message of a conversation, in neither provider's shape.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Message {
    User(String),
    /// What the model said: text, and the tools it asked to call.
    Assistant {
        text: String,
        calls: Vec<ToolCall>,
    },
    /// The results of the assistant's calls, in the order asked.
    ToolResults(Vec<ToolResult>),
}

/// A tool the model asked to call.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ToolCall {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) input: Value,
}

/// What a tool call gave back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ToolResult {
    pub(crate) id: String,
    pub(crate) content: String,
    pub(crate) is_error: bool,
}

/// A tool offered to the model.
#[derive(Debug, Clone)]
pub(crate) struct ToolDef {
    pub(crate) name: &'static str,
    pub(crate) description: &'static str,
    /// The JSON Schema of its input.
    pub(crate) schema: Value,
}

/// One request's worth of conversation.
pub(crate) struct Conversation<'a> {
    pub(crate) system: &'a str,
    pub(crate) messages: &'a [Message],
    pub(crate) tools: &'a [ToolDef],
    pub(crate) max_tokens: u32,
}

/// One reply of the model.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Completion {
    pub(crate) text: String,
    pub(crate) calls: Vec<ToolCall>,
    /// The model the provider says answered.
    pub(crate) model: Option<String>,
    pub(crate) input_tokens: Option<u64>,
    pub(crate) output_tokens: Option<u64>,
}

/// The most bytes of a provider's reply read.
const REPLY_LIMIT: u64 = 4 * 1024 * 1024;

/// Why a request got no usable reply, in words for the hook's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failed {
    pub(crate) message: String,
    /// The provider did not answer in time.
    pub(crate) timed_out: bool,
}

impl From<String> for Failed {
    fn from(message: String) -> Failed {
        Failed {
            message,
            timed_out: false,
        }
    }
}

/// Sends `conversation` to `endpoint` and reads the reply.
pub(crate) fn complete(
    endpoint: &Endpoint,
    conversation: &Conversation<'_>,
    timeout: Duration,
) -> Result<Completion, Failed> {
    let body = request_body(endpoint, conversation);
    let body = serde_json::to_vec(&body).expect("a JSON value serialises");
    let request = crate::net::Request {
        url: &endpoint.url,
        headers: &endpoint.headers,
        body: &body,
        timeout,
        body_limit: REPLY_LIMIT,
    };
    // Where requests go is the user's own `[llm]` (README): the http hooks' allowlist does not
    // apply, the refused addresses do.
    let reply =
        crate::net::post_json(&request, &crate::net::Policy::default()).map_err(|error| {
            Failed {
                timed_out: matches!(error, crate::net::NetError::Timeout(_)),
                message: format!("{}: {error}", endpoint.url),
            }
        })?;
    if !(200..300).contains(&reply.status) {
        return Err(Failed::from(format!(
            "{} answered HTTP {}: {}",
            endpoint.url,
            reply.status,
            error_message(&reply.body)
        )));
    }
    Ok(parse_reply(endpoint.protocol, &reply.body)?)
}

/// The request body for `endpoint`'s protocol.
pub(crate) fn request_body(endpoint: &Endpoint, conversation: &Conversation<'_>) -> Value {
    match endpoint.protocol {
        Protocol::Anthropic => anthropic::body(&endpoint.model, conversation),
        Protocol::OpenAi => openai::body(&endpoint.model, conversation),
    }
}

/// A 2xx reply's body read as `protocol` writes it.
pub(crate) fn parse_reply(protocol: Protocol, body: &[u8]) -> Result<Completion, String> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|error| format!("the provider's reply is not JSON: {error}"))?;
    match protocol {
        Protocol::Anthropic => anthropic::parse(&value),
        Protocol::OpenAi => openai::parse(&value),
    }
}

/// The message of an error reply (both protocols nest it as `error.message`), or the body's
/// first 300 bytes.
fn error_message(body: &[u8]) -> String {
    let parsed: Option<Value> = serde_json::from_slice(body).ok();
    if let Some(message) = parsed
        .as_ref()
        .and_then(|v| v.pointer("/error/message"))
        .and_then(Value::as_str)
    {
        return message.to_owned();
    }
    let text = String::from_utf8_lossy(&body[..body.len().min(300)]);
    let text = text.trim();
    if text.is_empty() {
        "(empty body)".to_owned()
    } else {
        text.to_owned()
    }
}

/// A token count as the provider wrote it.
fn count(value: Option<&Value>) -> Option<u64> {
    value.and_then(Value::as_u64)
}
