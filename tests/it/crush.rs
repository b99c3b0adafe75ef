//! Crush's hooks through the real binary: `hooks.PreToolUse` of `crush.json`, `.crush.json` and
//! the user's `crush.json`, Crush's stdin object and `CRUSH_*` variables, exit 2 (block) and exit
//! 49 (halt the turn), its JSON envelope, a timeout as no opinion, and `hookrun install crush`
//! fired as Crush fires it.

use std::time::Duration;

use serde_json::json;

use crate::harness::Case;

fn config(matcher: &str, command: &str) -> String {
    json!({"options": {"debug": false},
        "hooks": {"PreToolUse": [{"name": "guard", "matcher": matcher, "command": command}]}})
    .to_string()
}

fn bash_call(command: &str) -> serde_json::Value {
    json!({"session_id": "s1", "cwd": "/p", "tool_name": "bash",
        "tool_input": {"command": command, "timeout": 60}})
}

#[test]
fn exit_2_blocks_the_call_and_the_matcher_is_searched_in_the_tool_name() {
    let guard =
        r#"case "$CRUSH_TOOL_INPUT_COMMAND" in *ghc*) echo "No Haskell" >&2; exit 2;; esac"#;
    let case = Case::new().file("crush.json", &config("bash", guard));
    case.payload(bash_call("ghc Main.hs"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "No Haskell");
    case.payload(bash_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
    case.payload(json!({"tool_name": "edit", "tool_input": {"command": "ghc"}}));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn exit_49_halts_the_turn() {
    let case = Case::new().file(".crush.json", &config("", "echo 'stop now' >&2; exit 49"));
    case.payload(bash_call("ls"));
    let run = case.fire("PreToolUse").decision("deny");
    assert_eq!(run.json()["continue"], json!(false), "{}", run.json());
    assert_eq!(run.json()["reason"], "stop now");
}

#[test]
fn the_hook_gets_crushs_stdin_object_and_variables() {
    let dump = r"cat > stdin.json; env | grep -E '^(CRUSH|AGENT|AI_AGENT)' | sort > env.txt";
    let case = Case::new().file("crush.json", &config("", dump));
    case.payload(bash_call("ls"));
    case.fire("pre_tool_use").exit(0);
    let stdin: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("stdin.json")).unwrap()).unwrap();
    assert_eq!(
        stdin,
        json!({"event": "pre_tool_use", "session_id": "s1", "cwd": "/p", "tool_name": "bash",
            "tool_input": {"command": "ls", "timeout": 60}})
    );
    let env = std::fs::read_to_string(case.at("env.txt")).unwrap();
    for line in [
        "AGENT=crush",
        "AI_AGENT=crush",
        "CRUSH=1",
        "CRUSH_CWD=/p",
        "CRUSH_SESSION_ID=s1",
        "CRUSH_TOOL_INPUT_COMMAND=ls",
        "CRUSH_TOOL_NAME=bash",
    ] {
        assert!(env.lines().any(|l| l == line), "{line} in {env}");
    }
}

#[test]
fn updated_input_is_shallow_merged_and_context_is_read() {
    let answer = r#"echo '{"decision":"allow","context":"scrubbed","updated_input":{"command":"bun test"}}'"#;
    let case = Case::new().file("crush.json", &config("^bash$", answer));
    case.payload(bash_call("npm test"));
    case.fire("PreToolUse")
        .exit(0)
        .decision("allow")
        .field(
            "/updated_input",
            &json!({"command": "bun test", "timeout": 60}),
        )
        .field("/additional_context", &json!("scrubbed"));
}

#[test]
fn a_hook_that_times_out_is_no_opinion() {
    let file = json!({"hooks": {"PreToolUse": [{"command": "exec sleep 5", "timeout": 1}]}});
    let case = Case::new().file("crush.json", &file.to_string());
    case.payload(bash_call("ls"));
    case.fire("PreToolUse")
        .within(Duration::from_secs(4))
        .exit(0)
        .decision("none");
}

#[test]
fn the_users_crush_json_runs_before_the_projects() {
    let case = Case::new()
        .home_file(
            "config/crush/crush.json",
            &config("", "echo user >> order.txt"),
        )
        .file("crush.json", &config("", "echo project >> order.txt"));
    case.payload(bash_call("ls"));
    case.fire("PreToolUse").exit(0);
    let order = std::fs::read_to_string(case.at("order.txt")).unwrap();
    assert_eq!(order, "user\nproject\n");
}

#[test]
fn installed_for_crush_the_entry_answers_with_crushs_envelope() {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    case.run(&["install", "crush"]).exit(0);
    let text = std::fs::read_to_string(case.at("crush.json")).unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        file["hooks"]["PreToolUse"][0],
        json!({"name": "hookrun", "command": "hookrun fire --output crush PreToolUse"})
    );
    case.payload(bash_call("rm -rf /"));
    case.fire_with("PreToolUse", &["--output", "crush"])
        .exit(0)
        .field("/decision", &json!("deny"));
    case.payload(bash_call("ls"));
    case.fire_with("PreToolUse", &["--output", "crush"])
        .exit(0)
        .stdout_lacks("deny");
}

#[test]
fn hookrun_hooks_adds_a_crush_entry_crush_reads_and_removes_it() {
    let guard = "#!/bin/sh\necho \"$CRUSH_TOOL_NAME\" >> runs.txt\n";
    let case = Case::new()
        .file("crush.json", "{\n  \"options\": {\"debug\": true}\n}\n")
        .hook("guard.sh", guard);
    let run = case.run(&[
        "hooks",
        "add",
        "PreToolUse",
        "--file",
        "crush.json",
        "--matcher",
        "^bash$",
        "--timeout",
        "5s",
        "--",
        "./guard.sh",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let id = run.stdout.split_whitespace().nth(1).unwrap().to_owned();
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("crush.json")).unwrap()).unwrap();
    assert_eq!(written["options"], json!({"debug": true}));
    assert_eq!(
        written["hooks"]["PreToolUse"],
        json!([{"matcher": "^bash$", "command": "./guard.sh", "timeout": 5}])
    );
    case.payload(bash_call("ls"));
    case.fire("PreToolUse").exit(0);
    case.payload(json!({"tool_name": "edit", "tool_input": {}}));
    case.fire("PreToolUse").exit(0);
    assert_eq!(
        std::fs::read_to_string(case.at("runs.txt")).unwrap(),
        "bash\n"
    );
    let run = case.run(&["hooks", "rm", &id]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        !std::fs::read_to_string(case.at("crush.json"))
            .unwrap()
            .contains("guard")
    );
}
