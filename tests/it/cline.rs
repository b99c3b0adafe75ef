//! Cline's hooks through the real binary: executable files named after their events in
//! `.clinerules/hooks/` and `~/Documents/Cline/Hooks/`, Cline's payload on stdin, `cancel` and
//! `contextModification` read from exit 0 only, and `--output cline` answering as one Cline hook.

use std::os::unix::fs::PermissionsExt as _;

use serde_json::{Value, json};

use crate::harness::Case;

/// Cline's `PreToolUse` payload for a command (`hooks.proto` `HookInput`).
fn pre_tool_use(command: &str) -> Value {
    json!({"clineVersion": "3.50.0", "hookName": "PreToolUse", "timestamp": "1760000000000",
        "taskId": "t1", "workspaceRoots": ["/w"], "userId": "u1",
        "model": {"provider": "openai", "slug": "gpt"},
        "preToolUse": {"toolName": "execute_command", "parameters": {"command": command}}})
}

const CANCEL_RM_RF: &str = "#!/bin/sh\nif grep -q 'rm -rf'; then\n  echo '{\"cancel\": true, \"errorMessage\": \"no rm -rf\"}'\nelse\n  echo '{\"cancel\": false}'\nfi\n";

/// A `hookrun test` case: Cline's payload for `rm -rf /` stops the task.
const STOPPED: &str = r#"
[[test]]
name = "rm -rf is stopped"
event = "PreToolUse"
payload = { hookName = "PreToolUse", preToolUse = { toolName = "execute_command", parameters = { command = "rm -rf /" } } }
expect.continue = false
expect.exit_code = 2
"#;

/// Two `hookrun.toml` hooks, each giving context.
const TWO_CONTEXTS: &str = r#"
[[hook]]
name = "one"
events = ["PreToolUse"]
command = "echo '{\"additionalContext\": \"one\"}'"

[[hook]]
name = "two"
events = ["PreToolUse"]
command = "echo '{\"additionalContext\": \"two\"}'"
"#;

fn cline(case: &Case, event: &str) -> Value {
    case.fire_with(event, &["--output", "cline"]).exit(0).json()
}

#[test]
fn a_project_hook_cancelling_rm_rf_stops_and_ls_goes_through() {
    let case = Case::new().hook(".clinerules/hooks/PreToolUse", CANCEL_RM_RF);
    case.payload(pre_tool_use("rm -rf /"));
    let run = case.fire("PreToolUse").exit(2);
    assert_eq!(run.json()["continue"], false);
    assert_eq!(run.json()["stop_reason"], "no rm -rf");
    case.payload(pre_tool_use("ls"));
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.json()["continue"], true);
}

#[test]
fn with_output_cline_hookrun_leaves_clines_own_files_to_cline() {
    // Cline runs its hooks folder itself: an installed `fire --output cline` must not run them
    // a second time.
    let case = Case::new().hook(".clinerules/hooks/PreToolUse", CANCEL_RM_RF);
    case.payload(pre_tool_use("rm -rf /"));
    assert_eq!(cline(&case, "PreToolUse"), json!({"cancel": false}));
}

#[test]
fn the_hook_gets_clines_payload_unchanged_and_another_agents_translated() {
    let case = Case::new().hook(
        ".clinerules/hooks/PreToolUse",
        "#!/bin/sh\ncat > \"$(dirname \"$0\")/../../seen.json\"\n",
    );
    case.payload(pre_tool_use("ls"));
    case.fire("PreToolUse").exit(0);
    let seen: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("seen.json")).unwrap()).unwrap();
    assert_eq!(seen, pre_tool_use("ls"));
    case.payload(
        json!({"session_id": "s1", "cwd": "/p", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": "ls", "timeout": 5}}),
    );
    case.fire("PreToolUse").exit(0);
    let seen: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("seen.json")).unwrap()).unwrap();
    assert_eq!(seen["hookName"], "PreToolUse");
    assert_eq!(seen["taskId"], "s1");
    assert_eq!(seen["workspaceRoots"], json!(["/p"]));
    assert_eq!(
        seen["preToolUse"],
        json!({"toolName": "Bash", "parameters": {"command": "ls", "timeout": "5"}})
    );
}

#[test]
fn a_failing_hook_does_not_cancel_even_with_a_cancel_answer() {
    // HookProcess.run rejects on a non-zero exit; the adapter goes on.
    let case = Case::new().hook(
        ".clinerules/hooks/PreToolUse",
        "#!/bin/sh\necho '{\"cancel\": true, \"errorMessage\": \"x\"}'\nexit 2\n",
    );
    case.payload(pre_tool_use("ls"));
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.json()["continue"], true);
    assert_eq!(run.hook_names().len(), 1);
}

#[test]
fn a_file_that_is_not_executable_is_not_run_and_validate_says_so() {
    let case = Case::new().file(
        ".clinerules/hooks/PreToolUse",
        "#!/bin/sh\necho '{\"cancel\": true}'\n",
    );
    case.payload(pre_tool_use("ls"));
    let run = case.fire("PreToolUse").exit(0);
    assert_eq!(run.json()["continue"], true);
    assert!(run.hook_names().is_empty());
    case.run(&["validate"]).stdout_has("not executable");
}

#[test]
fn the_user_hook_runs_before_the_project_hook_and_debug_lines_are_skipped() {
    let case = Case::new().hook(
        ".clinerules/hooks/UserPromptSubmit",
        "#!/bin/sh\necho 'checking the prompt'\necho '{\"contextModification\": \"project rule\"}'\n",
    );
    let docs = case.home().join("Documents");
    let user = docs.join("Cline/Hooks/UserPromptSubmit");
    std::fs::create_dir_all(user.parent().unwrap()).unwrap();
    std::fs::write(
        &user,
        "#!/bin/sh\necho '{\"contextModification\": \"user rule\"}'\n",
    )
    .unwrap();
    std::fs::set_permissions(&user, std::fs::Permissions::from_mode(0o755)).unwrap();
    let case = case.env("XDG_DOCUMENTS_DIR", docs.to_str().unwrap());
    case.payload(json!({"hookName": "UserPromptSubmit", "taskId": "t1",
        "userPromptSubmit": {"prompt": "hi", "attachments": []}}));
    let run = case.fire("UserPromptSubmit").exit(0);
    assert_eq!(run.json()["additional_context"], "user rule\nproject rule");
}

#[test]
fn a_task_complete_cancel_is_only_observed() {
    // hooks-adapter.ts afterRun drops the TaskComplete answer.
    let case = Case::new().hook(
        ".clinerules/hooks/TaskComplete",
        "#!/bin/sh\necho '{\"cancel\": true, \"errorMessage\": \"x\"}'\n",
    );
    case.payload(json!({"hookName": "TaskComplete", "taskId": "t1"}));
    let run = case.fire("TaskComplete").exit(0);
    assert_eq!(run.json()["continue"], true);
}

#[test]
fn hookruns_own_failure_cancels_with_exit_0() {
    let case = Case::new().file("hookrun.toml", "[[hook]\n");
    case.payload(pre_tool_use("ls"));
    let answer = cline(&case, "PreToolUse");
    assert_eq!(answer["cancel"], true);
    assert!(
        answer["errorMessage"]
            .as_str()
            .unwrap()
            .contains("hookrun.toml")
    );
}

#[test]
fn hookrun_toml_contexts_reach_cline_joined_with_a_blank_line() {
    let case = Case::new().file("hookrun.toml", TWO_CONTEXTS);
    case.payload(pre_tool_use("ls"));
    assert_eq!(
        cline(&case, "PreToolUse"),
        json!({"cancel": false, "contextModification": "one\n\ntwo"})
    );
}

#[test]
fn a_hookrun_toml_hook_answers_cline_through_output_cline() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nevents = [\"PreToolUse\"]\ncommand = \"echo '{\\\"decision\\\": \\\"deny\\\", \\\"reason\\\": \\\"policy\\\"}'\"\n",
    );
    case.payload(pre_tool_use("ls"));
    assert_eq!(
        cline(&case, "PreToolUse"),
        json!({"cancel": true, "errorMessage": "policy"})
    );
}

/// Runs the file at `path` as Cline runs a hook: through `/bin/sh` by its path, from the
/// workspace root, the payload on stdin (`HookProcess.ts`).
fn run_as_cline(case: &Case, path: &std::path::Path, payload: &Value) -> std::process::Output {
    use std::io::Write as _;
    let mut child = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(path)
        .current_dir(case.path())
        .envs(crate::harness::home_env(case.home()))
        .env("HOOKRUN_TRUST_PROJECT", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn the installed hook");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(payload.to_string().as_bytes())
        .expect("write");
    drop(stdin);
    child.wait_with_output().expect("wait")
}

fn own_hookrun() -> String {
    std::env::current_dir()
        .expect("cwd")
        .join(crate::harness::hookrun_bin())
        .to_string_lossy()
        .into_owned()
}

#[test]
fn install_writes_one_executable_per_event_that_answers_cline_for_hookrun_toml() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"no-rm\"\nevents = [\"PreToolUse\"]\ncommand = \"grep -q 'rm -rf' && echo '{\\\"decision\\\": \\\"deny\\\", \\\"reason\\\": \\\"no rm -rf\\\"}' || true\"\n",
    );
    let run = case
        .run(&["install", "cline", "--command", &own_hookrun()])
        .exit(0);
    run.stdout_has("added 9 hooks to .clinerules/hooks");
    let hook = case.at(".clinerules/hooks/PreToolUse");
    let mode = std::fs::metadata(&hook).unwrap().permissions().mode();
    assert_eq!(mode & 0o111, 0o111, "{mode:o}");
    let out = run_as_cline(&case, &hook, &pre_tool_use("rm -rf /"));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let answer: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer, json!({"cancel": true, "errorMessage": "no rm -rf"}));
    let out = run_as_cline(&case, &hook, &pre_tool_use("ls"));
    let answer: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer, json!({"cancel": false}));
    // Fired for another agent, hookrun does not run its own installed files: the policy runs once.
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.hook_names(), ["no-rm"]);
    case.run(&["install", "cline", "--command", &own_hookrun()])
        .stdout_has("already runs hookrun on every event");
    case.run(&["uninstall", "cline"])
        .stdout_has("removed 9 hooks");
    assert!(!hook.exists());
}

#[test]
fn install_refuses_to_overwrite_a_users_own_hook_file_and_writes_nothing() {
    let own = "#!/bin/sh\necho '{\"cancel\": false}'\n";
    let case = Case::new().hook(".clinerules/hooks/TaskStart", own);
    let run = case.run(&["install", "cline"]).exit(1);
    run.stderr_has(".clinerules/hooks/TaskStart")
        .stderr_has("nothing was written");
    assert_eq!(
        std::fs::read_to_string(case.at(".clinerules/hooks/TaskStart")).unwrap(),
        own
    );
    assert!(!case.at(".clinerules/hooks/PreToolUse").exists());
}

#[test]
fn an_untrusted_hook_file_is_held_back_and_an_edited_one_needs_trust_again() {
    let case = Case::new()
        .hook(".clinerules/hooks/PreToolUse", CANCEL_RM_RF)
        .untrusted();
    case.payload(pre_tool_use("rm -rf /"));
    case.fire("PreToolUse").exit(0).stderr_has(
        "held back 1 hook of untrusted project files (not run): .clinerules/hooks/PreToolUse",
    );
    case.run(&["list"])
        .stdout_has(".clinerules/hooks/PreToolUse (cline, project level, untrusted, 1 hook)");
    case.run(&["trust", "--yes"]).exit(0);
    case.fire("PreToolUse").exit(2);
    // The script is the hook: a new body is a new hook.
    std::fs::write(
        case.at(".clinerules/hooks/PreToolUse"),
        "#!/bin/sh\necho '{\"cancel\": true, \"errorMessage\": \"changed\"}'\n",
    )
    .unwrap();
    // A guard that changed since it was trusted blocks until it is trusted again.
    case.fire("PreToolUse")
        .exit(2)
        .stdout_has("changed since trusted");
}

#[test]
fn hookrun_test_runs_a_cline_hook_file() {
    let case = Case::new()
        .hook(".clinerules/hooks/PreToolUse", CANCEL_RM_RF)
        .file("policy.hooktest.toml", STOPPED);
    case.run(&["test"]).exit(0).stdout_has("rm -rf is stopped");
}

#[test]
fn a_compiled_hook_runs_and_its_digest_stands_for_its_text() {
    let case = Case::new();
    let hook = case.at(".clinerules/hooks/TaskStart");
    std::fs::create_dir_all(hook.parent().unwrap()).unwrap();
    std::fs::copy("/bin/true", &hook).unwrap();
    case.payload(json!({"hookName": "TaskStart", "taskId": "t1"}));
    let run = case.fire("TaskStart").exit(0);
    let [name] = run.hook_names().try_into().expect("one hook");
    assert!(
        name.starts_with("TaskStart (.clinerules/hooks/TaskStart, sha256:"),
        "{name}"
    );
    assert_eq!(run.hook(&name)["outcome"], "success");
}

#[test]
fn a_user_install_writes_into_the_documents_hooks_folder() {
    let case = Case::new();
    let docs = case.home().join("Documents");
    let case = case.env("XDG_DOCUMENTS_DIR", docs.to_str().unwrap());
    case.run(&["install", "cline", "--user"])
        .exit(0)
        .stdout_has("added 9 hooks");
    let hook = docs.join("Cline/Hooks/PreToolUse");
    let text = std::fs::read_to_string(&hook).unwrap();
    assert!(
        text.ends_with(" fire --output cline PreToolUse\n"),
        "{text}"
    );
    assert!(!case.at(".clinerules").exists());
    case.run(&["uninstall", "cline", "--user"])
        .stdout_has("removed 9 hooks");
    assert!(!hook.exists());
}
