//! A configuration error under `fire --strict` fails closed: exit 2 with a deny naming the error
//! (on stdout, and in the `--log` line), the errors on stderr, and no hook run; without
//! `--strict` it stays hookrun's own failure (exit 1, no document).

use crate::harness::{Case, claude_settings};

/// A valid Claude hook that leaves a mark, beside a hookrun.toml with an error on line 3.
fn broken() -> Case {
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "touch ran", ""),
        )
        .file(
            "hookrun.toml",
            "[[hook]]\nevents = [\"Stop\"]\ncommand = 1\n",
        )
}

#[test]
fn a_configuration_error_under_strict_is_a_deny_with_exit_2() {
    let case = broken();
    let run = case
        .fire_with("Stop", &["--strict"])
        .exit(2)
        .decision("deny")
        .stderr_has("hookrun.toml:3:1")
        .stderr_has("--strict: blocking, as the configuration has 1 error");
    let reason = run.json()["reason"].as_str().unwrap().to_owned();
    assert!(
        reason.contains("configuration has errors") && reason.contains("hookrun.toml:3:1"),
        "{reason}"
    );
    assert_eq!(run.json()["hooks"], serde_json::json!([]));
    assert!(!case.at("ran").exists(), "a hook ran despite the error");
}

#[test]
fn without_strict_it_stays_a_failure_and_with_an_agent_output_that_agents_block() {
    let case = broken();
    let run = case.fire("Stop").exit(1).stderr_has("hookrun.toml:3:1");
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    // `--output claude` answers a failure with Claude's own block, strict or not.
    case.fire_with("Stop", &["--strict", "--output", "claude"])
        .exit(2)
        .stderr_has("hookrun.toml:3:1");
    assert!(!case.at("ran").exists());
}

#[test]
fn the_log_line_says_both_the_deny_and_the_error() {
    let case = broken();
    let log = case.at("fire.log");
    case.fire_with("Stop", &["--strict", "--log", log.to_str().unwrap()])
        .exit(2);
    let text = std::fs::read_to_string(&log).unwrap();
    let line: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(line["decision"], "deny");
    assert_eq!(line["exit_code"], 2);
    assert!(
        line["error"].as_str().unwrap().contains("must be a string"),
        "{line}"
    );
}
