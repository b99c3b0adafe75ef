//! A scripted model server on the loopback address: it answers each request with the next canned
//! reply of its script (the last one repeats) and keeps every request it saw, so a test can
//! assert the request's shape (path, headers, model, messages, tools).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::thread;

use serde_json::{Value, json};

/// One request the server saw.
#[derive(Debug, Clone)]
pub(crate) struct Seen {
    /// `POST /v1/messages`
    pub(crate) line: String,
    /// Lower-cased header names with their values.
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Value,
}

impl Seen {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

pub(crate) struct ModelServer {
    /// `http://127.0.0.1:PORT`
    pub(crate) url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl ModelServer {
    /// Serves `script` (reply bodies, status 200) until the test ends.
    pub(crate) fn start(script: Vec<Value>) -> ModelServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the loopback address");
        let url = format!("http://{}", listener.local_addr().expect("an address"));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&seen);
        thread::spawn(move || {
            for (index, stream) in listener.incoming().enumerate() {
                let Ok(stream) = stream else { return };
                let mut reader = BufReader::new(stream);
                let Some(request) = read_request(&mut reader) else {
                    continue;
                };
                kept.lock().unwrap().push(request);
                let reply = script[index.min(script.len() - 1)].to_string();
                let answer = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
                    reply.len()
                );
                let _ = reader.get_mut().write_all(answer.as_bytes());
            }
        });
        ModelServer { url, seen }
    }

    pub(crate) fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn read_request(reader: &mut BufReader<std::net::TcpStream>) -> Option<Seen> {
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut headers = Vec::new();
    let mut length = 0;
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).ok()?;
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        let (name, value) = (name.trim().to_ascii_lowercase(), value.trim().to_owned());
        if name == "content-length" {
            length = value.parse().ok()?;
        }
        headers.push((name, value));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Seen {
        line: line.trim_end().to_owned(),
        headers,
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
    })
}

/// An Anthropic Messages reply saying `text`.
pub(crate) fn anthropic_text(text: &str) -> Value {
    json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 120, "output_tokens": 9}
    })
}

/// An Anthropic Messages reply calling `tool` with `input`.
pub(crate) fn anthropic_tool(tool: &str, input: &Value) -> Value {
    json!({
        "id": "msg_2", "type": "message", "role": "assistant", "model": "claude-test",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": tool, "input": input}],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 50, "output_tokens": 5}
    })
}

/// A chat-completions reply saying `text`.
pub(crate) fn openai_text(text: &str) -> Value {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "llama-test",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": text}}],
        "usage": {"prompt_tokens": 80, "completion_tokens": 6, "total_tokens": 86}
    })
}

/// A chat-completions reply calling `tool` with `input`.
pub(crate) fn openai_tool(tool: &str, input: &Value) -> Value {
    json!({
        "id": "chatcmpl-2", "object": "chat.completion", "model": "llama-test",
        "choices": [{"index": 0, "finish_reason": "tool_calls",
                     "message": {"role": "assistant", "content": null, "tool_calls": [
                        {"id": "call_1", "type": "function",
                         "function": {"name": tool, "arguments": input.to_string()}}]}}],
        "usage": {"prompt_tokens": 40, "completion_tokens": 4}
    })
}
