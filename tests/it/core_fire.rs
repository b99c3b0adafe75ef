//! `hookrun fire`: exit codes, the one output vocabulary, merging, chained rewrites, payload
//! handling and the environment hooks see, through real hook processes.

use serde_json::{Value, json};

use crate::harness::{Case, claude_settings, fixture};

const RM_RF: &str = r#"{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}"#;

/// A claude settings file with several handlers under one PreToolUse group.
fn claude_handlers(commands: &[&str]) -> String {
    let handlers: Vec<String> = commands
        .iter()
        .map(|c| format!(r#"{{"type":"command","command":{c:?}}}"#))
        .collect();
    format!(
        r#"{{"hooks":{{"PreToolUse":[{{"matcher":"*","hooks":[{}]}}]}}}}"#,
        handlers.join(",")
    )
}

#[test]
fn exit_2_denies_with_stderr_as_reason() {
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings(
                "PreToolUse",
                "Bash",
                "echo 'blocked by policy' >&2; exit 2",
                "",
            ),
        )
        .stdin(RM_RF)
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("blocked by policy"))
        .field("/hooks/0/outcome", &json!("blocking"))
        .field("/hooks/0/exit_code", &json!(2));
}

#[test]
fn exit_2_beats_a_json_allow() {
    let hook = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'; echo no >&2; exit 2"#;
    Case::new()
        .file(".claude/settings.json", &claude_handlers(&[hook]))
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("no"));
}

#[test]
fn exit_2_reason_is_stderr_not_the_json_allow_reason() {
    // Conformance scenario pt-json-allow-exit2: Claude Code blocks and tells the model the
    // stderr, not the reason of the JSON allow on stdout; so must hookrun, in its document and
    // when it answers as Claude.
    let hook = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"json allow reason"}}'; echo 'stderr wins' >&2; exit 2"#;
    Case::new()
        .file(".claude/settings.json", &claude_handlers(&[hook]))
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("stderr wins"));
    // As Claude's only hook, hookrun reads the hooks from a file named with -c.
    let answer = Case::new()
        .file("hooks/.claude/settings.json", &claude_handlers(&[hook]))
        .arg("-c")
        .arg("hooks/.claude/settings.json")
        .fire_with("PreToolUse", &["--output", "claude"])
        .exit(0);
    assert_eq!(
        answer.json()["hookSpecificOutput"]["permissionDecisionReason"],
        json!("stderr wins")
    );
}

#[test]
fn json_deny_at_exit_0_and_at_exit_1() {
    let script = fixture("hooks/json-deny.sh").display().to_string();
    Case::new()
        .file(".claude/settings.json", &claude_handlers(&[&script]))
        .stdin(RM_RF)
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("do not run that"));
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_handlers(&[r#"echo '{"decision":"block","reason":"legacy"}'; exit 1"#]),
        )
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("legacy"));
}

#[test]
fn deny_wins_and_reasons_of_the_winners_join_in_run_order() {
    let hooks = [
        r#"echo '{"decision":"allow","reason":"fine"}'"#,
        r#"echo '{"decision":"deny","reason":"no rm"}'"#,
        r#"echo '{"permission":"ask"}'"#,
        r#"echo '{"decision":"deny","reason":"no sudo"}'"#,
    ];
    Case::new()
        .file(".claude/settings.json", &claude_handlers(&hooks))
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("no rm\nno sudo"));
}

#[test]
fn ask_beats_allow_and_blocks() {
    let hooks = [
        r#"echo '{"decision":"approve"}'"#,
        r#"echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}'"#,
    ];
    Case::new()
        .file(".claude/settings.json", &claude_handlers(&hooks))
        .fire("PreToolUse")
        .exit(2)
        .decision("ask")
        .field("/reason", &json!("sure?"));
}

#[test]
fn all_hooks_run_after_a_deny() {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_handlers(&["exit 2", "touch ran-after-deny"]),
    );
    case.fire("PreToolUse").exit(2);
    assert!(case.at("ran-after-deny").exists());
}

#[test]
fn continue_false_blocks_and_keeps_the_first_stop_reason() {
    let hooks = [
        r#"echo '{"continue":true}'"#,
        r#"echo '{"continue":false,"stopReason":"Stop requested"}'"#,
        r#"echo '{"stopReason":"later"}'"#,
    ];
    Case::new()
        .file(".claude/settings.json", &claude_handlers(&hooks))
        .fire("PreToolUse")
        .exit(2)
        .decision("none")
        .field("/continue", &json!(false))
        .field("/stop_reason", &json!("Stop requested"));
}

#[test]
fn contexts_and_messages_join_and_plain_text_is_context_for_user_prompt_submit() {
    let settings = r#"{"hooks":{"UserPromptSubmit":[{"hooks":[
        {"type":"command","command":"echo 'branch: main'"},
        {"type":"command","command":"echo '{\"additionalContext\":\"b\",\"systemMessage\":\"hi\"}'"}]}]}}"#;
    Case::new()
        .file(".claude/settings.json", settings)
        .payload(json!({"prompt": "hello"}))
        .fire("UserPromptSubmit")
        .exit(0)
        .field("/additional_context", &json!("branch: main\nb"))
        .field("/system_message", &json!("hi"));
}

#[test]
fn rewritten_input_is_chained_to_the_next_hook_and_reported() {
    let rewrite = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la"}}}'"#;
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_handlers(&[rewrite, "cat > seen.json"]),
    );
    case.stdin(RM_RF)
        .fire("PreToolUse")
        .exit(0)
        .decision("allow")
        .field("/updated_input", &json!({"command": "ls -la"}));
    let seen: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("seen.json")).unwrap()).unwrap();
    assert_eq!(
        seen["tool_input"],
        json!({"command": "ls -la"}),
        "the second hook sees the first one's rewrite"
    );
}

#[test]
fn proxyai_rewrites_merge_shallowly_and_a_deny_drops_the_rewrite() {
    let settings = r#"{"hooks":{"beforeToolUse":[
        {"command":"echo '{\"updated_input\":{\"command\":\"echo safe\"}}'"},
        {"command":"cat > seen.json"}]}}"#;
    let case = Case::new().file(".proxyai/settings.json", settings);
    let payload = json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /", "timeout": 5}});
    case.payload(payload.clone())
        .fire("beforeToolUse")
        .exit(0)
        .field(
            "/updated_input",
            &json!({"command": "echo safe", "timeout": 5}),
        );
    let denied = Case::new().file(
        ".claude/settings.json",
        &claude_handlers(&[
            r#"echo '{"updatedInput":{"command":"echo safe"}}'"#,
            "exit 2",
        ]),
    );
    let run = denied
        .payload(payload)
        .fire("PreToolUse")
        .exit(2)
        .decision("deny");
    assert!(
        run.json().get("updated_input").is_none(),
        "a deny drops the rewritten input"
    );
}

#[test]
fn payload_reaches_hooks_as_one_line_with_hook_event_name() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"cap\"\nevents = [\"Stop\"]\ncommand = \"cat > stdin.txt\"\n",
    );
    case.stdin("{\n  \"session_id\": \"s1\"\n}\n")
        .fire("Stop")
        .exit(0);
    assert_eq!(
        std::fs::read_to_string(case.at("stdin.txt")).unwrap(),
        "{\"hook_event_name\":\"Stop\",\"session_id\": \"s1\"}\n",
        "the caller's bytes, line breaks and their indentation removed"
    );
}

#[test]
fn bad_payloads_exit_1_and_set_builds_one() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"cap\"\nevents = [\"*\"]\ncommand = \"cat > stdin.json\"\n",
    );
    for (stdin, message) in [
        ("[1,2]", "must be a JSON object"),
        ("{oops", "not valid JSON"),
        ("", "is empty"),
    ] {
        let run = Case::new().stdin(stdin).fire("Stop").exit(1);
        assert!(run.stdout.is_empty(), "no document on failure");
        run.stderr_has(message);
    }
    case.stdin("");
    case.fire_with(
        "beforeShellExecution",
        &["--set", "command=rm -rf /", "--set", "tool_input.timeout=5"],
    )
    .exit(0);
    let seen: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("stdin.json")).unwrap()).unwrap();
    assert_eq!(
        seen,
        json!({"command": "rm -rf /", "tool_input": {"timeout": 5}, "hook_event_name": "beforeShellExecution"})
    );
    case.file("p.json", r#"{"from":"file"}"#)
        .fire_with("Stop", &["--payload", "p.json"])
        .exit(0);
}

#[test]
fn hooks_see_hookrun_and_dialect_environment() {
    let dump = "env | grep -E '^(HOOKRUN_|CLAUDE_|PROXYAI_)' | sort";
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", &format!("{dump} > claude.env"), ""),
        )
        .file(
            ".proxyai/settings.json",
            &format!(r#"{{"hooks":{{"stop":[{{"command":"{dump} > proxyai.env"}}]}}}}"#),
        );
    case.fire("Stop").exit(0);
    case.fire("stop").exit(0);
    let dir = case.path().to_str().unwrap().to_owned();
    let claude = std::fs::read_to_string(case.at("claude.env")).unwrap();
    for line in ["HOOKRUN_EVENT=Stop", "HOOKRUN_DEPTH=1", "HOOKRUN_HOOK=env"] {
        assert!(
            claude.lines().any(|l| l == line),
            "{line} missing in\n{claude}"
        );
    }
    assert!(
        claude.contains(&format!("CLAUDE_PROJECT_DIR={dir}")),
        "{claude}"
    );
    assert!(
        claude.contains(&format!("HOOKRUN_PROJECT_DIR={dir}")),
        "{claude}"
    );
    let proxyai = std::fs::read_to_string(case.at("proxyai.env")).unwrap();
    assert!(
        proxyai.contains(&format!("PROXYAI_PROJECT_DIR={dir}"))
            && proxyai.contains("PROXYAI_HOOK_EVENT=stop"),
        "{proxyai}"
    );
}

#[test]
fn exec_form_substitutes_the_project_dir_as_one_argument() {
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"sh","args":["-c","printf '%s|' \"$@\" > args.txt","sh","${CLAUDE_PROJECT_DIR}/with space","$HOME"]}]}]}}"#,
    );
    case.fire("Stop").exit(0);
    let args = std::fs::read_to_string(case.at("args.txt")).unwrap();
    assert_eq!(
        args,
        format!("{}/with space|$HOME|", case.path().display()),
        "no shell expansion of payload-free args"
    );
}

#[test]
fn strict_makes_every_failure_block_and_timeout_caps() {
    let case = Case::new().file(".claude/settings.json", &claude_handlers(&["exit 1"]));
    case.fire("PreToolUse").exit(0).decision("none");
    case.fire_with("PreToolUse", &["--strict"])
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("exited with code 1"));
    let slow = Case::new().file(".claude/settings.json", &claude_handlers(&["sleep 5"]));
    let run = slow
        .fire_with("PreToolUse", &["--timeout", "200ms"])
        .exit(0)
        .within(std::time::Duration::from_secs(4));
    assert_eq!(run.json()["hooks"][0]["timed_out_after_ms"], 200);
}

#[test]
fn pretty_output_and_closed_stdout() {
    let case = Case::new().file(".claude/settings.json", &claude_handlers(&["exit 0"]));
    let run = case.fire_with("PreToolUse", &["--pretty"]).exit(0);
    assert!(
        run.stdout.starts_with("{\n  \"event\": \"PreToolUse\""),
        "{}",
        run.stdout
    );
    let mut child = case.command(&["fire", "PreToolUse"]).spawn().unwrap();
    drop(child.stdout.take());
    drop(
        child
            .stdin
            .take()
            .map(|mut s| std::io::Write::write_all(&mut s, b"{}")),
    );
    assert_eq!(
        child.wait().unwrap().code(),
        Some(0),
        "EPIPE on stdout is not an error"
    );
}

#[test]
fn usage_errors_exit_2() {
    let run = Case::new().run(&["fire"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(Case::new().run(&["fire", "X", "--bogus"]).code, Some(2));
}

#[test]
fn payloads_over_max_payload_are_refused() {
    let case = Case::new();
    case.payload(json!({"blob": "x".repeat(100)}));
    case.fire_with("Stop", &["--max-payload", "50"])
        .exit(1)
        .stderr_has("larger than 50 bytes");
    case.fire_with("Stop", &["--max-payload", "500"]).exit(0);
}

#[test]
fn payloads_nested_past_the_depth_limit_are_refused() {
    let deep = format!("{{\"a\":{}1{}}}", "[".repeat(20_000), "]".repeat(20_000));
    let case = Case::new();
    case.stdin(deep);
    case.fire("Stop")
        .exit(1)
        .stderr_has("20001 levels deep")
        .stderr_has("up to 10000");
}

#[test]
fn with_set_a_terminal_on_stdin_counts_as_an_empty_payload() {
    // `script` gives hookrun a terminal as stdin: it must not wait for a human to type JSON.
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"cap\"\nevents = [\"*\"]\ncommand = \"cat > stdin.json\"\n",
    );
    let command = format!(
        "timeout 10 {} -C {} --no-user-config --trust-project fire beforeShellExecution --set command=ls",
        crate::harness::hookrun_bin(),
        case.path().display()
    );
    let status = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .envs(crate::harness::home_env(case.home()))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{status}");
    let seen: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("stdin.json")).unwrap()).unwrap();
    assert_eq!(
        seen,
        json!({"command": "ls", "hook_event_name": "beforeShellExecution"})
    );
}
