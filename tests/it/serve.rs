//! `hookrun serve` (cargo feature `serve`): a real server on a loopback port the kernel picks,
//! driven by a small blocking HTTP/1.1 client over std's `TcpStream`. No request leaves
//! 127.0.0.1.

use std::fmt::Write as _;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::Case;

const TOKEN: &str = "test-token-0123456789";

/// A running server and its address.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(case: &Case, extra: &[&str]) -> Server {
        Server::start_with(case, extra, &[])
    }

    fn start_with(case: &Case, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let mut args = vec!["serve", "--addr", "127.0.0.1:0"];
        args.extend_from_slice(extra);
        let mut command = case.command(&args);
        command
            .env("HOOKRUN_SERVE_BIN", env!("CARGO_BIN_EXE_hookrun-serve"))
            .env("HOOKRUN_SERVE_TOKEN", TOKEN)
            .stdin(Stdio::null())
            .stderr(Stdio::null());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("start hookrun serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the address line");
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("an address line, got {line:?}"))
            .to_owned();
        Server { child, addr }
    }

    fn request(&self, method: &str, path: &str, body: &str) -> Reply {
        self.send(
            method,
            path,
            body,
            &[("Authorization", &format!("Bearer {TOKEN}"))],
        )
    }

    fn send(&self, method: &str, path: &str, body: &str, headers: &[(&str, &str)]) -> Reply {
        let mut stream = TcpStream::connect(&self.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (name, value) in headers {
            let _ = write!(head, "{name}: {value}\r\n");
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Reply::parse(&raw)
    }

    fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits for the server to exit; its exit code.
    fn wait(mut self, limit: Duration) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the server did not exit within {limit:?}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One response.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn parse(raw: &[u8]) -> Reply {
        let text = String::from_utf8_lossy(raw);
        let (head, rest) = text
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("a response, got {text:?}"));
        let mut lines = head.lines();
        let status = lines.next().unwrap()[9..12].parse().unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(": "))
            .map(|(k, v)| (k.to_ascii_lowercase(), v.to_owned()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v == "chunked");
        let body = if chunked {
            dechunk(rest)
        } else {
            rest.to_owned()
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("JSON body ({e}): {:?}", self.body))
    }

    fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status, status, "{self:?}");
        self
    }
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    out
}

fn prx_case(hooks: &Value) -> Case {
    Case::new().file("hooks.json", &serde_json::to_string_pretty(hooks).unwrap())
}

fn hooks_in(case: &Case) -> Vec<Value> {
    let text = std::fs::read_to_string(case.at("hooks.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    file["hooks"]
        .as_object()
        .map(|events| {
            events
                .values()
                .flat_map(|list| list.as_array().cloned().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_request_needs_the_token() {
    let case = prx_case(&json!({"hooks": {}}));
    let server = Server::start(&case, &[]);
    server.send("GET", "/api/hooks", "", &[]).expect(401);
    let wrong = server.send(
        "GET",
        "/api/hooks",
        "",
        &[("Authorization", "Bearer not-the-token")],
    );
    assert_eq!(wrong.status, 401);
    assert!(wrong.json()["error"].as_str().unwrap().contains("Bearer"));
    server
        .send("GET", "/api/hooks", "", &[("Authorization", TOKEN)])
        .expect(401);
    server
        .send("POST", "/api/fire/tool_call", "{}", &[])
        .expect(401);
    server.send("GET", "/api/events", "", &[]).expect(401);
    server.request("GET", "/api/hooks", "").expect(200);
    server.request("GET", "/api/nothing", "").expect(404);
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one walk through the five endpoints, each step using the state the last one left"
)]
fn the_hooks_api_answers_prx_bodies_and_status_codes() {
    let case = prx_case(&json!({"enabled": true, "unknown_key": [1, 2], "hooks": {
        "error": [{"command": "/bin/true", "args": ["a"], "timeout_ms": 2000}]
    }}));
    let server = Server::start(&case, &[]);
    let listed = server.request("GET", "/api/hooks", "").expect(200);
    let etag = listed.header("etag").expect("an ETag").to_owned();
    let hooks = listed.json()["hooks"].clone();
    assert_eq!(hooks.as_array().unwrap().len(), 1);
    let first = &hooks[0];
    assert_eq!(first["event"], "error");
    assert_eq!(first["action"]["command"], "/bin/true");
    assert_eq!(first["action"]["args"], json!(["a"]));
    assert_eq!(first["action"]["timeout_ms"], 2000);
    assert_eq!(first["enabled"], true);
    for key in ["id", "created_at", "updated_at"] {
        assert!(first[key].is_string(), "{key} in {first}");
    }
    let old_id = first["id"].as_str().unwrap().to_owned();

    // Create: 201 and the hook object.
    let created = server
        .request(
            "POST",
            "/api/hooks",
            r#"{"event": "llm_response", "action": {"command": "python3", "args": ["/opt/t.py"], "stdin_json": true, "timeout_ms": 3000}, "enabled": true}"#,
        )
        .expect(201)
        .json();
    assert_eq!(created["event"], "llm_response");
    assert_eq!(created["action"]["stdin_json"], true);
    assert_eq!(created["action"]["timeout_ms"], 3000);
    let id = created["id"].as_str().unwrap().to_owned();
    // PRX's implementation's flat form is taken too.
    server
        .request(
            "POST",
            "/api/hooks",
            r#"{"event": "agent_start", "command": "/bin/echo", "args": ["flat"]}"#,
        )
        .expect(201);
    // The first hook's id survived the creates.
    let ids: Vec<String> = server.request("GET", "/api/hooks", "").json()["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(ids.contains(&old_id), "{ids:?}");

    // Invalid input: 400 with a JSON error; nothing written.
    let before = std::fs::read_to_string(case.at("hooks.json")).unwrap();
    for bad in [
        "not json",
        r#"{"action": {"command": "x"}}"#,
        r#"{"event": "error"}"#,
        r#"{"event": "error", "action": {"command": ""}}"#,
        r#"{"event": "error", "action": {"command": "rm -rf /; echo"}}"#,
        r#"{"event": "error", "action": {"command": "/bin/true", "bogus": 1}}"#,
    ] {
        let reply = server.request("POST", "/api/hooks", bad).expect(400);
        assert!(reply.json()["error"].is_string(), "{reply:?}");
    }
    assert_eq!(
        std::fs::read_to_string(case.at("hooks.json")).unwrap(),
        before
    );

    // Update: 200 and the hook (a content edit gives a new id); unknown id: 404.
    let updated = server
        .request(
            "PUT",
            &format!("/api/hooks/{id}"),
            r#"{"event": "llm_response", "action": {"command": "python3", "args": ["/opt/t2.py"], "stdin_json": true, "timeout_ms": 5000}, "enabled": true}"#,
        )
        .expect(200)
        .json();
    assert_eq!(updated["action"]["args"], json!(["/opt/t2.py"]));
    assert_eq!(updated["action"]["timeout_ms"], 5000);
    let id = updated["id"].as_str().unwrap().to_owned();
    server
        .request("PUT", "/api/hooks/nope", r#"{"event": "error"}"#)
        .expect(404);

    // Toggle: that hook only, 200 {"id", "enabled"}.
    let toggled = server
        .request("PATCH", &format!("/api/hooks/{id}/toggle"), "")
        .expect(200)
        .json();
    assert_eq!(toggled, json!({"id": id, "enabled": false}));
    let file: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("hooks.json")).unwrap()).unwrap();
    assert_eq!(file["enabled"], true, "not PRX's whole-file flip");
    assert_eq!(file["unknown_key"], json!([1, 2]), "other keys kept");
    assert_eq!(file["hooks"]["llm_response"][0]["enabled"], false);
    let toggled = server
        .request("PATCH", &format!("/api/hooks/{id}/toggle"), "")
        .expect(200)
        .json();
    assert_eq!(toggled["enabled"], true);
    server
        .request("PATCH", "/api/hooks/nope/toggle", "")
        .expect(404);

    // If-Match with a stale version: 409, nothing written.
    let stale = server.send(
        "DELETE",
        &format!("/api/hooks/{old_id}"),
        "",
        &[
            ("Authorization", &format!("Bearer {TOKEN}")),
            ("If-Match", &etag),
        ],
    );
    assert_eq!(stale.status, 409, "{stale:?}");
    assert!(stale.header("etag").is_some());
    let current = server
        .request("GET", "/api/hooks", "")
        .header("etag")
        .unwrap()
        .to_owned();

    // Delete: 204 and no body; again: 404.
    let deleted = server.send(
        "DELETE",
        &format!("/api/hooks/{old_id}"),
        "",
        &[
            ("Authorization", &format!("Bearer {TOKEN}")),
            ("If-Match", &current),
        ],
    );
    assert_eq!(deleted.status, 204, "{deleted:?}");
    assert!(deleted.body.is_empty());
    server
        .request("DELETE", &format!("/api/hooks/{old_id}"), "")
        .expect(404);
    assert_eq!(hooks_in(&case).len(), 2);
}

#[test]
fn a_fire_answers_exactly_what_hookrun_fire_prints() {
    let case = prx_case(&json!({"hooks": {}}))
        .hook(
            ".claude/deny.sh",
            "#!/bin/sh\necho 'no rm here' >&2\nexit 2\n",
        )
        .file(
            ".claude/settings.json",
            &crate::harness::claude_settings(
                "PreToolUse",
                "Bash",
                "$CLAUDE_PROJECT_DIR/.claude/deny.sh",
                "",
            ),
        );
    let server = Server::start(&case, &[]);
    let payload = r#"{"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}"#;
    // No hook for this event: the whole document, byte for byte.
    let empty = server.request("POST", "/api/fire/Stop", "{}").expect(200);
    case.stdin("{}");
    let fired = case.fire("Stop");
    assert_eq!(empty.body, fired.stdout);
    assert_eq!(empty.header("x-hookrun-exit-code"), Some("0"));
    // An agent's answer (no durations in it): byte for byte, with its exit code.
    let answered = server
        .request("POST", "/api/fire/PreToolUse?output=claude", payload)
        .expect(200);
    case.stdin(payload);
    let fired = case.fire_with("PreToolUse", &["--output", "claude"]);
    assert_eq!(answered.body, fired.stdout);
    assert_eq!(
        answered.header("x-hookrun-exit-code"),
        Some(fired.code.unwrap().to_string().as_str())
    );
    // hookrun's document: the same but for the measured durations.
    let document = server
        .request("POST", "/api/fire/PreToolUse", payload)
        .expect(200);
    let fired = case.fire("PreToolUse");
    let strip = |text: &str| {
        let mut value: Value = serde_json::from_str(text).unwrap();
        for hook in value["hooks"].as_array_mut().unwrap() {
            hook.as_object_mut().unwrap().remove("duration_ms");
        }
        value
    };
    assert_eq!(strip(&document.body), strip(&fired.stdout));
    assert_eq!(document.json()["decision"], "deny");
    assert_eq!(document.header("x-hookrun-exit-code"), Some("2"));
    // A payload that is not an object: 400, as fire refuses it.
    server
        .request("POST", "/api/fire/PreToolUse", "[1]")
        .expect(400);
    server
        .request("POST", "/api/fire/PreToolUse?output=nobody", "{}")
        .expect(400);
}

#[test]
fn concurrent_creates_all_land_and_the_file_is_always_valid() {
    let case = prx_case(&json!({"hooks": {}}));
    let server = Arc::new(Server::start(&case, &[]));
    let done = Arc::new(AtomicBool::new(false));
    let path = case.at("hooks.json");
    let reader = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut reads = 0;
            while !done.load(Ordering::SeqCst) {
                let text = std::fs::read_to_string(&path).expect("the file is always there");
                serde_json::from_str::<Value>(&text)
                    .unwrap_or_else(|e| panic!("invalid JSON at a read ({e}): {text}"));
                reads += 1;
            }
            reads
        })
    };
    let clients: Vec<_> = (0..20)
        .map(|client| {
            let server = server.clone();
            std::thread::spawn(move || {
                for n in 0..10 {
                    let body = json!({"event": "tool_call", "action": {"command": "/bin/echo", "args": [format!("{client}-{n}")]}});
                    server
                        .request("POST", "/api/hooks", &body.to_string())
                        .expect(201);
                }
            })
        })
        .collect();
    for client in clients {
        client.join().unwrap();
    }
    done.store(true, Ordering::SeqCst);
    let reads = reader.join().unwrap();
    assert!(reads > 0);
    assert_eq!(hooks_in(&case).len(), 200);
    let listed = server.request("GET", "/api/hooks", "").json();
    assert_eq!(listed["hooks"].as_array().unwrap().len(), 200);
}

#[test]
fn a_server_killed_mid_edit_leaves_the_old_file() {
    if !cfg!(debug_assertions) {
        eprintln!("skipped: HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS is in debug builds only");
        return;
    }
    let case = prx_case(&json!({"hooks": {"error": [{"command": "/bin/true"}]}}));
    let before = std::fs::read_to_string(case.at("hooks.json")).unwrap();
    let server = Server::start_with(
        &case,
        &[],
        &[("HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS", "10000")],
    );
    let addr = server.addr.clone();
    let client = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        let body = r#"{"event": "error", "action": {"command": "/bin/echo"}}"#;
        let _ = write!(
            stream,
            "POST /api/hooks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
    });
    // The new text is in a temporary file beside hooks.json, not yet renamed.
    let start = Instant::now();
    loop {
        let temps = std::fs::read_dir(case.path())
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name() != "hooks.json"
                    && e.file_name().to_string_lossy().contains("hooks.json")
            })
            .count();
        if temps > 0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no temporary file appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    server.signal("KILL");
    let _ = server.wait(Duration::from_secs(5));
    client.join().unwrap();
    let after = std::fs::read_to_string(case.at("hooks.json")).unwrap();
    assert_eq!(after, before, "the old file, whole");
}

#[test]
fn the_configuration_reloads_and_a_broken_edit_keeps_the_last_good_one() {
    let case =
        prx_case(&json!({"hooks": {}})).hook("mark.sh", "#!/bin/sh\necho ran >> \"$0.log\"\n");
    let server = Server::start(&case, &[]);
    let fire = || {
        server
            .request("POST", "/api/fire/tool_call", "{}")
            .expect(200)
    };
    assert_eq!(fire().json()["hooks"], json!([]));
    let mark = case.at("mark.sh").display().to_string();
    std::fs::write(
        case.at("hooks.json"),
        json!({"hooks": {"tool_call": [{"command": mark}]}}).to_string(),
    )
    .unwrap();
    let reloaded = fire();
    assert_eq!(
        reloaded.json()["hooks"].as_array().unwrap().len(),
        1,
        "{reloaded:?}"
    );
    assert!(reloaded.header("x-hookrun-config-error").is_none());
    std::fs::write(case.at("hooks.json"), "{\"hooks\": {\"tool_call\": [").unwrap();
    let kept = fire();
    assert_eq!(
        kept.json()["hooks"].as_array().unwrap().len(),
        1,
        "{kept:?}"
    );
    assert!(
        kept.header("x-hookrun-config-error").is_some(),
        "the broken load is reported: {kept:?}"
    );
    std::fs::write(case.at("hooks.json"), json!({"hooks": {}}).to_string()).unwrap();
    let fixed = fire();
    assert_eq!(fixed.json()["hooks"], json!([]));
    assert!(fixed.header("x-hookrun-config-error").is_none());
    let runs = std::fs::read_to_string(format!("{mark}.log")).unwrap();
    assert_eq!(runs.lines().count(), 2);
}

/// An SSE subscriber reading in the background: the topics of the events it receives.
fn subscribe(server: &Server, pattern: &str) -> std::sync::mpsc::Receiver<String> {
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    write!(
        stream,
        "GET /api/events?topic={pattern} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\n\r\n"
    )
    .unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    let mut reader = BufReader::new(stream);
    // The head, then the opening comment: subscribed from here on.
    let mut line = String::new();
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "the stream ended early");
        if line.starts_with("HTTP/1.1 ") {
            assert!(line.contains("200"), "{line}");
        }
        if line.starts_with(": subscribed") {
            break;
        }
    }
    std::thread::spawn(move || {
        let mut line = String::new();
        while reader.read_line(&mut line).is_ok_and(|n| n > 0) {
            if let Some(topic) = line.strip_prefix("event: ") {
                let _ = send.send(topic.trim().to_owned());
            }
            if let Some(data) = line.strip_prefix("data: ") {
                let message: Value = serde_json::from_str(data.trim()).expect("JSON data");
                assert!(message["payload"].is_object());
            }
            line.clear();
        }
    });
    receive
}

fn received(events: &std::sync::mpsc::Receiver<String>, count: usize) -> Vec<String> {
    let mut got = Vec::new();
    while got.len() < count {
        match events.recv_timeout(Duration::from_secs(10)) {
            Ok(topic) => got.push(topic),
            Err(_) => break,
        }
    }
    // Nothing more arrives.
    if let Ok(extra) = events.recv_timeout(Duration::from_millis(300)) {
        got.push(extra);
    }
    got
}

#[test]
fn bus_subscribers_get_exactly_the_topics_they_asked_for() {
    let case = prx_case(&json!({"hooks": {}}));
    let server = Server::start(&case, &[]);
    let exact = subscribe(&server, "prx.lifecycle.tool_call");
    let prefix = subscribe(&server, "prx.*");
    let all = subscribe(&server, "*");
    let own = subscribe(&server, "hookrun.*");
    server
        .request("GET", "/api/events?topic=prx.*.x", "")
        .expect(400);
    for event in ["tool_call", "error", "PreToolUse", "tool_call"] {
        server
            .request("POST", &format!("/api/fire/{event}"), r#"{"n": 1}"#)
            .expect(200);
    }
    // Nested past depth 8: not published.
    server
        .send(
            "POST",
            "/api/fire/tool_call",
            "{}",
            &[
                ("Authorization", &format!("Bearer {TOKEN}")),
                ("X-Hookrun-Depth", "8"),
            ],
        )
        .expect(200);
    assert_eq!(
        received(&exact, 2),
        ["prx.lifecycle.tool_call", "prx.lifecycle.tool_call"]
    );
    assert_eq!(
        received(&prefix, 3),
        [
            "prx.lifecycle.tool_call",
            "prx.lifecycle.error",
            "prx.lifecycle.tool_call"
        ]
    );
    assert_eq!(
        received(&all, 4),
        [
            "prx.lifecycle.tool_call",
            "prx.lifecycle.error",
            "hookrun.PreToolUse",
            "prx.lifecycle.tool_call"
        ]
    );
    assert_eq!(received(&own, 1), ["hookrun.PreToolUse"]);
    // A message over 64 KB is refused, and the fire says so.
    let big = json!({"big": "x".repeat(70 * 1024)}).to_string();
    let refused = server.request("POST", "/api/fire/error", &big).expect(200);
    assert!(
        refused
            .header("x-hookrun-bus-error")
            .is_some_and(|e| e.contains("limit")),
        "{:?}",
        refused.headers
    );
    assert!(received(&all, 0).is_empty());
}

#[test]
fn a_body_over_the_cap_is_refused() {
    let case = prx_case(&json!({"hooks": {}}));
    let server = Server::start(&case, &["--max-body", "1000"]);
    let big = json!({"x": "y".repeat(2000)}).to_string();
    server
        .request("POST", "/api/fire/tool_call", &big)
        .expect(413);
    let hook =
        json!({"event": "error", "action": {"command": "/bin/true", "args": ["y".repeat(2000)]}});
    server
        .request("POST", "/api/hooks", &hook.to_string())
        .expect(413);
    // The server is still there.
    server
        .request("POST", "/api/fire/tool_call", "{}")
        .expect(200);
}

#[test]
fn a_remote_address_needs_allow_remote() {
    let case = prx_case(&json!({"hooks": {}}));
    let out = case
        .command(&["serve", "--addr", "0.0.0.0:0"])
        .env("HOOKRUN_SERVE_BIN", env!("CARGO_BIN_EXE_hookrun-serve"))
        .env("HOOKRUN_SERVE_TOKEN", TOKEN)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--allow-remote"), "{stderr}");
}

#[test]
fn the_unix_socket_is_0600_and_serves() {
    use std::os::unix::fs::PermissionsExt as _;
    let case = prx_case(&json!({"hooks": {}}));
    let socket = case.at("serve.sock");
    let socket_arg = socket.display().to_string();
    let server = Server::start(&case, &["--socket", &socket_arg]);
    let mode = std::fs::metadata(&socket).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let mut stream = std::os::unix::net::UnixStream::connect(&socket).unwrap();
    write!(
        stream,
        "GET /api/hooks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    Reply::parse(&raw).expect(200);
    server.signal("TERM");
    assert_eq!(server.wait(Duration::from_secs(10)), Some(0));
    assert!(!socket.exists(), "the socket is removed at exit");
}

#[test]
fn shutdown_lets_a_running_fire_finish_then_ends_hooks_past_the_grace() {
    let case = prx_case(&json!({"hooks": {}}))
        .hook("slow.sh", "#!/bin/sh\nsleep 1\necho done > \"$0.done\"\n")
        .hook(
            "stuck.sh",
            "#!/bin/sh\necho $$ > \"$0.pid\"\nexec sleep 60\n",
        );
    let slow = case.at("slow.sh").display().to_string();
    let stuck = case.at("stuck.sh").display().to_string();
    std::fs::write(
        case.at("hooks.json"),
        json!({"hooks": {"tool_call": [{"command": slow}], "error": [{"command": stuck}]}})
            .to_string(),
    )
    .unwrap();

    // Within the grace: the fire finishes and is answered; the server exits 0.
    let server = Arc::new(Server::start(&case, &["--grace", "20s"]));
    let firing = {
        let server = server.clone();
        std::thread::spawn(move || server.request("POST", "/api/fire/tool_call", "{}"))
    };
    std::thread::sleep(Duration::from_millis(400));
    server.signal("TERM");
    let reply = firing.join().unwrap().expect(200);
    assert_eq!(reply.json()["hooks"][0]["outcome"], "success");
    assert!(case.at("slow.sh.done").exists());
    let server = Arc::into_inner(server).unwrap();
    assert_eq!(server.wait(Duration::from_secs(10)), Some(0));

    // Past the grace: the hook's group is ended, the fire answers 503, the server exits 0.
    let server = Arc::new(Server::start(&case, &["--grace", "300ms"]));
    let firing = {
        let server = server.clone();
        std::thread::spawn(move || server.request("POST", "/api/fire/error", "{}"))
    };
    let start = Instant::now();
    while !case.at("stuck.sh.pid").exists() {
        assert!(start.elapsed() < Duration::from_secs(10));
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid: u32 = std::fs::read_to_string(case.at("stuck.sh.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    server.signal("TERM");
    let reply = firing.join().unwrap().expect(503);
    assert_eq!(reply.header("x-hookrun-exit-code"), Some("143"));
    let server = Arc::into_inner(server).unwrap();
    assert_eq!(server.wait(Duration::from_secs(15)), Some(0));
    assert!(
        crate::harness::wait_dead(pid, Duration::from_secs(5)),
        "the stuck hook was ended"
    );
}

#[test]
fn fires_run_in_parallel_and_the_hooks_of_one_fire_in_order() {
    let case = prx_case(&json!({"hooks": {}})).hook(
        "nap.sh",
        "#!/bin/sh\nsleep 0.6\necho \"$1\" >> \"$0.order\"\n",
    );
    let nap = case.at("nap.sh").display().to_string();
    std::fs::write(
        case.at("hooks.json"),
        json!({"hooks": {
            "tool_call": [{"command": nap}],
            "error": [{"command": nap, "args": ["first"]}, {"command": nap, "args": ["second"]}],
        }})
        .to_string(),
    )
    .unwrap();
    let server = Arc::new(Server::start(&case, &[]));
    let start = Instant::now();
    let fires: Vec<_> = (0..6)
        .map(|_| {
            let server = server.clone();
            std::thread::spawn(move || {
                server
                    .request("POST", "/api/fire/tool_call", "{}")
                    .expect(200)
            })
        })
        .collect();
    for fire in fires {
        fire.join().unwrap();
    }
    let parallel = start.elapsed();
    assert!(
        parallel < Duration::from_millis(6 * 600 / 2),
        "six 0.6 s fires took {parallel:?}: not run in parallel"
    );
    std::fs::remove_file(case.at("nap.sh.order")).unwrap();
    let start = Instant::now();
    server.request("POST", "/api/fire/error", "{}").expect(200);
    assert!(
        start.elapsed() >= Duration::from_millis(1200),
        "one after the other"
    );
    let order = std::fs::read_to_string(case.at("nap.sh.order")).unwrap();
    assert_eq!(order, "first\nsecond\n");
}

#[test]
fn an_async_hook_outlives_its_fire_and_other_fires_sweeps() {
    // The worker is started as the running program (hookrun-serve), and a later fire's sweep on
    // another thread must leave it alone.
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"later\"\nevents = [\"Stop\"]\nasync = true\ncommand = 'sleep 1; echo done > async.done'\n\n[[hook]]\nname = \"now\"\nevents = [\"PreToolUse\"]\ncommand = 'true'\n",
        )
        .file("hooks.json", "{\"hooks\": {}}");
    let server = Server::start(&case, &[]);
    server.request("POST", "/api/fire/Stop", "{}").expect(200);
    for _ in 0..5 {
        server
            .request("POST", "/api/fire/PreToolUse", "{}")
            .expect(200);
    }
    let start = Instant::now();
    while !case.at("async.done").exists() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the async hook never finished"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_claude_file_is_served_with_its_matcher_and_no_per_hook_switch() {
    let case = Case::new().file(".claude/settings.json", "{\"model\": \"x\"}\n");
    let server = Server::start(&case, &["--file", ".claude/settings.json"]);
    let created = server
        .request(
            "POST",
            "/api/hooks",
            r#"{"event": "PreToolUse", "matcher": "Bash", "action": {"command": "./guard.sh"}, "enabled": true}"#,
        )
        .expect(201)
        .json();
    assert_eq!(created["matcher"], "Bash");
    let before = std::fs::read_to_string(case.at(".claude/settings.json")).unwrap();
    assert!(before.contains("\"model\": \"x\""), "{before}");
    let refused = server
        .request(
            "POST",
            "/api/hooks",
            r#"{"event": "PreToolUse", "action": {"command": "./other.sh"}, "enabled": false}"#,
        )
        .expect(400);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("no switch")
    );
    assert_eq!(
        std::fs::read_to_string(case.at(".claude/settings.json")).unwrap(),
        before
    );
    let id = created["id"].as_str().unwrap();
    server
        .request("PATCH", &format!("/api/hooks/{id}/toggle"), "")
        .expect(400);
}
