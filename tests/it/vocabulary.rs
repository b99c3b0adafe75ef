//! The design note's words in `hookrun.toml`: `mode` read as filter/observe or as how the hook
//! runs, `kind`, `condition` for `if`, and the template values in commands — one argument each
//! in exec form, variables of the same names in shell form, never re-parsed by a shell.

use serde_json::json;

use crate::harness::Case;

const PAYLOAD: &str = r#"{"session_id": "s-9", "tool_name": "Write",
    "tool_input": {"path": "src/a b;$(touch pwned).ts", "meta": {"lines": [1, 2]}}}"#;

#[test]
fn exec_arguments_get_each_value_as_one_argument() {
    let case = Case::new()
        .hook("args.sh", "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done > args.txt\n")
        .file(
            "hookrun.toml",
            r#"[[hook]]
events = ["PostToolUse"]
condition = "Write(src/**)"
command = "./args.sh"
args = ["--file", "$tool_input_path", "${tool_input.meta.lines}", "$event@$session_id", "$tool_input_missing"]
"#,
        );
    case.stdin(PAYLOAD);
    case.fire("PostToolUse").exit(0);
    let args = std::fs::read_to_string(case.at("args.txt")).unwrap();
    assert_eq!(
        args,
        "[--file]\n[src/a b;$(touch pwned).ts]\n[[1,2]]\n[PostToolUse@s-9]\n[]\n"
    );
    assert!(!case.at("pwned").exists());
}

#[test]
fn shell_commands_read_the_values_as_variables() {
    let case = Case::new().file(
        "hookrun.toml",
        r#"[[hook]]
events = ["PostToolUse"]
mode = "command"
command = 'printf "%s|%s" "$tool_input_path" "$session_id" > shell.txt'
"#,
    );
    case.stdin(PAYLOAD);
    case.fire("PostToolUse").exit(0);
    let text = std::fs::read_to_string(case.at("shell.txt")).unwrap();
    assert_eq!(text, "src/a b;$(touch pwned).ts|s-9");
    assert!(!case.at("pwned").exists());
}

#[test]
fn a_condition_that_does_not_match_skips_the_hook() {
    let case = Case::new().file(
        "hookrun.toml",
        r#"[[hook]]
events = ["PostToolUse"]
condition = "Write(docs/**)"
command = "touch ran"
"#,
    );
    case.stdin(PAYLOAD);
    case.fire("PostToolUse").exit(0);
    assert!(!case.at("ran").exists());
}

#[test]
fn validate_explains_a_wrong_mode_and_a_shell_nested_path() {
    let case = Case::new().file(
        "hookrun.toml",
        r#"[[hook]]
name = "a"
events = ["PreToolUse"]
mode = "webhook"
command = "true"

[[hook]]
name = "b"
events = ["PreToolUse"]
kind = "prompt"
mode = "agent"
prompt = "ok?"

[[hook]]
name = "c"
events = ["PreToolUse"]
command = "lint ${tool_input.a.b}"
"#,
    );
    case.run(&["validate"])
        .exit(1)
        .stdout_has("`mode` must be \"filter\" or \"observe\" (whether the hook's deny blocks), or \"command\", \"prompt\", \"agent\", \"http\" or \"guard\" (how it runs, as `kind`), found \"webhook\"")
        .stdout_has("`mode` says Agent but `kind` says Prompt")
        .stdout_has("`${tool_input.a.b}` is no shell variable: a nested path works in exec form only");
}

#[test]
fn an_observing_prompt_hook_never_blocks() {
    let server =
        crate::model_server::ModelServer::start(vec![crate::model_server::anthropic_text(
            r#"{"ok": false, "reason": "no"}"#,
        )]);
    let case = Case::new()
        .env("ANTHROPIC_API_KEY", "k")
        .env("ANTHROPIC_BASE_URL", &server.url)
        .file(
            "hookrun.toml",
            "[[hook]]\nevents = [\"PreToolUse\"]\nkind = \"prompt\"\nmode = \"observe\"\nprompt = \"ok?\"\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.json()["hooks"][0]["ignored_decision"], "deny");
}
