//! The canned-reply server a test names (`server = { … }`, the book, "Testing your hooks"): started
//! by `hookrun test` on the loopback address for one test, it answers every http hook's request
//! with the test's `status` and `body`, and every model request (Anthropic's `…/v1/messages`, an
//! OpenAI-compatible `…/chat/completions`) with the test's `answer` as the model's text. The fire
//! reaches it through `HOOKRUN_TEST_SERVER` (`execute/http.rs`, `execute/prompt.rs`). It counts
//! the requests it answered, for `expect.requests`.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::{Value, json};

use super::ServerSpec;

/// A running server.
pub(crate) struct Server {
    /// `http://127.0.0.1:PORT`.
    pub(crate) url: String,
    requests: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts answering as `spec` says.
    pub(crate) fn start(spec: &ServerSpec) -> std::io::Result<Server> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let url = format!("http://{}", listener.local_addr()?);
        let requests = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (spec, count, stopping) = (spec.clone(), Arc::clone(&requests), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream
                    && answer(stream, &spec).is_ok()
                {
                    count.fetch_add(1, Ordering::SeqCst);
                }
            }
        });
        Ok(Server {
            url,
            requests,
            stop,
            thread: Some(thread),
        })
    }

    /// Stops the server; the number of requests it answered.
    pub(crate) fn stop(mut self) -> u64 {
        self.shut_down();
        self.requests.load(Ordering::SeqCst)
    }

    fn shut_down(&mut self) {
        let Some(thread) = self.thread.take() else {
            return;
        };
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accepting thread so that it sees the flag.
        let _ = TcpStream::connect(self.url.trim_start_matches("http://"));
        let _ = thread.join();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Reads one request and writes the answer.
fn answer(stream: TcpStream, spec: &ServerSpec) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
    if path == "/" && line.is_empty() {
        return Err(std::io::Error::other("no request"));
    }
    let mut length = 0;
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let (status, reply) = reply(&path, &request, spec);
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {status} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        if (200..300).contains(&status) {
            "OK"
        } else {
            "Error"
        },
        reply.len()
    )?;
    stream.write_all(reply.as_bytes())?;
    stream.flush()?;
    let _ = stream.shutdown(Shutdown::Both);
    Ok(())
}

/// The status and body answering a request to `path`.
fn reply(path: &str, request: &Value, spec: &ServerSpec) -> (u16, String) {
    let path = path.split('?').next().unwrap_or(path);
    let model = request["model"].as_str().unwrap_or("hookrun-test");
    let anthropic = path.ends_with("/v1/messages");
    if !anthropic && !path.ends_with("/chat/completions") {
        return (spec.status, spec.body.clone());
    }
    let Some(text) = &spec.answer else {
        return (
            500,
            "the test's server has no `answer` for a prompt or agent hook".to_owned(),
        );
    };
    let reply = if anthropic {
        json!({"id": "msg_hookrun_test", "type": "message", "role": "assistant", "model": model,
               "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
               "usage": {"input_tokens": 0, "output_tokens": 0}})
    } else {
        json!({"id": "chatcmpl-hookrun-test", "object": "chat.completion", "model": model,
               "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                            "finish_reason": "stop"}],
               "usage": {"prompt_tokens": 0, "completion_tokens": 0}})
    };
    (200, reply.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> ServerSpec {
        ServerSpec {
            status: 201,
            body: "{}".into(),
            answer: Some("NO. not today".into()),
        }
    }

    #[test]
    fn a_hook_request_gets_the_canned_status_and_body() {
        assert_eq!(
            reply("/audit?x=1", &Value::Null, &spec()),
            (201, "{}".into())
        );
    }

    #[test]
    fn model_requests_get_the_answer_in_their_protocols_shape() {
        let request = json!({"model": "m1"});
        let (status, body) = reply("/v1/messages", &request, &spec());
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(status, 200);
        assert_eq!(body["content"][0]["text"], "NO. not today");
        assert_eq!(body["model"], "m1");
        let (_, body) = reply("/v1/chat/completions", &request, &spec());
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["choices"][0]["message"]["content"], "NO. not today");
    }

    #[test]
    fn a_model_request_without_an_answer_fails_loudly() {
        let spec = ServerSpec {
            answer: None,
            ..spec()
        };
        let (status, body) = reply("/v1/messages", &Value::Null, &spec);
        assert_eq!(status, 500);
        assert!(body.contains("no `answer`"), "{body}");
    }
}
