//! The starter's `guard = "rm-rf"` and `hookrun guard rm-rf`, driven through the real binary:
//! every spelling of a forced recursive delete is blocked, every mere mention goes through, for
//! Claude-shaped (`PreToolUse`) and Cursor-shaped (`beforeShellExecution`) payloads alike.

use serde_json::json;

use crate::harness::Case;

/// Each spelling the guard must block (the book, "Hook kinds").
const BLOCKED: &[&str] = &[
    "rm -rf /",
    "rm -fr /",
    "rm -Rf /",
    "rm -r -f /",
    "rm --recursive --force /",
    "rm / -rf",
    "/bin/rm -rf /",
    "\\rm -rf /",
    "sudo rm -rf ~",
    "sudo -u root rm -rf /",
    "env FOO=1 rm -rf /",
    "command rm -rf /",
    "timeout 5 nice -n 2 rm -rf /",
    "ls | xargs rm -rf",
    "find / -delete",
    "find . -exec rm -rf {} +",
    "bash -c \"rm -rf /\"",
    "sh -c 'cd / && rm -rf .'",
    "eval 'rm -rf /'",
    "echo $(rm -rf /)",
    "cd /tmp && rm -rf build",
    "echo 'unterminated",
];

/// Each command that only mentions a delete, or deletes without force or recursion.
const ALLOWED: &[&str] = &[
    "echo rm -rf is dangerous",
    "grep -r \"rm -rf\" .",
    "git commit -m \"no rm -rf\"",
    "man rm",
    "rm -r build",
    "rm -f file",
    "ls -la",
];

fn initialised() -> Case {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    case
}

#[test]
fn the_starter_guard_blocks_every_spelling_of_a_forced_recursive_delete() {
    let case = initialised();
    for &command in BLOCKED {
        case.payload(json!({"tool_name": "Bash", "tool_input": {"command": command}}));
        let run = case
            .fire_with("PreToolUse", &["--trust-project"])
            .exit(2)
            .decision("deny");
        let hook = run.hook("no-rm-rf");
        assert_eq!(hook["outcome"], "blocking", "{command}: {hook}");
        let reason = hook["reason"].as_str().unwrap_or_default();
        assert!(
            reason.starts_with("rm -rf is not allowed here"),
            "{command}: {reason}"
        );
        case.stdin("");
        case.fire_with(
            "beforeShellExecution",
            &["--trust-project", "--set", &format!("command={command}")],
        )
        .exit(2)
        .decision("deny");
    }
}

#[test]
fn the_starter_guard_lets_mentions_and_unforced_deletes_through() {
    let case = initialised();
    for &command in ALLOWED {
        case.payload(json!({"tool_name": "Bash", "tool_input": {"command": command}}));
        let run = case
            .fire_with("PreToolUse", &["--trust-project"])
            .exit(0)
            .decision("none");
        assert_eq!(run.hook("no-rm-rf")["outcome"], "success", "{command}");
        case.stdin("");
        case.fire_with(
            "beforeShellExecution",
            &["--trust-project", "--set", &format!("command={command}")],
        )
        .exit(0)
        .decision("none");
    }
}

#[test]
fn the_guard_reason_names_the_offending_part() {
    let case = initialised();
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls && sudo rm -Rf /srv"}}));
    case.fire_with("PreToolUse", &["--trust-project"])
        .exit(2)
        .field(
            "/reason",
            &json!("rm -rf is not allowed here: sudo rm -Rf /srv"),
        );
}

#[test]
fn the_guard_command_answers_as_a_command_hook() {
    let case = Case::new();
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "rm -r -f /"}}));
    case.run(&["guard", "rm-rf"])
        .exit(2)
        .stderr_has("rm -rf is not allowed here: rm -r -f /");
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "echo rm -rf"}}));
    case.run(&["guard", "rm-rf"]).exit(0);
    case.payload(json!({"prompt": "hello"}));
    case.run(&["guard", "rm-rf"]).exit(0);
    case.stdin("not json");
    case.run(&["guard", "rm-rf"])
        .exit(1)
        .stderr_has("not valid JSON");
    case.run(&["guard", "rm-rm"])
        .exit(2)
        .stderr_has("possible values: rm-rf");
}

#[test]
fn an_unknown_guard_name_is_a_configuration_error_that_lists_the_known_ones() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"g\"\nevents = [\"PreToolUse\"]\nguard = \"rm-all\"\n",
    );
    case.run(&["validate"])
        .exit(1)
        .stdout_has("unknown guard \"rm-all\": the built-in guards are \"rm-rf\"");
}

#[test]
fn list_and_dry_run_show_a_guard_hook_by_its_name() {
    let case = initialised();
    case.run(&["list"]).exit(0).stdout_has("(guard) rm-rf");
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}));
    let run = case.fire_with("PreToolUse", &["--dry-run"]).exit(0);
    let hook = run.hook("no-rm-rf");
    assert_eq!(
        (hook["kind"].as_str(), hook["guard"].as_str()),
        (Some("guard"), Some("rm-rf")),
        "{hook}"
    );
}
