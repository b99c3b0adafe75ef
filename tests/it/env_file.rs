//! `CLAUDE_ENV_FILE` for Claude's hooks on `SessionStart`, `Setup`, `CwdChanged` and
//! `FileChanged`: the one Claude gave hookrun is passed on; without one, hookrun gives each hook a
//! file under its state directory, as Claude's layout has it, so a `set -u` script runs.

use serde_json::json;

use crate::harness::Case;

fn exporting(event: &str) -> Case {
    Case::new().file(
        ".claude/settings.json",
        &json!({"hooks": {event: [{"hooks": [{"type": "command",
            "command": "set -u; echo 'export FOO=1' >> \"$CLAUDE_ENV_FILE\"; echo exported"}]}]}})
        .to_string(),
    )
}

#[test]
fn without_claude_a_session_start_hook_gets_a_file_of_its_own_under_the_state_directory() {
    let case = exporting("SessionStart");
    case.payload(
        json!({"session_id": "s1", "hook_event_name": "SessionStart", "source": "startup"}),
    );
    case.fire("SessionStart")
        .exit(0)
        .decision("none")
        .field("/additional_context", &json!("exported"));
    let dir = case.home().join("state/hookrun/session-env/s1");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    let [file] = files.as_slice() else {
        panic!("one env file expected: {files:?}");
    };
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("sessionstart-hook-"), "{name}");
    assert_eq!(std::fs::read_to_string(file).unwrap(), "export FOO=1\n");
}

#[test]
fn under_claude_the_file_claude_gave_is_the_one_the_hook_writes() {
    let case = exporting("SessionStart");
    let given = case.at("claude-env.sh");
    let case = case.env("CLAUDE_ENV_FILE", given.to_str().unwrap());
    case.payload(
        json!({"session_id": "s1", "hook_event_name": "SessionStart", "source": "startup"}),
    );
    case.fire("SessionStart").exit(0).decision("none");
    assert_eq!(std::fs::read_to_string(&given).unwrap(), "export FOO=1\n");
    assert!(!case.home().join("state/hookrun/session-env").exists());
}

#[test]
fn other_events_get_no_env_file_as_in_claude() {
    let case = exporting("PreToolUse");
    case.payload(json!({"session_id": "s1", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "ls"}}));
    // Claude's `set -u` hook fails there too (sh's exit 2 on an unset variable blocks).
    case.fire("PreToolUse").exit(2).decision("deny");
    assert!(!case.home().join("state/hookrun/session-env").exists());
}
