//! Configuration through the binary: discovery and order, errors that name
//! `file:line:col`, switches that turn hooks off, dedup, the recursion guard, and the ProxyAI and
//! `hookrun.toml` rules.

use serde_json::json;

use crate::harness::{Case, Run, claude_settings};

#[test]
fn discovered_sources_run_in_table_order() {
    let case = Case::new()
        .file(
            ".proxyai/settings.json",
            r#"{"hooks":{"stop":[{"command":"echo proxyai >> order"}]}}"#,
        )
        .file(
            ".codex/hooks.json",
            &claude_settings("stop", "", "echo codex >> order", ""),
        )
        .file(
            ".claude/settings.local.json",
            &claude_settings("stop", "", "echo local >> order", ""),
        )
        .file(
            ".claude/settings.json",
            &claude_settings("stop", "", "echo project >> order", ""),
        )
        .file(
            ".hookrun.toml",
            "[[hook]]\nname = \"dot\"\nevents = [\"stop\"]\ncommand = \"echo dot >> order\"\n",
        )
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"main\"\nevents = [\"stop\"]\ncommand = \"echo main >> order\"\n",
        );
    case.fire("stop").exit(0);
    let order = std::fs::read_to_string(case.at("order")).unwrap();
    assert_eq!(order, "main\ndot\nproject\nlocal\ncodex\nproxyai\n");
}

#[test]
fn invalid_json_names_file_line_and_column() {
    let run = Case::new()
        .file(
            ".claude/settings.json",
            "{\n  \"hooks\": {\n    \"Stop\": [\n  }\n}\n",
        )
        .fire("Stop")
        .exit(1);
    assert!(run.stdout.is_empty());
    run.stderr_has(".claude/settings.json:4:3")
        .stderr_has("invalid JSON");
}

#[test]
fn wrong_type_points_at_the_value_with_a_fix() {
    let settings = "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": \"5\"}]}\n    ]\n  }\n}\n";
    Case::new()
        .file(".claude/settings.json", settings)
        .fire("Stop")
        .exit(1)
        .stderr_has(".claude/settings.json:4:65")
        .stderr_has("must be a number")
        .stderr_has("write 5 without quotes");
}

#[test]
fn every_error_of_every_file_is_reported_at_once() {
    let run = Case::new()
        .file("hookrun.toml", "[[hook]]\nname = \"a\"\nevents = [\"Stop\"]\ncommand = \"x\"\ntimeout = \"soon\"\n\n[[hook]]\nname = \"a\"\nevents = []\ncommand = \"y\"\n")
        .file(".proxyai/settings.json", r#"{"hooks":{"stop":[{"matcher":"x"}]}}"#)
        .fire("Stop")
        .exit(1);
    run.stderr_has("hookrun.toml:5:1")
        .stderr_has("`soon` is not a duration")
        .stderr_has("hookrun.toml:9:1")
        .stderr_has("`events` is empty")
        .stderr_has(".proxyai/settings.json")
        .stderr_has("has no `command`");
}

#[test]
fn invalid_matcher_regex_is_a_configuration_error() {
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Bash(", "true", ""),
        )
        .payload(json!({"tool_name": "Bash"}))
        .fire("PreToolUse")
        .exit(1)
        .stderr_has(".claude/settings.json:1:")
        .stderr_has("Bash(");
}

#[test]
fn unknown_keys_are_warnings_not_errors() {
    let run = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "true", r#""timout": 5"#),
        )
        .fire_with("Stop", &["-v"])
        .exit(0);
    run.stderr_has("unknown key `timout`")
        .stderr_has("did you mean `timeout`?");
}

#[test]
fn disable_all_hooks_and_enabled_false_switch_hooks_off() {
    let settings = r#"{"disableAllHooks": true, "hooks":{"Stop":[{"hooks":[{"type":"command","command":"touch ran"}]}]}}"#;
    let case = Case::new().file(".claude/settings.json", settings);
    let run = case.fire("Stop").exit(0).decision("none");
    assert!(run.hook_names().is_empty() && !case.at("ran").exists());
    let proxyai = Case::new().file(
        ".proxyai/settings.json",
        r#"{"hooks":{"stop":[{"command":"touch ran","enabled":false}]}}"#,
    );
    proxyai.fire("stop").exit(0);
    assert!(!proxyai.at("ran").exists());
}

#[test]
fn same_command_in_two_files_runs_once() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "echo x >> count", ""),
        )
        .file(
            ".claude/settings.local.json",
            &claude_settings("Stop", "", "echo x >> count", ""),
        );
    let run = case.fire("Stop").exit(0);
    assert_eq!(std::fs::read_to_string(case.at("count")).unwrap(), "x\n");
    assert!(
        run.hook("echo-2")["skipped_reason"]
            .as_str()
            .unwrap()
            .starts_with("deduplicated"),
        "{}",
        run.stdout
    );
}

#[test]
fn hooks_running_hookrun_are_skipped_and_depth_8_runs_nothing() {
    let run = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "hookrun fire Stop", ""),
        )
        .fire("Stop")
        .exit(0);
    assert!(
        run.hook("hookrun")["skipped_reason"]
            .as_str()
            .unwrap()
            .starts_with("recursion")
    );
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "touch ran", ""),
        )
        .env("HOOKRUN_DEPTH", "8");
    let deep = case
        .fire("Stop")
        .exit(0)
        .decision("none")
        .stderr_has("HOOKRUN_DEPTH is 8");
    assert!(!case.at("ran").exists(), "{}", deep.stdout);
}

#[test]
fn config_flag_replaces_discovery_and_needs_a_dialect() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "touch discovered", ""),
        )
        .file(
            "policy/claude.json",
            &claude_settings("Stop", "", "touch named", ""),
        )
        .file(
            "policy/odd.json",
            r#"{"hooks":{"stop":[{"command":"touch odd"}]}}"#,
        );
    case.fire_with("Stop", &["-c", "policy/claude.json"])
        .exit(0);
    assert!(case.at("named").exists() && !case.at("discovered").exists());
    case.fire_with("stop", &["-c", "policy/odd.json"])
        .exit(1)
        .stderr_has("cannot tell this file's dialect");
    case.fire_with("stop", &["-c", "policy/odd.json", "--dialect", "proxyai"])
        .exit(0);
    assert!(case.at("odd").exists());
    case.fire_with("Stop", &["-c", "missing.json"])
        .exit(1)
        .stderr_has("missing.json")
        .stderr_has("no such file");
}

#[test]
fn hookrun_project_dir_names_the_project_and_c_after_fire_overrides_it() {
    // The harness always passes `-C`: here the project comes from the environment alone.
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"here\"\nevents = [\"Stop\"]\ncommand = \"true\"\n",
        )
        .file("payload.json", "{}");
    let elsewhere = tempfile::tempdir().unwrap();
    let payload = case.at("payload.json");
    let fire = |extra: &[&str]| {
        let mut args = vec!["--no-user-config", "fire", "Stop", "--payload"];
        args.push(payload.to_str().unwrap());
        args.extend_from_slice(extra);
        let output = crate::harness::hookrun_command()
            .current_dir(elsewhere.path())
            .env_remove("HOOKRUN_DEPTH")
            .env_remove("HOOKRUN_LOG")
            .env("HOOKRUN_PROJECT_DIR", case.path())
            .args(&args)
            .output()
            .unwrap();
        Run::new(&args, &output, std::time::Duration::ZERO)
    };
    assert_eq!(fire(&[]).exit(0).hook_names(), ["here"]);
    let other = elsewhere.path().to_str().unwrap();
    assert!(fire(&["-C", other]).exit(0).hook_names().is_empty());
}

#[test]
fn user_config_is_loaded_unless_disabled() {
    let case = Case::new();
    let config_home = case.at("xdg");
    std::fs::create_dir_all(config_home.join("hookrun")).unwrap();
    std::fs::write(
        config_home.join("hookrun/hookrun.toml"),
        "[[hook]]\nname = \"user\"\nevents = [\"Stop\"]\ncommand = \"true\"\n",
    )
    .unwrap();
    let case = case.env("XDG_CONFIG_HOME", config_home.to_str().unwrap());
    assert_eq!(case.fire("Stop").exit(0).hook_names(), ["user"]);
    assert!(
        case.fire_with("Stop", &["--no-user-config"])
            .exit(0)
            .hook_names()
            .is_empty()
    );
}

#[test]
fn proxyai_fail_posture_follows_its_documentation() {
    let settings = r#"{"hooks":{"beforeShellExecution":[{"command":"exit 1"}],"beforeToolUse":[{"command":"exit 1"}],"beforeReadFile":[{"command":"sleep 5","timeout":1}]}}"#;
    let case = Case::new().file(".proxyai/settings.json", settings);
    case.payload(json!({"command": "ls"}))
        .fire("beforeShellExecution")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("exited with code 1"));
    case.payload(json!({"tool_name": "Bash", "file_path": "/etc/passwd"}));
    case.fire("beforeToolUse").exit(0).decision("none");
    case.fire("beforeReadFile")
        .exit(2)
        .decision("deny")
        .field("/hooks/0/outcome", &json!("blocking"));
}

#[test]
fn proxyai_matchers_target_the_command_and_fall_back_to_substring() {
    let settings = r#"{"hooks":{"beforeShellExecution":[{"command":"exit 2","matcher":"gradlew"},{"command":"exit 2","matcher":"(unclosed"}]}}"#;
    let case = Case::new().file(".proxyai/settings.json", settings);
    case.payload(json!({"command": "bash ./gradlew test"}))
        .fire("beforeShellExecution")
        .exit(2);
    case.payload(json!({"command": "echo should_run"}))
        .fire("beforeShellExecution")
        .exit(0);
    case.payload(json!({"command": "echo (unclosed"}))
        .fire("beforeShellExecution")
        .exit(2);
}

#[test]
fn proxyai_pre_tool_use_key_is_an_alias_and_loop_limit_counts_per_session() {
    let alias = Case::new().file(
        ".proxyai/settings.json",
        r#"{"hooks":{"preToolUse":[{"command":"exit 2"}]}}"#,
    );
    alias
        .payload(json!({"tool_name": "Bash"}))
        .fire("beforeToolUse")
        .exit(2);
    let limited = Case::new().file(
        ".proxyai/settings.json",
        r#"{"hooks":{"stop":[{"command":"echo x >> runs","loopLimit":2}]}}"#,
    );
    let session = |id: &str| json!({"session_id": id, "status": "completed"});
    limited.payload(session("a"));
    limited.fire("stop").exit(0);
    limited.fire("stop").exit(0);
    let third = limited.fire("stop").exit(0);
    assert!(
        third.hook("echo")["skipped_reason"]
            .as_str()
            .unwrap()
            .starts_with("loopLimit"),
        "{}",
        third.stdout
    );
    limited.payload(session("b")).fire("stop").exit(0);
    assert_eq!(
        std::fs::read_to_string(limited.at("runs")).unwrap(),
        "x\nx\nx\n"
    );
}

#[test]
fn hookrun_toml_events_matchers_conditions_env_and_modes() {
    let config = r#"
timeout = "5s"

[[hook]]
name = "push-guard"
events = ["PreToolUse", "beforeShellExecution"]
matcher = "Bash"
if = "Bash(git push *)"
command = "echo pushed >> log; echo '{\"decision\":\"deny\",\"reason\":\"no pushes\"}'"

[[hook]]
name = "audit"
events = ["*"]
command = "echo \"$AUDIT_TAG $HOOKRUN_EVENT\" >> log; exit 2"
env = { AUDIT_TAG = "seen" }
mode = "observe"

[[hook]]
name = "off"
events = ["*"]
command = "touch off-ran"
enabled = false

[[hook]]
name = "lifecycle"
events = ["prx.lifecycle.*"]
command = "echo lifecycle >> log"
"#;
    let case = Case::new().file("hookrun.toml", config);
    let push = json!({"tool_name": "Bash", "tool_input": {"command": "git push origin main"}});
    let run = case
        .payload(push)
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("no pushes"));
    assert_eq!(
        run.hook("audit")["ignored_decision"],
        "deny",
        "observe hooks never block"
    );
    let status = json!({"tool_name": "Bash", "tool_input": {"command": "git status"}});
    case.payload(status).fire("PreToolUse").exit(0);
    case.payload(json!({}))
        .fire("prx.lifecycle.tool_call")
        .exit(0);
    let log = std::fs::read_to_string(case.at("log")).unwrap();
    assert_eq!(
        log,
        "pushed\nseen PreToolUse\nseen PreToolUse\nseen prx.lifecycle.tool_call\nlifecycle\n"
    );
    assert!(!case.at("off-ran").exists());
}

#[test]
fn configuration_files_over_4_mib_are_refused() {
    let padding = " ".repeat(4 * 1024 * 1024);
    let settings = format!("{{\"hooks\":{{}}{padding}}}");
    Case::new()
        .file(".claude/settings.json", &settings)
        .fire("Stop")
        .exit(1)
        .stderr_has(".claude/settings.json")
        .stderr_has("larger than 4 MiB");
}

#[test]
fn handler_types_hookrun_cannot_run_are_listed_never_dropped() {
    let settings = r#"{"hooks":{"Stop":[{"hooks":[{"type": "mcp_tool", "server": "s", "tool": "t"},{"type":"command","command":"true"}]}]}}"#;
    let run = Case::new()
        .file(".claude/settings.json", settings)
        .fire("Stop")
        .exit(0);
    assert_eq!(run.hook_names().len(), 2, "{}", run.stdout);
    let http = run.hook("mcp_tool-hook");
    assert_eq!(
        http["skipped_reason"],
        "unsupported: handler type `mcp_tool` is not supported yet"
    );
}
