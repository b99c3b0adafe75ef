//! The guard as hooks use it: the shell command found in each payload shape, and its reasons.

use serde_json::json;

use super::*;

#[test]
fn guard_names_round_trip_and_unknown_names_are_none() {
    assert_eq!(Guard::from_name("rm-rf"), Some(Guard::RmRf));
    assert_eq!(Guard::RmRf.name(), "rm-rf");
    assert_eq!(Guard::from_name("rm_rf"), None);
    assert_eq!(Guard::known_names(), "\"rm-rf\"");
}

#[test]
fn the_command_is_read_where_shell_rules_read_it() {
    for payload in [
        json!({"tool_name": "Bash", "tool_input": {"command": "rm -Rf /"}}),
        json!({"tool_name": "run_shell_command", "tool_input": {"command": "rm -Rf /"}}),
        json!({"tool_name": "shell", "tool_input": {"command": "rm -Rf /"}}),
        json!({"command": "rm -Rf /"}),
    ] {
        assert_eq!(
            Guard::RmRf.check(&payload).as_deref(),
            Some("rm -rf is not allowed here: rm -Rf /"),
            "{payload}"
        );
    }
}

#[test]
fn events_without_a_shell_command_pass() {
    for payload in [
        json!({"tool_name": "Write", "tool_input": {"file_path": "x", "content": "rm -rf /"}}),
        json!({"tool_name": "Bash", "tool_input": {}}),
        json!({"prompt": "rm -rf /"}),
        json!({}),
    ] {
        assert_eq!(Guard::RmRf.check(&payload), None, "{payload}");
    }
}

#[test]
fn an_unreadable_command_is_blocked_with_the_reason_why() {
    let reason = Guard::RmRf
        .check_command("echo 'open")
        .expect("fails closed");
    assert!(reason.starts_with("rm -rf is not allowed here"), "{reason}");
    assert!(reason.contains("an unterminated single quote"), "{reason}");
}
