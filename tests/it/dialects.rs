//! The Cursor, PraisonAI and Gemini dialects through the real binary: discovery,
//! matching, the payload and environment each hook sees, timeout units, fail posture, ordering,
//! and each system's documented example (the projects under `fixtures/<dialect>/`).

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::{Case, fixture};

/// Copies what a hook received where the test can read it: stdin, then the environment.
const CAPTURE: &str = "#!/bin/sh\ncat > seen-stdin.json\nenv > seen-env.txt\n";

fn seen_stdin(case: &Case) -> Value {
    let text = std::fs::read_to_string(case.at("seen-stdin.json")).expect("the hook ran");
    assert!(
        text.ends_with('\n') && text.lines().count() == 1,
        "{text:?}"
    );
    serde_json::from_str(&text).expect("the hook saw JSON")
}

fn seen_env(case: &Case) -> HashMap<String, String> {
    std::fs::read_to_string(case.at("seen-env.txt"))
        .expect("the hook ran")
        .lines()
        .filter_map(|line| line.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// The names of the hooks that ran (or were listed) when `event` fired for `tool_name`.
fn ran_for_tool(case: &Case, event: &str, tool: &str) -> Vec<String> {
    case.payload(json!({"tool_name": tool}))
        .fire(event)
        .hook_names()
}

fn project(case: &Case) -> String {
    case.path().canonicalize().unwrap().display().to_string()
}

fn cursor_file(event: &str, entries: &str) -> String {
    format!(r#"{{"version": 1, "hooks": {{"{event}": [{entries}]}}}}"#)
}

fn gemini_file(event: &str, matcher: &str, handler: &str) -> String {
    format!(
        r#"{{"hooks": {{"{event}": [{{"matcher": {matcher:?}, "hooks": [{{"type": "command", {handler}}}]}}]}}}}"#
    )
}

fn praison_file(entries: &str) -> String {
    format!(r#"{{"hooks": [{entries}]}}"#)
}

// ---- Cursor ----

#[test]
fn cursor_shell_matcher_is_tested_against_the_command() {
    let case = Case::new().file(
        ".cursor/hooks.json",
        &cursor_file(
            "beforeShellExecution",
            r#"{"command": "echo network is off >&2; exit 2", "matcher": "curl|wget|nc"}"#,
        ),
    );
    case.payload(json!({"command": "curl -s https://example.com"}))
        .fire("beforeShellExecution")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("network is off"))
        .field("/hooks/0/dialect", &json!("cursor"));
    case.payload(json!({"command": "ls -la"}))
        .fire("beforeShellExecution")
        .exit(0)
        .decision("none")
        .field("/hooks", &json!([]));
    // The cursor file answers only its own event names.
    case.payload(json!({"command": "curl x"}))
        .fire("PreToolUse")
        .exit(0)
        .field("/hooks", &json!([]));
}

#[test]
fn cursor_hook_sees_the_payload_with_hook_event_name_and_cursor_variables() {
    let case = Case::new()
        .file(
            ".cursor/hooks.json",
            &cursor_file("afterFileEdit", r#"{"command": "./capture.sh"}"#),
        )
        .hook("capture.sh", CAPTURE);
    let payload = json!({"conversation_id": "c1", "file_path": "/w/a.rs", "edits": []});
    case.payload(payload.clone()).fire("afterFileEdit").exit(0);
    let mut expected = payload;
    expected["hook_event_name"] = json!("afterFileEdit");
    assert_eq!(seen_stdin(&case), expected);
    let env = seen_env(&case);
    let dir = project(&case);
    assert_eq!(env.get("CURSOR_PROJECT_DIR"), Some(&dir));
    assert_eq!(env.get("CLAUDE_PROJECT_DIR"), Some(&dir));
    assert_eq!(
        env.get("HOOKRUN_EVENT").map(String::as_str),
        Some("afterFileEdit")
    );
}

#[test]
fn cursor_fail_closed_turns_a_failure_into_a_deny() {
    let crash = r#"{"command": "echo crashed >&2; exit 1", "failClosed": true}"#;
    Case::new()
        .file(".cursor/hooks.json", &cursor_file("beforeReadFile", crash))
        .fire("beforeReadFile")
        .exit(2)
        .decision("deny")
        .field("/hooks/0/outcome", &json!("blocking"));
    let open = r#"{"command": "echo crashed >&2; exit 1"}"#;
    Case::new()
        .file(".cursor/hooks.json", &cursor_file("beforeReadFile", open))
        .fire("beforeReadFile")
        .exit(0)
        .decision("none")
        .field("/hooks/0/outcome", &json!("non_blocking_error"));
}

#[test]
fn cursor_hooks_run_in_file_order() {
    let entries = r#"{"command": "echo first >> order.txt"}, {"command": "echo second >> order.txt"}, {"command": "echo third >> order.txt"}"#;
    let case = Case::new().file(".cursor/hooks.json", &cursor_file("stop", entries));
    case.fire("stop").exit(0);
    let order = std::fs::read_to_string(case.at("order.txt")).unwrap();
    assert_eq!(order, "first\nsecond\nthird\n");
}

#[test]
fn cursor_invalid_regex_is_a_configuration_error() {
    Case::new()
        .file(
            ".cursor/hooks.json",
            &cursor_file("preToolUse", r#"{"command": "true", "matcher": "Shell("}"#),
        )
        .payload(json!({"tool_name": "Shell"}))
        .fire("preToolUse")
        .exit(1)
        .stderr_has(".cursor/hooks.json");
}

// ---- PraisonAI ----

#[test]
fn praison_events_compare_case_insensitively() {
    let case = Case::new().file(
        ".praison/hooks.json",
        &praison_file(r#"{"event": "BEFORE_TOOL", "command": "echo '{\"decision\": \"deny\", \"reason\": \"no\"}'"}"#),
    );
    for event in ["before_tool", "Before_Tool", "BEFORE_TOOL"] {
        case.fire(event).exit(2).decision("deny");
    }
    case.fire("after_tool").exit(0).field("/hooks", &json!([]));
}

#[test]
fn praison_matcher_is_anchored_at_the_start_and_invalid_regex_is_a_substring() {
    let entries = r#"{"event": "before_tool", "name": "writes", "matcher": "write_*", "command": "exit 2"},
        {"event": "before_tool", "name": "broken", "matcher": "run_(", "command": "exit 2"}"#;
    let case = Case::new().file(".praison/hooks.json", &praison_file(entries));
    let ran = |tool: &str| ran_for_tool(&case, "before_tool", tool);
    assert_eq!(ran("write_file"), ["writes"]);
    assert_eq!(ran("rewrite_file"), Vec::<String>::new());
    // `run_(` does not compile: praison searches it as a substring, anywhere.
    assert_eq!(ran("do_run_(x)"), ["broken"]);
    assert_eq!(ran("run_shell"), Vec::<String>::new());
}

#[test]
fn praison_hook_sees_event_name_and_praison_variables() {
    let case = Case::new()
        .file(
            ".praison/hooks.json",
            &praison_file(
                r#"{"event": "after_tool", "name": "cap", "command": "./capture.sh", "env": {"LEVEL": "strict"}}"#,
            ),
        )
        .hook("capture.sh", CAPTURE);
    let payload = json!({"session_id": "s", "tool_name": "read_file", "tool_input": {"path": "a"}});
    case.payload(payload.clone()).fire("after_tool").exit(0);
    let mut expected = payload;
    expected["event_name"] = json!("after_tool");
    let seen = seen_stdin(&case);
    assert_eq!(seen, expected);
    assert!(seen.get("hook_event_name").is_none());
    let env = seen_env(&case);
    assert_eq!(env.get("PRAISON_PROJECT_DIR"), Some(&project(&case)));
    assert_eq!(
        env.get("PRAISON_EVENT").map(String::as_str),
        Some("after_tool")
    );
    assert_eq!(env.get("LEVEL").map(String::as_str), Some("strict"));
    assert_eq!(env.get("HOOKRUN_HOOK").map(String::as_str), Some("cap"));
}

#[test]
fn praison_hooks_get_the_payload_as_json_dumps_writes_it() {
    let case = Case::new()
        .file(
            ".praison/hooks.json",
            &praison_file(r#"{"event": "before_tool", "command": "./capture.sh"}"#),
        )
        .hook("capture.sh", CAPTURE);
    case.payload(json!({"event_name": "before_tool", "tool_name": "é"}))
        .fire("BEFORE_TOOL")
        .exit(0);
    let text = std::fs::read_to_string(case.at("seen-stdin.json")).unwrap();
    assert_eq!(
        text,
        "{\"event_name\": \"before_tool\", \"tool_name\": \"\\u00e9\"}\n"
    );
    assert_eq!(
        seen_env(&case).get("PRAISON_EVENT").map(String::as_str),
        Some("before_tool")
    );
}

#[test]
fn praison_ignores_enabled_and_skips_entries_without_a_command() {
    let case = Case::new().file(
        ".praison/hooks.json",
        r#"{"enabled": false, "hooks": [{"event": "before_tool", "name": "nothing"},
            {"event": "before_tool", "command": "echo still on >&2; exit 2"}]}"#,
    );
    case.fire("before_tool")
        .exit(2)
        .field("/reason", &json!("still on"));
    case.fire_with("before_tool", &["-v"])
        .stderr_has("does not read `enabled`")
        .stderr_has("PraisonAI skips it");
}

/// `HookRunner` fails closed and words each failure itself; its reason is reported as is.
#[test]
fn praison_hooks_fail_closed_with_praisons_reasons() {
    let rows = [
        (
            "exit 1",
            "echo oops >&2; exit 1",
            "Hook exited with unexpected code 1: oops",
        ),
        (
            "allow, then exit 1",
            r#"echo '{"decision": "allow"}'; echo bad >&2; exit 1"#,
            "Hook exited with unexpected code 1 after emitting an allow decision: bad",
        ),
        (
            "not an object",
            "echo 42",
            "Hook 'g' raised: 'int' object has no attribute 'get'",
        ),
        ("exit 2, silent", "exit 2", "Blocked by hook"),
        ("timeout", "exec sleep 5", "Hook 'g' timed out after 0.5s"),
    ];
    for (row, command, reason) in rows {
        let entry =
            json!({"event": "before_tool", "name": "g", "command": command, "timeout": 0.5});
        let case = Case::new().file(".praison/hooks.json", &praison_file(&entry.to_string()));
        let run = case.fire("before_tool").within(Duration::from_secs(4));
        assert_eq!(run.code, Some(2), "{row}: {}", run.stdout);
        assert_eq!(run.json()["reason"], json!(reason), "{row}");
    }
    // A JSON deny without a reason stays without one.
    let case = Case::new().file(
        ".praison/hooks.json",
        &praison_file(r#"{"event": "before_tool", "command": "echo '{\"decision\": \"deny\"}'"}"#),
    );
    let run = case.fire("before_tool").exit(2).decision("deny");
    assert!(run.json().get("reason").is_none(), "{}", run.stdout);
}

/// `get_blocking_reason` reports the first denying result; every hook still runs.
#[test]
fn praison_reports_the_first_deny_reason_alone() {
    let entries = r#"{"event": "before_tool", "name": "a", "command": "echo first >&2; exit 2"},
        {"event": "before_tool", "name": "b", "command": "echo second >&2; exit 2"}"#;
    let case = Case::new().file(".praison/hooks.json", &praison_file(entries));
    let run = case
        .fire("before_tool")
        .exit(2)
        .field("/reason", &json!("first"));
    assert_eq!(
        run.hook("b")["reason"],
        json!("second"),
        "its record keeps it"
    );
}

#[test]
fn praison_plain_stdout_is_context_and_only_modified_input_rewrites() {
    let entries = r#"{"event": "after_tool", "command": "echo one"},
        {"event": "after_tool", "command": "echo '{\"additional_context\": \"two\", \"updated_input\": {\"x\": 1}}'"}"#;
    let case = Case::new().file(".praison/hooks.json", &praison_file(entries));
    case.payload(json!({"tool_name": "t", "tool_input": {"a": 1}}));
    let run = case
        .fire("after_tool")
        .exit(0)
        .field("/additional_context", &json!("one\ntwo"));
    assert!(run.json().get("updated_input").is_none(), "{}", run.stdout);
    let rewrite = Case::new().file(
        ".praison/hooks.json",
        &praison_file(
            r#"{"event": "before_tool", "command": "echo '{\"modified_input\": {\"timeout\": 5}}'"}"#,
        ),
    );
    rewrite
        .payload(json!({"tool_name": "t", "tool_input": {"command": "ls"}}))
        .fire("before_tool")
        .exit(0)
        .field("/updated_input", &json!({"command": "ls", "timeout": 5}));
}

/// `HookRunner._expand_command` replaces the two names in the command text before the shell.
#[test]
fn praison_cwd_and_project_dir_are_replaced_in_the_command() {
    let case = Case::new()
        .file(
            ".praison/hooks.json",
            &praison_file(r#"{"event": "before_tool", "command": "echo '$PRAISON_CWD|$PRAISON_PROJECT_DIR' >&2; exit 2"}"#),
        )
        .hook("sub/keep", "");
    let cwd = case.at("sub").display().to_string();
    let run = case
        .payload(json!({"cwd": cwd, "tool_name": "t"}))
        .fire("before_tool")
        .exit(2);
    assert_eq!(
        run.json()["reason"],
        json!(format!("{cwd}|{}", project(&case)))
    );
}

// ---- Gemini ----

#[test]
fn gemini_matcher_is_an_unanchored_regex_and_an_invalid_one_compares_exactly() {
    let case = Case::new().file(
        ".gemini/settings.json",
        r#"{"hooks": {"BeforeTool": [
            {"matcher": "Edit|Write", "hooks": [{"type": "command", "name": "edits", "command": "true"}]},
            {"matcher": "run_(", "hooks": [{"type": "command", "name": "broken", "command": "true"}]}]}}"#,
    );
    let ran = |tool: &str| ran_for_tool(&case, "BeforeTool", tool);
    assert_eq!(ran("EditTool"), ["edits"]);
    assert_eq!(ran("run_("), ["broken"]);
    assert_eq!(ran("do_run_(x)"), Vec::<String>::new());
}

#[test]
fn gemini_lifecycle_matcher_compares_the_source_exactly() {
    let case = Case::new().file(
        ".gemini/settings.json",
        &gemini_file("SessionStart", "startup", r#""command": "echo rules""#),
    );
    case.payload(json!({"source": "startup"}))
        .fire("SessionStart")
        .exit(0)
        .field("/system_message", &json!("rules"));
    case.payload(json!({"source": "startup-extra"}))
        .fire("SessionStart")
        .exit(0)
        .field("/hooks", &json!([]));
}

#[test]
fn gemini_hook_sees_the_payload_and_gemini_variables() {
    let case = Case::new()
        .file(
            ".gemini/settings.json",
            &gemini_file(
                "AfterTool",
                "",
                r#""command": "./capture.sh", "env": {"GUARD": "on"}"#,
            ),
        )
        .hook("capture.sh", CAPTURE);
    let payload = json!({"session_id": "sess-9", "cwd": "/somewhere", "tool_name": "read_file"});
    case.payload(payload.clone()).fire("AfterTool").exit(0);
    let mut expected = payload;
    expected["hook_event_name"] = json!("AfterTool");
    assert_eq!(seen_stdin(&case), expected);
    let env = seen_env(&case);
    let dir = project(&case);
    let get = |k: &str| env.get(k).map(String::as_str);
    assert_eq!(get("GEMINI_PROJECT_DIR"), Some(dir.as_str()));
    assert_eq!(get("CLAUDE_PROJECT_DIR"), Some(dir.as_str()));
    assert_eq!(get("GEMINI_CWD"), Some("/somewhere"));
    assert_eq!(get("GEMINI_SESSION_ID"), Some("sess-9"));
    assert_eq!(get("GUARD"), Some("on"));
}

#[test]
fn gemini_hooks_config_switches_hooks_off() {
    let file = r#"{"hooksConfig": {"disabled": ["noisy"]}, "hooks": {"BeforeTool": [{"hooks": [
        {"type": "command", "name": "noisy", "command": "exit 2"},
        {"type": "command", "name": "kept", "command": "true"}]}]}}"#;
    let run = Case::new()
        .file(".gemini/settings.json", file)
        .fire("BeforeTool")
        .exit(0);
    let json = run.json();
    let names: Vec<&str> = json["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["name"].as_str())
        .collect();
    assert_eq!(names, ["kept"]);
    let off = file.replace(r#""disabled": ["noisy"]"#, r#""enabled": false"#);
    Case::new()
        .file(".gemini/settings.json", &off)
        .fire("BeforeTool")
        .exit(0)
        .field("/hooks", &json!([]));
}

// ---- Timeout units ----

/// A hook that would sleep 5 s is cancelled at its configured timeout: the unit is the dialect's.
#[test]
fn timeout_units_are_the_dialects_own() {
    let sleeper = "exec sleep 5";
    let cases = [
        (
            ".gemini/settings.json",
            gemini_file(
                "BeforeTool",
                "",
                &format!(r#""command": "{sleeper}", "timeout": 500"#),
            ),
            "BeforeTool",
            500,
        ),
        (
            ".cursor/hooks.json",
            cursor_file(
                "stop",
                &format!(r#"{{"command": "{sleeper}", "timeout": 1}}"#),
            ),
            "stop",
            1000,
        ),
        (
            ".praison/hooks.json",
            praison_file(&format!(
                r#"{{"event": "session_end", "command": "{sleeper}", "timeout": 1}}"#
            )),
            "session_end",
            1000,
        ),
    ];
    for (path, file, event, ms) in cases {
        // PraisonAI fails closed: its timed-out hook blocks.
        let outcome = if path.starts_with(".praison") {
            "blocking"
        } else {
            "cancelled"
        };
        Case::new()
            .file(path, &file)
            .fire(event)
            .within(Duration::from_secs(4))
            .field("/hooks/0/outcome", &json!(outcome))
            .field("/hooks/0/timed_out_after_ms", &json!(ms));
    }
}

// ---- The documented examples (fixtures/<dialect>/) ----

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Fires `payloads/<file>` of the fixture project `dialect` (the event is the file name up to
/// the first `-`) and returns the run.
fn fire_fixture(case: &Case, dialect: &str, file: &str) -> crate::harness::Run {
    let payload = std::fs::read_to_string(fixture(&format!("{dialect}/payloads/{file}"))).unwrap();
    let event = file.trim_end_matches(".json").split('-').next().unwrap();
    case.stdin(payload).fire(event)
}

fn fixture_case(dialect: &str) -> Case {
    let case = Case::new();
    copy_tree(&fixture(dialect), case.path());
    case
}

#[test]
fn cursor_documented_example_blocks_network_and_secret_reads() {
    let case = fixture_case("cursor");
    fire_fixture(&case, "cursor", "beforeShellExecution-curl.json")
        .exit(2)
        .decision("deny")
        .field(
            "/user_message",
            &json!("Network commands are blocked in this project"),
        );
    fire_fixture(&case, "cursor", "beforeShellExecution-ls.json")
        .exit(0)
        .decision("none");
    fire_fixture(&case, "cursor", "beforeReadFile-env.json")
        .exit(2)
        .decision("deny");
    fire_fixture(&case, "cursor", "afterFileEdit.json").exit(0);
    let log = std::fs::read_to_string(case.at(".cursor/logs/edits.jsonl")).unwrap();
    assert!(
        log.contains(r#""file_path":"/workspace/src/main.rs""#),
        "{log}"
    );
}

#[test]
fn gemini_documented_example_blocks_secrets_and_rm_and_adds_context() {
    let case = fixture_case("gemini");
    fire_fixture(&case, "gemini", "BeforeTool-write-secret.json")
        .exit(2)
        .decision("deny")
        .field(
            "/reason",
            &json!("Security policy: the content looks like a secret"),
        );
    fire_fixture(&case, "gemini", "BeforeTool-shell-rm.json")
        .exit(2)
        .field(
            "/reason",
            &json!("rm -rf is not allowed (guard level strict)"),
        );
    // Gemini shows a hook's plain text to the user (hookRunner.js convertPlainTextToHookOutput).
    fire_fixture(&case, "gemini", "SessionStart.json")
        .exit(0)
        .field(
            "/system_message",
            &json!("Project rules: run tests before committing."),
        );
}

#[test]
fn praison_documented_example_guards_writes_and_audits_every_tool() {
    let case = fixture_case("praison");
    fire_fixture(&case, "praison", "before_tool-write_file.json")
        .exit(2)
        .field("/reason", &json!("Writes are only allowed under src/"))
        .field("/hooks/1/name", &json!("audit"));
    // `write_*` is anchored: rewrite_file reaches only the audit hook.
    fire_fixture(&case, "praison", "before_tool-rewrite_file.json")
        .exit(0)
        .field("/hooks/0/name", &json!("audit"));
    let log = std::fs::read_to_string(case.at(".praison/audit.log")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(
        lines[0].starts_with(r#"before_tool {"event_name": "before_tool""#),
        "{log}"
    );
}

#[test]
fn gemini_plain_text_is_a_system_message_and_exit_codes_read_as_gemini_reads_them() {
    let case = Case::new().file(
        ".gemini/settings.json",
        r#"{"hooks":{
            "BeforeAgent":[{"hooks":[{"type":"command","command":"echo 'repo: hookrun'"}]}],
            "AfterAgent":[{"hooks":[{"type":"command","command":"echo oops >&2; exit 1"}]}],
            "BeforeTool":[{"hooks":[{"type":"command","command":"echo 'odd code' >&2; exit 3"}]}],
            "AfterTool":[{"hooks":[{"type":"command",
                "command":"echo '{\"decision\":\"deny\",\"reason\":\"on stderr\"}' >&2"}]}]}}"#,
    );
    let before = case
        .fire("BeforeAgent")
        .exit(0)
        .field("/system_message", &json!("repo: hookrun"));
    assert!(
        before.json().get("additional_context").is_none(),
        "{}",
        before.stdout
    );
    case.fire("AfterAgent")
        .exit(0)
        .field("/system_message", &json!("Warning: oops"));
    case.fire("BeforeTool")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("odd code"));
    case.fire("AfterTool")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("on stderr"));
}

// ---- Regex flavours: each agent's own ----

#[test]
fn claude_lookahead_matcher_runs_the_hook_and_rust_only_syntax_is_an_error() {
    // Claude Code tests `new RegExp(matcher)`: look-ahead works, `(?i)` is a syntax error.
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "^(?!Read$)", "hooks": [
                {"type": "command", "command": "echo not a read >&2; exit 2"}]}]}}"#,
    );
    case.payload(json!({"tool_name": "Bash"}))
        .fire("PreToolUse")
        .exit(2)
        .decision("deny");
    case.payload(json!({"tool_name": "Read"}))
        .fire("PreToolUse")
        .exit(0)
        .field("/hooks", &json!([]));
    let inline_flag = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "(?i)^bash$", "hooks": [
            {"type": "command", "command": "true"}]}]}}"#,
    );
    inline_flag
        .payload(json!({"tool_name": "Bash"}))
        .fire("PreToolUse")
        .stderr_has("invalid matcher regex `(?i)^bash$`");
}

#[test]
fn praison_lookahead_matcher_is_python_and_gemini_catastrophic_regex_compares_exactly() {
    let case = Case::new().file(
        ".praison/hooks.json",
        &praison_file(
            r#"{"event": "before_tool", "name": "not-reads", "matcher": "(?!read_)", "command": "true"}"#,
        ),
    );
    assert_eq!(
        ran_for_tool(&case, "before_tool", "write_file"),
        ["not-reads"]
    );
    assert!(ran_for_tool(&case, "before_tool", "read_file").is_empty());
    // `(a+)+$` could take exponential time in JavaScript: refused, so Gemini's fallback for a
    // regex it cannot use applies, promptly.
    let gemini = Case::new().file(
        ".gemini/settings.json",
        &gemini_file(
            "BeforeTool",
            "(a+)+$",
            r#""name": "evil", "command": "true""#,
        ),
    );
    let ran = |tool: &str| ran_for_tool(&gemini, "BeforeTool", tool);
    assert!(ran("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!").is_empty());
    assert_eq!(ran("(a+)+$"), ["evil"]);
}

#[test]
fn gemini_hooks_run_under_bash_as_gemini_runs_them() {
    let case = Case::new().file(
        ".gemini/settings.json",
        &gemini_file(
            "BeforeTool",
            "",
            r#""command": "[[ $(cat) == *rm* ]] && { echo 'no rm' >&2; exit 2; }; exit 0""#,
        ),
    );
    case.payload(json!({"tool_name": "run_shell_command", "tool_input": {"command": "rm -rf /"}}));
    case.fire("BeforeTool")
        .decision("deny")
        .field("/reason", &json!("no rm"));
}

#[test]
fn gemini_hooks_get_a_plans_dir_and_steering_fields_reach_the_document_and_gemini() {
    let answer = r#"{"hookSpecificOutput": {"toolConfig": {"mode": "ANY", "allowedFunctionNames": ["read_file"]}}}"#;
    let command = format!("test -n \"$GEMINI_PLANS_DIR\" && echo '{answer}'");
    let settings = json!({"hooks": {"BeforeToolSelection": [
        {"hooks": [{"type": "command", "command": command}]}]}});
    let case = Case::new().file(".gemini/settings.json", &settings.to_string());
    case.payload(json!({"session_id": "s1", "llm_request": {}}));
    let config = json!({"mode": "ANY", "allowedFunctionNames": ["read_file"]});
    case.fire("BeforeToolSelection")
        .field("/tool_config", &config);
    let file = case.at(".gemini/settings.json");
    let file = file.to_str().expect("utf-8 path");
    case.fire_with("BeforeToolSelection", &["-c", file, "--output", "gemini"])
        .field("/hookSpecificOutput/toolConfig", &config);
}
