//! A webhook receiver on the loopback address for the http-hook tests: it records every request
//! (method, path, headers, body) and answers each as the test scripts it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// One request the server received.
#[derive(Debug, Clone)]
pub(crate) struct Received {
    pub(crate) method: String,
    pub(crate) path: String,
    /// Header names lower-cased, in order.
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Received {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// How the server answers a request.
pub(crate) enum Answer {
    /// Status, extra header lines, body.
    Reply(u16, &'static str, String),
    /// Holds the connection open and never answers.
    Never,
}

/// A running receiver.
pub(crate) struct Webhook {
    pub(crate) url: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Webhook {
    /// Starts a server answering every request with `answer(request)`.
    pub(crate) fn start(answer: impl Fn(&Received) -> Answer + Send + Sync + 'static) -> Webhook {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let url = format!("http://{}/hook", listener.local_addr().expect("address"));
        let received = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&received);
        let answer = Arc::new(answer);
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let log = Arc::clone(&log);
                let answer = Arc::clone(&answer);
                thread::spawn(move || serve(stream, &log, &*answer));
            }
        });
        Webhook { url, received }
    }

    /// Answers every request with `status` and `body`.
    pub(crate) fn replying(status: u16, body: &str) -> Webhook {
        let body = body.to_owned();
        Webhook::start(move |_| Answer::Reply(status, "", body.clone()))
    }

    pub(crate) fn received(&self) -> Vec<Received> {
        self.received.lock().expect("log").clone()
    }
}

fn serve(stream: TcpStream, log: &Mutex<Vec<Received>>, answer: &dyn Fn(&Received) -> Answer) {
    let mut reader = BufReader::new(stream);
    let mut first = String::new();
    if reader.read_line(&mut first).unwrap_or(0) == 0 {
        return;
    }
    let mut words = first.split_whitespace();
    let method = words.next().unwrap_or_default().to_owned();
    let path = words.next().unwrap_or_default().to_owned();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let length = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let request = Received {
        method,
        path,
        headers,
        body,
    };
    log.lock().expect("log").push(request.clone());
    match answer(&request) {
        Answer::Reply(status, extra, body) => {
            let text = format!(
                "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
                body.len()
            );
            let _ = reader.get_mut().write_all(text.as_bytes());
        }
        Answer::Never => thread::sleep(Duration::from_secs(30)),
    }
}
