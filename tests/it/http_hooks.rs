//! http hooks against real servers on the loopback address: what is sent (headers, the payload
//! exactly as a command hook reads it, allowed variables only), how replies are read, the
//! outbound policy, and the fail posture.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Case;
use crate::webhook::{Answer, Webhook};

/// Claude settings with one PreToolUse http handler (`fields` are its other keys) and a command
/// hook that saves its stdin to `stdin.json`.
fn claude_http(url: &str, fields: &str) -> String {
    format!(
        r#"{{"hooks": {{"PreToolUse": [{{"hooks": [
            {{"type": "http", "url": "{url}"{fields}}},
            {{"type": "command", "command": "cat > stdin.json"}}]}}]}}}}"#
    )
}

fn bash_payload() -> Value {
    json!({"session_id": "s1", "tool_name": "Bash", "tool_input": {"command": "ls"}})
}

#[test]
fn the_request_carries_the_command_hooks_stdin_and_only_allowed_variables() {
    let server = Webhook::replying(200, "");
    let fields = r#", "headers": {"Authorization": "Bearer $TOKEN", "X-Also": "${TOKEN}-x", "X-Leak": "[$SECRET]"},
        "allowedEnvVars": ["TOKEN"]"#;
    let case = Case::new()
        .file(".claude/settings.json", &claude_http(&server.url, fields))
        .env("TOKEN", "t0k3n")
        .env("SECRET", "do-not-send");
    case.payload(bash_payload());
    let run = case
        .fire("PreToolUse")
        .exit(0)
        .decision("none")
        .stderr_has("header `X-Leak` references $SECRET, which is not in allowedEnvVars");
    let hook = run.hook("http-127.0.0.1");
    assert_eq!(hook["outcome"], "success", "{hook}");
    assert_eq!(hook["http_status"], 200, "{hook}");
    let received = server.received();
    assert_eq!(received.len(), 1);
    let request = &received[0];
    assert_eq!(
        (request.method.as_str(), request.path.as_str()),
        ("POST", "/hook")
    );
    assert_eq!(request.header("content-type"), Some("application/json"));
    assert_eq!(request.header("authorization"), Some("Bearer t0k3n"));
    assert_eq!(request.header("x-also"), Some("t0k3n-x"));
    assert_eq!(request.header("x-leak"), Some("[]"));
    let stdin = std::fs::read(case.at("stdin.json")).unwrap();
    assert_eq!(
        request.body, stdin,
        "the body is the command hook's stdin, byte for byte"
    );
}

#[test]
fn a_json_deny_from_a_2xx_reply_blocks_like_a_commands_stdout() {
    let server = Webhook::replying(
        200,
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "not on Fridays"}}"#,
    );
    let case = Case::new().file(".claude/settings.json", &claude_http(&server.url, ""));
    case.payload(bash_payload());
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "not on Fridays", "{}", run.stdout);
    assert_eq!(run.hook("http-127.0.0.1")["outcome"], "blocking");
}

#[test]
fn failures_are_non_blocking_and_recorded_with_status_and_body() {
    let cases = [
        (500, "upstream exploded", "http: status 500"),
        (200, "OK, fine", "not a JSON object"),
        (200, "[1, 2]", "not a JSON object"),
    ];
    for (status, body, error) in cases {
        let server = Webhook::replying(status, body);
        let case = Case::new().file(".claude/settings.json", &claude_http(&server.url, ""));
        case.payload(bash_payload());
        let run = case.fire("PreToolUse").exit(0).decision("none");
        let hook = run.hook("http-127.0.0.1");
        assert_eq!(hook["outcome"], "non_blocking_error", "{hook}");
        assert_eq!(hook["http_status"], status, "{hook}");
        assert_eq!(hook["http_body"], body, "{hook}");
        assert!(hook["error"].as_str().unwrap().contains(error), "{hook}");
    }
}

#[test]
fn a_failure_blocks_when_the_hook_fails_closed_or_under_strict() {
    let server = Webhook::replying(500, "down");
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_http(&server.url, r#", "onFailure": "block""#),
    );
    case.payload(bash_payload());
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert!(
        run.json()["reason"]
            .as_str()
            .unwrap()
            .contains("status 500"),
        "{}",
        run.stdout
    );
    let open = Case::new().file(".claude/settings.json", &claude_http(&server.url, ""));
    open.payload(bash_payload());
    open.fire_with("PreToolUse", &["--strict"])
        .exit(2)
        .decision("deny");
}

#[test]
fn a_redirect_is_not_followed() {
    let server = Webhook::start(|request| {
        if request.path == "/hook" {
            Answer::Reply(302, "Location: /elsewhere\r\n", String::new())
        } else {
            Answer::Reply(200, "", r#"{"decision": "deny"}"#.into())
        }
    });
    let case = Case::new().file(".claude/settings.json", &claude_http(&server.url, ""));
    case.payload(bash_payload());
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.hook("http-127.0.0.1")["http_status"], 302);
    let paths: Vec<String> = server.received().into_iter().map(|r| r.path).collect();
    assert_eq!(paths, ["/hook"]);
}

#[test]
fn a_server_that_never_answers_times_out() {
    let server = Webhook::start(|_| Answer::Never);
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_http(&server.url, r#", "timeout": 1"#),
    );
    case.payload(bash_payload());
    let run = case
        .fire("PreToolUse")
        .exit(0)
        .within(Duration::from_secs(10));
    let hook = run.hook("http-127.0.0.1");
    assert_eq!(hook["outcome"], "cancelled", "{hook}");
    assert_eq!(hook["timed_out_after_ms"], 1000, "{hook}");
    assert!(
        hook["error"].as_str().unwrap().contains("no reply"),
        "{hook}"
    );
}

#[test]
fn a_url_outside_the_users_allowlist_is_refused_without_connecting() {
    let server = Webhook::replying(200, "");
    let case = Case::new()
        .home_file(
            "config/hookrun/hookrun.toml",
            "[http]\nallow = [\"https://audit.example.com/*\"]\n",
        )
        // The project's own [http] cannot widen the user's.
        .file("hookrun.toml", "[http]\nallow = [\"http://127.0.0.1:*\"]\n")
        .file(".claude/settings.json", &claude_http(&server.url, ""));
    case.payload(bash_payload());
    let run = case
        .fire_with("PreToolUse", &["--strict"])
        .exit(2)
        .decision("deny");
    let hook = run.hook("http-127.0.0.1");
    assert!(
        hook["error"]
            .as_str()
            .unwrap()
            .contains("matches no pattern of `[http] allow`"),
        "{hook}"
    );
    let validate = case.run(&["validate"]).exit(1);
    assert!(
        validate.stdout.contains("its request would be refused"),
        "{}",
        validate.stdout
    );
    assert!(
        validate
            .stdout
            .contains("[http] counts only in the user-level hookrun.toml"),
        "{}",
        validate.stdout
    );
    assert!(server.received().is_empty(), "the server saw a request");
}

#[test]
fn the_users_allowlist_holds_on_every_fire_not_only_the_first() {
    // The second fire may read the project's configuration back from the cache: the allowlist
    // must still come from the user's file.
    let server = Webhook::replying(200, "");
    let case = Case::new()
        .home_file(
            "config/hookrun/hookrun.toml",
            "[http]\nallow = [\"https://audit.example.com/*\"]\n",
        )
        .file(".claude/settings.json", &claude_http(&server.url, ""));
    case.payload(bash_payload());
    for _ in 0..2 {
        let run = case
            .fire_with("PreToolUse", &["--strict"])
            .exit(2)
            .decision("deny");
        let hook = run.hook("http-127.0.0.1");
        assert!(
            hook["error"]
                .as_str()
                .unwrap()
                .contains("matches no pattern of `[http] allow`"),
            "{hook}"
        );
    }
    assert!(server.received().is_empty(), "the server saw a request");
}

#[test]
fn link_local_and_metadata_addresses_are_always_refused() {
    for url in [
        "http://169.254.169.254/latest/meta-data",
        "http://[fe80::1]/x",
        "http://100.100.100.200/",
    ] {
        let case = Case::new().file(".claude/settings.json", &claude_http(url, ""));
        case.payload(bash_payload());
        let run = case
            .fire("PreToolUse")
            .exit(0)
            .within(Duration::from_secs(5));
        let error = run.json()["hooks"][0]["error"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(error.contains("refused"), "{url}: {}", run.stdout);
        case.run(&["validate"])
            .exit(1)
            .stdout_has("its request would be refused");
    }
}

#[test]
fn hookrun_toml_http_hooks_fail_closed_with_on_error_deny_and_are_deduplicated_by_url() {
    let server = Webhook::replying(503, "");
    let toml = format!(
        "[[hook]]\nname = \"audit\"\nevents = [\"PreToolUse\"]\nurl = \"{}\"\nheaders = {{ X-Token = \"$TOKEN\" }}\nallowed_env_vars = [\"TOKEN\"]\non_error = \"deny\"\n",
        server.url
    );
    let case = Case::new()
        .file("hookrun.toml", &toml)
        .file(".claude/settings.json", &claude_http(&server.url, ""))
        .env("TOKEN", "abc");
    case.payload(bash_payload());
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    let received = server.received();
    assert_eq!(received.len(), 1, "one request per URL: {}", run.stdout);
    let list = case.run(&["list", "--format", "json"]).exit(0);
    assert!(list.stdout.contains("\"http\""), "{}", list.stdout);
    let dry = case.fire_with("PreToolUse", &["--dry-run"]).exit(0);
    assert!(dry.stdout.contains(&server.url), "{}", dry.stdout);
}

#[test]
fn validate_points_at_a_header_reference_that_is_not_allowed() {
    let settings = r#"{"hooks": {"Stop": [{"hooks": [
  {"type": "http", "url": "http://127.0.0.1:9/x", "headers": {"Authorization": "Bearer $API_KEY"}}]}]}}"#;
    let run = Case::new()
        .file(".claude/settings.json", settings)
        .run(&["validate", "--format", "json"]);
    let all: Value = serde_json::from_str(&run.stdout).unwrap_or_default();
    let found = all
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| {
            d["message"]
                .as_str()
                .is_some_and(|m| m.contains("$API_KEY"))
        })
        .cloned()
        .unwrap_or_else(|| panic!("no finding: {}", run.stdout));
    assert_eq!(found["severity"], "warning", "{found}");
    assert_eq!(
        (found["line"].as_u64(), found["column"].as_u64()),
        (Some(2), Some(88)),
        "{found}"
    );
}
