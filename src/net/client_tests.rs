//! The client against one-shot servers on the loopback address.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::thread;

use super::*;

/// Serves one connection with `answer`; returns the URL and a handle yielding the request seen.
fn serve_once(answer: &'static str) -> (String, thread::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let handle = thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().unwrap();
            }
            head.push_str(&line);
            if line == "\r\n" || line.is_empty() {
                break;
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).unwrap();
        if answer.is_empty() {
            thread::sleep(Duration::from_secs(2));
        } else {
            reader.get_mut().write_all(answer.as_bytes()).unwrap();
        }
        head + &String::from_utf8(body).unwrap()
    });
    (url, handle)
}

fn request(url: &str, timeout: Duration) -> Request<'_> {
    Request {
        url,
        headers: &[],
        body: br#"{"a":1}"#,
        timeout,
        body_limit: 1024,
    }
}

#[test]
fn posts_json_and_returns_status_and_body() {
    let (url, seen) = serve_once(
        "HTTP/1.1 200 OK\r\nContent-Length: 15\r\nConnection: close\r\n\r\n{\"ok\": \"fine\"}\n",
    );
    let headers = [("X-Token".to_owned(), "abc".to_owned())];
    let mut req = request(&url, Duration::from_secs(5));
    req.headers = &headers;
    let reply = post_json(&req, &Policy::default()).unwrap();
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body, b"{\"ok\": \"fine\"}\n");
    let seen = seen.join().unwrap().to_ascii_lowercase();
    assert!(seen.starts_with("post /hook http/1.1\r\n"), "{seen}");
    assert!(
        seen.contains("content-type: application/json\r\n"),
        "{seen}"
    );
    assert!(seen.contains("x-token: abc\r\n"), "{seen}");
    assert!(seen.ends_with("{\"a\":1}"), "{seen}");
}

#[test]
fn redirects_are_returned_not_followed() {
    let (url, seen) = serve_once(
        "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/else\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
    let reply = post_json(&request(&url, Duration::from_secs(5)), &Policy::default()).unwrap();
    assert_eq!(reply.status, 302);
    seen.join().unwrap();
}

#[test]
fn a_server_that_never_answers_times_out() {
    let (url, seen) = serve_once("");
    let error = post_json(
        &request(&url, Duration::from_millis(300)),
        &Policy::default(),
    )
    .unwrap_err();
    assert!(matches!(error, NetError::Timeout(_)), "{error}");
    seen.join().unwrap();
}

#[test]
fn a_refused_url_sends_nothing() {
    let policy = Policy {
        allow: Some(vec!["https://audit.example.com/*".to_owned()]),
    };
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    listener.set_nonblocking(true).unwrap();
    let error = post_json(&request(&url, Duration::from_secs(1)), &policy).unwrap_err();
    assert!(matches!(error, NetError::Refused(_)), "{error}");
    assert!(listener.accept().is_err(), "the server saw a connection");
}
