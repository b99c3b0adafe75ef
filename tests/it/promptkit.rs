//! The PromptKit dialect (RuntimeConfig YAML, docs/dialects/promptkit.md) through real hook
//! processes: every row of the filter truth table, hooks that never block, the chain stop, file
//! order, phases, env forms, the envelopes, discovery, and PromptKit's documented example project.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Case;
use crate::prx::copy_fixture;

/// Prints its first argument and exits with its second.
const ANSWER: &str = "#!/bin/sh\nprintf '%s' \"$1\"\nexit \"${2:-0}\"\n";
/// Copies its stdin to `<name>.in` in the project and appends its name to `order.out`.
const RECORD: &str =
    "#!/bin/sh\ncat > \"$1.in\"\nprintf '%s ' \"$1\" >> order.out\nprintf '%s' \"${2:-}\"\n";

/// A RuntimeConfig whose `spec.hooks` is `hooks` (YAML, indented by four spaces).
fn runtime(hooks: &str) -> String {
    format!(
        "apiVersion: promptkit.altairalabs.ai/v1alpha1\nkind: RuntimeConfig\nspec:\n  hooks:\n{hooks}"
    )
}

/// One hook entry running `hooks/answer.sh ANSWER EXIT`.
fn answering(name: &str, hook: &str, phases: &str, extra: &str, answer: &str, exit: i32) -> String {
    format!(
        "    {name}:\n      command: ./hooks/answer.sh\n      args: [{}, \"{exit}\"]\n      hook: {hook}\n      phases: [{phases}]\n{extra}",
        json!(answer)
    )
}

fn read(case: &Case, rel: &str) -> String {
    std::fs::read_to_string(case.at(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn filter_case(answer: &str, exit: i32, extra: &str) -> Case {
    Case::new().hook("hooks/answer.sh", ANSWER).file(
        "runtime.yaml",
        &runtime(&answering(
            "guard",
            "provider",
            "before_call",
            extra,
            answer,
            exit,
        )),
    )
}

#[test]
fn a_filter_allows_only_on_allow_true() {
    filter_case(r#"{"allow": true}"#, 0, "")
        .fire("before_call")
        .exit(0)
        .decision("allow");
    filter_case(r#"{"allow": false, "reason": "PII detected"}"#, 0, "")
        .fire("before_call")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("PII detected"));
}

#[test]
fn every_other_answer_denies() {
    let rows: [(&str, &str, i32); 10] = [
        ("empty object", "{}", 0),
        ("ack", r#"{"ack": true}"#, 0),
        ("null", "null", 0),
        ("allow of the wrong type", r#"{"allow": "yes"}"#, 0),
        (
            "reason of the wrong type",
            r#"{"allow": true, "reason": 5}"#,
            0,
        ),
        ("not JSON", "not json", 0),
        ("nothing", "", 0),
        ("two objects", r#"{"allow": true}{"allow": true}"#, 0),
        ("allow but exit 3", r#"{"allow": true}"#, 3),
        ("allow but exit 2", r#"{"allow": true}"#, 2),
    ];
    for (row, answer, exit) in rows {
        let run = filter_case(answer, exit, "").fire("before_call");
        assert_eq!(run.code, Some(2), "{row}: {}", run.stdout);
        assert_eq!(run.json()["decision"], "deny", "{row}");
        assert_eq!(run.json()["hooks"][0]["outcome"], "blocking", "{row}");
    }
}

#[test]
fn a_timeout_or_a_missing_program_denies_and_timeouts_are_milliseconds() {
    let case = Case::new().file(
        "runtime.yaml",
        &runtime("    slow:\n      command: sleep\n      args: [\"5\"]\n      hook: tool\n      phases: [before_execution]\n      timeout_ms: 250\n"),
    );
    case.fire("before_execution")
        .within(Duration::from_secs(4))
        .exit(2)
        .decision("deny")
        .field("/hooks/0/timed_out_after_ms", &json!(250));
    Case::new()
        .file(
            "runtime.yaml",
            &runtime("    gone:\n      command: ./hooks/missing.sh\n      hook: tool\n      phases: [before_execution]\n"),
        )
        .fire("tool.before_execution")
        .exit(2)
        .decision("deny");
}

#[test]
fn observe_and_eval_hooks_never_block_and_session_answers_are_not_read() {
    let deny = r#"{"allow": false, "reason": "no"}"#;
    let observe = "      mode: observe\n";
    let cases = [
        (
            "observe",
            answering("h", "provider", "before_call", observe, deny, 1),
            "before_call",
        ),
        (
            "observe after_call",
            answering("h", "provider", "after_call", observe, deny, 1),
            "after_call",
        ),
        (
            "observe session",
            answering("h", "session", "session_end", observe, deny, 1),
            "session_end",
        ),
        (
            "session filter answering a deny",
            answering("h", "session", "session_start", "", deny, 0),
            "session_start",
        ),
        ("eval", answering("h", "eval", "", "", deny, 1), "eval"),
    ];
    for (row, hook, event) in cases {
        let case = Case::new()
            .hook("hooks/answer.sh", ANSWER)
            .file("runtime.yaml", &runtime(&hook));
        let run = case.fire(event);
        assert_eq!(run.code, Some(0), "{row}: {}{}", run.stdout, run.stderr);
        assert_eq!(run.json()["decision"], "none", "{row}");
        assert!(
            run.json()["hooks"][0]["exit_code"].is_number(),
            "{row}: the hook ran"
        );
    }
}

/// `RunAfterProviderCall` fails the call on a deny (`HookDeniedError`); the tool chain's
/// after-execution deny is what PromptKit's documentation promises for every filter.
#[test]
fn after_phase_filters_deny_and_fail_closed() {
    let deny = r#"{"allow": false, "reason": "bad answer"}"#;
    let rows = [
        ("after_call deny", "provider", "after_call", deny, 0),
        ("after_call failure", "provider", "after_call", "", 1),
        ("after_call silence", "provider", "after_call", "", 0),
        ("after_execution deny", "tool", "after_execution", deny, 0),
        ("after_execution failure", "tool", "after_execution", "", 3),
    ];
    for (row, kind, phase, answer, exit) in rows {
        let case = Case::new().hook("hooks/answer.sh", ANSWER).file(
            "runtime.yaml",
            &runtime(&answering("h", kind, phase, "", answer, exit)),
        );
        let run = case.fire(phase);
        assert_eq!(run.code, Some(2), "{row}: {}{}", run.stdout, run.stderr);
        assert_eq!(run.json()["decision"], "deny", "{row}");
        if exit == 0 && !answer.is_empty() {
            assert_eq!(run.json()["reason"], "bad answer", "{row}");
        }
    }
    let allow = Case::new().hook("hooks/answer.sh", ANSWER).file(
        "runtime.yaml",
        &runtime(&answering(
            "h",
            "provider",
            "after_call",
            "",
            r#"{"allow": true}"#,
            0,
        )),
    );
    allow.fire("provider.after_call").exit(0).decision("allow");
}

/// `runSessionPhase` returns a failed process as an error and `RunSession*` stops at the first
/// error: the later session hooks do not run.
#[test]
fn a_failing_session_filter_blocks_and_stops_the_session_chain() {
    let hooks = [
        answering("first", "session", "session_start", "", "", 1),
        "    second:\n      command: ./hooks/record.sh\n      args: [second]\n      hook: session\n      phases: [session_start]\n".to_owned(),
    ]
    .concat();
    let case = Case::new()
        .hook("hooks/answer.sh", ANSWER)
        .hook("hooks/record.sh", RECORD)
        .file("runtime.yaml", &runtime(&hooks));
    let run = case.fire("session_start").exit(2).decision("deny");
    assert!(!case.at("order.out").exists(), "the second hook ran");
    assert!(
        run.hook("second")["skipped_reason"]
            .as_str()
            .is_some_and(|r| r.contains("chain")),
        "{}",
        run.stdout
    );
    // As the single hook, hookrun tells PromptKit by its exit code.
    case.fire_with(
        "session_start",
        &["--output", "promptkit", "-c", "runtime.yaml"],
    )
    .exit(2);
}

#[test]
fn the_first_deny_stops_the_filter_chain_in_file_order() {
    let hook = |name: &str, answer: &str| {
        format!(
            "    {name}:\n      command: ./hooks/record.sh\n      args: [{name}, {}]\n      hook: tool\n      phases: [before_execution]\n",
            json!(answer)
        )
    };
    let hooks = [
        hook("zz-first", r#"{"allow": true}"#),
        hook(
            "mm-second",
            r#"{"allow": false, "reason": "second says no"}"#,
        ),
        hook("aa-third", r#"{"allow": true}"#),
    ]
    .concat();
    let case = Case::new()
        .hook("hooks/record.sh", RECORD)
        .file("runtime.yaml", &runtime(&hooks));
    let run = case.fire("before_execution").exit(2).decision("deny");
    run.field("/reason", &json!("second says no"));
    assert_eq!(read(&case, "order.out"), "zz-first mm-second ");
    let third = case.fire("before_execution").hook("aa-third");
    assert!(
        third["skipped_reason"].as_str().unwrap().contains("chain"),
        "{third}"
    );
}

#[test]
fn the_file_order_is_the_run_order() {
    let hook = |name: &str| {
        format!(
            "    {name}:\n      command: ./hooks/record.sh\n      args: [{name}, '{{\"allow\": true}}']\n      hook: provider\n      phases: [after_call]\n"
        )
    };
    let hooks = ["zulu", "alpha", "mike", "bravo"].map(hook).concat();
    let case = Case::new()
        .hook("hooks/record.sh", RECORD)
        .file("runtime.yaml", &runtime(&hooks));
    case.fire("after_call").exit(0);
    assert_eq!(read(&case, "order.out"), "zulu alpha mike bravo ");
}

#[test]
fn a_hook_without_phases_never_runs() {
    let case = Case::new().file(
        "runtime.yaml",
        &runtime("    idle:\n      command: /nonexistent\n      hook: tool\n"),
    );
    let run = case.fire("before_execution").exit(0).decision("none");
    assert_eq!(run.json()["hooks"], json!([]));
    case.fire_with("before_execution", &["-v"])
        .exit(0)
        .stderr_has("it never runs");
}

#[test]
fn env_sets_literals_and_forwards_bare_names() {
    let script = "echo \"$LIT:$HOSTVAR:${MISSING-unset}:$INHERITED\" > env.out";
    let case = Case::new()
        .file(
            "runtime.yaml",
            &runtime(&format!(
                "    envy:\n      command: sh\n      args: [\"-c\", {}]\n      hook: session\n      phases: [session_start]\n      env: [\"LIT=1=2\", HOSTVAR, MISSING]\n",
                json!(script)
            )),
        )
        .env("HOSTVAR", "h")
        .env("INHERITED", "i");
    case.fire("session_start").exit(0);
    assert_eq!(read(&case, "env.out"), "1=2:h:unset:i\n");
}

#[test]
fn each_hook_type_gets_its_envelope() {
    let hook = |name: &str, kind: &str, phase: &str| {
        format!(
            "    {name}:\n      command: ./hooks/record.sh\n      args: [{name}]\n      hook: {kind}\n      phases: [{phase}]\n"
        )
    };
    let hooks = [
        hook("before", "tool", "before_execution"),
        hook("after", "tool", "after_execution").replace("[after]", "[after, '{\"allow\": true}']"),
        hook("session", "session", "session_end"),
        "    scorer:\n      command: ./hooks/record.sh\n      args: [scorer]\n      hook: eval\n"
            .to_owned(),
    ]
    .concat();
    let case = Case::new()
        .hook("hooks/record.sh", RECORD)
        .file("runtime.yaml", &runtime(&hooks));
    let request = json!({"Name": "lookup", "Args": {"id": 7}, "CallID": "c1"});
    let response = json!({"Name": "lookup", "CallID": "c1", "Content": "ok"});
    let stdin = |name: &str| -> Value {
        serde_json::from_str(&read(&case, &format!("{name}.in"))).unwrap()
    };
    case.payload(json!({"request": request}));
    case.fire("tool.before_execution").exit(2);
    assert_eq!(
        stdin("before"),
        json!({"hook": "tool", "phase": "before_execution", "request": request})
    );
    case.payload(json!({"request": request, "response": response}));
    case.fire("after_execution").exit(0);
    assert_eq!(
        stdin("after"),
        json!({"hook": "tool", "phase": "after_execution", "request": request, "response": response})
    );
    case.payload(json!({"SessionID": "s", "TurnIndex": 3}));
    case.fire("session_end").exit(0);
    assert_eq!(
        stdin("session"),
        json!({"hook": "session", "phase": "session_end", "event": {"SessionID": "s", "TurnIndex": 3}})
    );
    case.payload(json!({"Score": 0.5}));
    case.fire("eval").exit(0);
    assert_eq!(read(&case, "scorer.in"), "{\"Score\":0.5}\n");
}

#[test]
fn runtime_yml_is_discovered_and_c_files_are_told_by_kind() {
    Case::new()
        .hook("hooks/answer.sh", ANSWER)
        .file(
            "runtime.yml",
            &runtime(&answering("g", "provider", "before_call", "", "{}", 0)),
        )
        .fire("before_call")
        .exit(2);
    // Relative programs resolve against the YAML's own directory.
    let case = Case::new()
        .hook("config/hooks/answer.sh", ANSWER)
        .file(
            "config/agent.yaml",
            &runtime(&answering(
                "g",
                "provider",
                "before_call",
                "",
                r#"{"allow": true}"#,
                0,
            )),
        )
        .arg("-c")
        .arg("config/agent.yaml");
    case.fire("before_call").exit(0).decision("allow");
}

#[test]
fn yaml_errors_are_positioned_configuration_errors() {
    Case::new()
        .file(
            "runtime.yaml",
            "kind: RuntimeConfig\nspec:\n  hooks:\n    a: [\n",
        )
        .fire("before_call")
        .exit(1)
        .stderr_has("runtime.yaml:")
        .stderr_has("invalid YAML");
    Case::new()
        .file(
            "runtime.yaml",
            &runtime("    a:\n      command: x\n      hook: tools\n      phases: [before_call]\n"),
        )
        .fire("before_call")
        .exit(1)
        .stderr_has("runtime.yaml:7:13");
    // A hook written twice is an error, never one of the two silently.
    let twice = "    a:\n      command: x\n      hook: tool\n      phases: [before_execution]\n";
    Case::new()
        .file("runtime.yaml", &runtime(&format!("{twice}{twice}")))
        .fire("before_execution")
        .exit(1)
        .stderr_has("invalid YAML")
        .stderr_has("runtime.yaml:");
}

#[test]
fn the_documented_example_project_runs() {
    let case = copy_fixture(Case::new(), "promptkit");
    let fire = |payload: &str, event: &str| {
        case.stdin(read(&case, &format!("payloads/{payload}.json")));
        case.fire(event)
    };
    fire("before_call", "before_call")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("PII detected"));
    fire("before_call_clean", "before_call")
        .exit(0)
        .decision("allow");
    fire("before_execution", "tool.before_execution")
        .exit(2)
        .field("/reason", &json!("tool exec is blocked"));
    fire("after_execution", "after_execution")
        .exit(0)
        .decision("none");
    fire("session_start", "session_start").exit(0);
    fire("eval", "eval").exit(0);
    let audit = read(&case, "audit.jsonl");
    let lines: Vec<Value> = audit
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{audit}");
    assert_eq!(lines[0]["phase"], "after_execution");
    assert_eq!(lines[0]["response"]["LatencyMs"], 41);
    assert_eq!(lines[1]["event"]["SessionID"], "sess-42");
    assert_eq!(lines[2]["EvalID"], "tone");
}
