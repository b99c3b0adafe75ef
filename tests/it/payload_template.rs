//! An http hook's `payload_template` (hookrun.toml): the body sent is the template with each
//! template value filled in as one JSON value — waited for or async — and `validate`, `list`,
//! `--dry-run` and dedup know it.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::Case;
use crate::webhook::Webhook;

/// A hookrun.toml http hook named `audit` on PreToolUse with `extra` lines.
fn toml_http(url: &str, extra: &str) -> String {
    format!("[[hook]]\nname = \"audit\"\nevents = [\"PreToolUse\"]\nurl = \"{url}\"\n{extra}\n")
}

const TEMPLATE: &str = r#"payload_template = { event = "file_written", path = "$tool_input_path", timestamp = "$timestamp", agent_session = "$session_id", input = "${tool_input}", edits = "${tool_input.edits.0}", size = "$tool_input_size", missing = "$tool_input_nope", note = "wrote $tool_input_path on $event", literal = 7 }"#;

fn write_payload() -> Value {
    json!({"session_id": "s-42", "tool_name": "Write",
           "tool_input": {"path": "src/a \"b\".ts", "size": 12, "edits": [{"old": "x"}]}})
}

fn body_of(server: &Webhook) -> Value {
    let received = server.received();
    assert_eq!(received.len(), 1, "one request");
    serde_json::from_slice(&received[0].body).expect("a JSON body")
}

fn assert_expanded(body: &Value) {
    assert_eq!(body["event"], "file_written", "{body}");
    assert_eq!(
        body["path"], "src/a \"b\".ts",
        "a string stays one string: {body}"
    );
    assert_eq!(body["agent_session"], "s-42", "{body}");
    assert_eq!(body["size"], 12, "a number stays a number: {body}");
    assert_eq!(
        body["input"]["edits"],
        json!([{"old": "x"}]),
        "an object stays an object: {body}"
    );
    assert_eq!(body["edits"], json!({"old": "x"}), "{body}");
    assert_eq!(body["missing"], Value::Null, "{body}");
    assert_eq!(body["note"], "wrote src/a \"b\".ts on PreToolUse", "{body}");
    assert_eq!(body["literal"], 7, "{body}");
    let timestamp = body["timestamp"].as_str().unwrap_or_default();
    assert!(
        timestamp.len() >= 20 && timestamp.contains('T'),
        "an RFC 3339 time: {body}"
    );
    assert!(
        body.get("tool_name").is_none(),
        "only the template is sent: {body}"
    );
}

#[test]
fn the_body_is_the_template_with_each_value_filled_in_as_one_json_value() {
    let server = Webhook::replying(200, "");
    let case = Case::new().file("hookrun.toml", &toml_http(&server.url, TEMPLATE));
    case.payload(write_payload());
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.hook("audit")["outcome"], "success", "{}", run.stdout);
    let received = server.received();
    assert_eq!(received[0].header("content-type"), Some("application/json"));
    assert_expanded(&body_of(&server));
}

#[test]
fn an_async_hook_sends_the_filled_in_template_too() {
    let server = Webhook::replying(200, "");
    let case = Case::new().file(
        "hookrun.toml",
        &toml_http(&server.url, &format!("async = true\n{TEMPLATE}")),
    );
    case.payload(write_payload());
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.hook("audit")["outcome"], "started", "{}", run.stdout);
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.received().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_expanded(&body_of(&server));
}

#[test]
fn hooks_with_one_url_and_different_templates_each_send_their_body() {
    let server = Webhook::replying(200, "");
    let toml = format!(
        "{}{}",
        toml_http(&server.url, "payload_template = { kind = \"one\" }"),
        toml_http(&server.url, "payload_template = { kind = \"two\" }").replace("audit", "audit2"),
    );
    let case = Case::new().file("hookrun.toml", &toml);
    case.payload(write_payload());
    case.fire("PreToolUse").exit(0);
    let mut kinds: Vec<String> = server
        .received()
        .iter()
        .map(|request| {
            let body: Value = serde_json::from_slice(&request.body).unwrap();
            body["kind"].as_str().unwrap_or_default().to_owned()
        })
        .collect();
    kinds.sort();
    assert_eq!(kinds, ["one", "two"]);
}

#[test]
fn list_and_dry_run_show_the_template() {
    let case = Case::new().file(
        "hookrun.toml",
        &toml_http(
            "http://127.0.0.1:9/x",
            "payload_template = { path = \"$tool_input_path\" }",
        ),
    );
    let list = case.run(&["list", "--format", "json"]).exit(0);
    assert!(
        list.stdout
            .contains(r#""payload_template":{"path":"$tool_input_path"}"#),
        "{}",
        list.stdout
    );
    let dry = case.fire_with("PreToolUse", &["--dry-run"]).exit(0);
    assert_eq!(
        dry.hook("audit")["payload_template"],
        json!({"path": "$tool_input_path"}),
        "{}",
        dry.stdout
    );
}

/// `validate --format json`'s findings.
fn findings(case: &Case, code: i32) -> Vec<Value> {
    let run = case.run(&["validate", "--format", "json"]).exit(code);
    serde_json::from_str::<Value>(&run.stdout)
        .ok()
        .and_then(|all| all.as_array().cloned())
        .unwrap_or_else(|| panic!("not a JSON list: {}", run.stdout))
}

fn finding<'a>(all: &'a [Value], text: &str) -> &'a Value {
    all.iter()
        .find(|d| d["message"].as_str().is_some_and(|m| m.contains(text)))
        .unwrap_or_else(|| panic!("no finding saying {text:?}: {all:?}"))
}

#[test]
fn a_template_on_a_hook_that_sends_no_request_is_a_validate_error() {
    let toml = "[[hook]]\nname = \"lint\"\nevents = [\"PreToolUse\"]\ncommand = \"true\"\npayload_template = { a = \"$event\" }\n\n\
                [[hook]]\nname = \"ask\"\nevents = [\"PreToolUse\"]\nprompt = \"ok?\"\npayload_template = { a = \"$event\" }\n";
    let all = findings(&Case::new().file("hookrun.toml", toml), 1);
    let errors: Vec<&Value> = all
        .iter()
        .filter(|d| {
            d["message"]
                .as_str()
                .is_some_and(|m| m.contains("`payload_template` is the body of an http hook"))
        })
        .collect();
    assert_eq!(errors.len(), 2, "{all:?}");
    assert!(
        errors.iter().all(|d| d["severity"] == "error"),
        "{errors:?}"
    );
    assert_eq!(errors[0]["line"], 5, "{errors:?}");
}

#[test]
fn a_template_that_is_not_a_table_is_a_validate_error() {
    let case = Case::new().file(
        "hookrun.toml",
        &toml_http(
            "http://127.0.0.1:9/x",
            "payload_template = \"$tool_input_path\"",
        ),
    );
    let all = findings(&case, 1);
    assert_eq!(
        finding(&all, "`payload_template` must be a table")["severity"],
        "error"
    );
}

#[test]
fn validate_warns_about_a_word_that_is_no_template_value() {
    let case = Case::new().file(
        "hookrun.toml",
        &toml_http(
            "http://127.0.0.1:9/x",
            "payload_template = { s = \"$sessionid\", ok = \"$session_id costs $5\" }",
        ),
    );
    let all = findings(&case, 0);
    let found = finding(
        &all,
        "`$sessionid` in `payload_template` is no template value",
    );
    assert_eq!(found["severity"], "warning", "{found}");
    assert_eq!(found["line"], 5, "{found}");
    assert_eq!(
        all.iter()
            .filter(|d| d["message"]
                .as_str()
                .is_some_and(|m| m.contains("no template value")))
            .count(),
        1,
        "{all:?}"
    );
}
