//! PraisonAI's second hooks file, `.praisonai/hooks.json` (`HooksManager`), through the real
//! binary: the file `praisonai hooks init` writes, commands run without a shell, the context
//! variables, `block_on_failure`, `MODIFIED:` and the file's `enabled`; the same form at
//! `.praison/hooks.json`, where `praisonai hooks init` writes it.

use serde_json::json;

use crate::harness::Case;

/// A hook script that records its arguments and environment, then answers with `body`.
fn script(body: &str) -> String {
    format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > seen-args.txt\nenv > seen-env.txt\n{body}\n")
}

/// The file `praisonai hooks init` writes, with its scripts.
fn init_project(validate: &str) -> Case {
    Case::new()
        .file(
            ".praisonai/hooks.json",
            r#"{"enabled": true, "timeout": 30, "hooks": {
                "pre_write_code": "./scripts/lint.sh",
                "post_write_code": "./scripts/format.sh",
                "pre_run_command": {"command": "./scripts/validate.sh --mode 'strict check'",
                                    "timeout": 60, "block_on_failure": true}}}"#,
        )
        .hook("scripts/lint.sh", "#!/bin/sh\ntouch linted\n")
        .hook("scripts/format.sh", "#!/bin/sh\ntouch formatted\n")
        .hook("scripts/validate.sh", &script(validate))
}

#[test]
fn the_init_file_blocks_a_command_its_validator_fails_with_the_validators_stderr() {
    let case = init_project("echo 'rm -rf is not allowed' >&2\nexit 1");
    case.payload(json!({"command": "rm -rf /"}))
        .fire("pre_run_command")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("rm -rf is not allowed"))
        .field("/hooks/0/outcome", &json!("blocking"));
    assert!(
        !case.at("linted").exists(),
        "pre_write_code hooks do not fire"
    );
    let args = std::fs::read_to_string(case.at("seen-args.txt")).unwrap();
    assert_eq!(
        args, "--mode\nstrict check\n",
        "split as shlex splits, no shell"
    );
}

#[test]
fn hooks_get_the_context_in_praison_hook_variables_and_fire_on_their_exact_event() {
    let case = init_project("exit 0");
    case.payload(json!({"command": "ls", "count": 2, "force": false, "nested": {"a": 1}}))
        .fire("pre_run_command")
        .exit(0)
        .field("/hooks/0/outcome", &json!("success"));
    let env = std::fs::read_to_string(case.at("seen-env.txt")).unwrap();
    for line in [
        "PRAISON_HOOK_COMMAND=ls",
        "PRAISON_HOOK_COUNT=2",
        "PRAISON_HOOK_FORCE=False",
        r#"PRAISON_HOOK_CONTEXT={"command": "ls", "count": 2, "force": false, "nested": {"a": 1}}"#,
    ] {
        assert!(env.lines().any(|l| l == line), "{line} in {env}");
    }
    assert!(!env.contains("PRAISON_HOOK_NESTED"), "{env}");
    case.fire("PRE_RUN_COMMAND").exit(0);
    assert_eq!(
        std::fs::read_to_string(case.at("seen-env.txt")).unwrap(),
        env,
        "events compare exactly: nothing ran"
    );
    case.fire("pre_write_code").exit(0);
    assert!(case.at("linted").exists());
}

#[test]
fn a_failure_without_block_on_failure_goes_on_reported_and_blocks_under_strict() {
    let case = Case::new()
        .file(
            ".praisonai/hooks.json",
            r#"{"hooks": {"pre_user_prompt": "./h/fail.sh"}}"#,
        )
        .hook("h/fail.sh", "#!/bin/sh\necho broken >&2\nexit 1\n");
    case.fire("pre_user_prompt")
        .exit(0)
        .field("/hooks/0/outcome", &json!("non_blocking_error"))
        .field("/hooks/0/error", &json!("exited with code 1: broken"));
    case.fire_with("pre_user_prompt", &["--strict"])
        .exit(2)
        .decision("deny");
}

#[test]
fn modified_stdout_rewrites_the_last_one_winning_and_any_failing_exit_blocks() {
    let case = Case::new()
        .file(
            ".praisonai/hooks.json",
            r#"{"hooks": {"pre_run_command": ["./h/first.sh", "./h/second.sh"],
                          "post_run_command": {"command": "./h/gate.sh", "block_on_failure": true}}}"#,
        )
        .hook("h/first.sh", "#!/bin/sh\necho 'MODIFIED: ls -i'\n")
        .hook("h/second.sh", "#!/bin/sh\necho 'MODIFIED: ls -la'\n")
        .hook("h/gate.sh", "#!/bin/sh\nexit 3\n");
    case.fire("pre_run_command")
        .exit(0)
        .field("/updated_input", &json!("ls -la"));
    // Not only exit 1: `execute` blocks on any failure of a `block_on_failure` hook.
    case.fire("post_run_command").exit(2).decision("deny");
}

#[test]
fn a_list_holding_an_entry_object_is_an_error() {
    Case::new()
        .file(
            ".praisonai/hooks.json",
            r#"{"hooks": {"pre_run_command": ["./a.sh", {"command": "./b.sh"}]}}"#,
        )
        .fire("pre_run_command")
        .stderr_has("an object in a list: PraisonAI skips it");
}

#[test]
fn enabled_false_switches_the_whole_file_off() {
    let case = init_project("exit 1").file(
        ".praisonai/hooks.json",
        r#"{"enabled": false, "hooks": {"pre_run_command": {"command": "./scripts/validate.sh",
            "block_on_failure": true}}}"#,
    );
    case.fire("pre_run_command").exit(0);
    assert!(!case.at("seen-env.txt").exists());
}

#[test]
fn the_file_praisonai_hooks_init_writes_to_dot_praison_runs_as_hooks_manager_runs_it() {
    // `praisonai hooks init` writes HooksManager's form to `.praison/hooks.json`.
    let case = Case::new()
        .file(
            ".praison/hooks.json",
            r#"{"enabled": true, "timeout": 30, "hooks": {
                "pre_run_command": {"command": "./scripts/validate.sh --mode 'strict check'",
                                    "timeout": 60, "block_on_failure": true}}}"#,
        )
        .hook(
            "scripts/validate.sh",
            &script("echo 'rm -rf is not allowed' >&2\nexit 1"),
        );
    case.payload(json!({"command": "rm -rf /"}))
        .fire("pre_run_command")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("rm -rf is not allowed"));
    let args = std::fs::read_to_string(case.at("seen-args.txt")).unwrap();
    assert_eq!(args, "--mode\nstrict check\n", "no shell, as HooksManager");
    let env = std::fs::read_to_string(case.at("seen-env.txt")).unwrap();
    assert!(
        env.lines().any(|l| l == "PRAISON_HOOK_COMMAND=rm -rf /"),
        "{env}"
    );
    case.run(&["validate"]).exit(0);
}
