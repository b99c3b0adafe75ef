//! The process engine with hooks that misbehave on purpose: nothing hangs hookrun,
//! nothing it starts outlives a timeout, and every failure is recorded.

use std::time::Duration;

use serde_json::json;

use crate::harness::{Case, alive, claude_settings, fixture, pids, wait_dead};

/// A hookrun.toml with one hook running a shipped fixture script.
fn toml_hook(script: &str, extra: &str) -> String {
    let path = fixture(&format!("hooks/{script}"));
    format!(
        "[[hook]]\nname = \"h\"\nevents = [\"PreToolUse\"]\ncommand = {:?}\n{extra}\n",
        path.display().to_string()
    )
}

#[test]
fn hook_sleeping_forever_is_killed_at_its_timeout_with_its_group() {
    let case = Case::new().file(
        "hookrun.toml",
        &toml_hook("sleep-forever.sh", "timeout = \"2s\"\nkill_grace = \"1s\""),
    );
    let pid_file = case.at("pids");
    let case = case.env("PIDS_FILE", pid_file.to_str().unwrap());
    let run = case.fire("PreToolUse").within(Duration::from_secs(10));
    let hook = run.hook("h");
    assert_eq!(hook["outcome"], "cancelled", "{hook}");
    assert_eq!(hook["timed_out_after_ms"], 2000);
    assert_eq!(hook["killed"], "SIGTERM");
    assert_eq!(hook["error"], "timed out after 2s; ended by SIGTERM");
    run.exit(0).decision("none");
    for pid in pids(&pid_file) {
        assert!(
            wait_dead(pid, Duration::from_secs(2)),
            "pid {pid} of the hook's group survived"
        );
    }
}

#[test]
fn hook_ignoring_sigterm_is_killed_after_the_grace() {
    // Exec form: the script itself is the hook's process (in shell form `sh -c` would die to TERM).
    let case = Case::new().file(
        "hookrun.toml",
        &toml_hook(
            "ignore-term.sh",
            "args = []\ntimeout = \"2s\"\nkill_grace = \"500ms\"",
        ),
    );
    let pid_file = case.at("pids");
    let case = case.env("PIDS_FILE", pid_file.to_str().unwrap());
    let run = case.fire("PreToolUse").within(Duration::from_secs(10));
    let hook = run.hook("h");
    assert_eq!(hook["killed"], "SIGKILL", "{hook}");
    assert_eq!(hook["signal"], "SIGKILL");
    assert_eq!(
        hook["error"],
        "timed out after 2s; SIGKILL after 500ms grace"
    );
    for pid in pids(&pid_file) {
        assert!(
            wait_dead(pid, Duration::from_secs(2)),
            "pid {pid} survived SIGKILL of the group"
        );
    }
}

#[test]
fn timed_out_fail_closed_hook_denies() {
    Case::new()
        .file(
            "hookrun.toml",
            &toml_hook(
                "sleep-forever.sh",
                "timeout = \"200ms\"\nkill_grace = \"100ms\"\non_error = \"deny\"",
            ),
        )
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("timed out after 200ms; ended by SIGTERM"))
        .field("/hooks/0/outcome", &json!("blocking"));
}

#[test]
fn background_child_holding_stdout_is_ended_and_counted_as_leaked() {
    let case = Case::new().file("hookrun.toml", &toml_hook("leave-grandchild.sh", ""));
    let pid_file = case.at("pids");
    let case = case.env("PIDS_FILE", pid_file.to_str().unwrap());
    let run = case.fire("PreToolUse").within(Duration::from_secs(5));
    let hook = run.hook("h");
    assert_eq!(hook["leaked"], 1, "{hook}");
    assert_eq!(hook["outcome"], "success");
    let child = pids(&pid_file)[0];
    assert!(
        !alive(child),
        "no process outlives its hook: hookrun ended the child holding stdout"
    );
    run.exit(0)
        .decision("allow")
        .field("/reason", &json!("answered before leaving a child"));
}

#[test]
fn hook_that_never_reads_a_10_mib_payload_does_not_fail_hookrun() {
    let big = "x".repeat(10 * 1024 * 1024);
    Case::new()
        .file("hookrun.toml", &toml_hook("never-read-stdin.sh", ""))
        .payload(json!({"tool_name": "Bash", "blob": big}))
        .fire("PreToolUse")
        .within(Duration::from_secs(20))
        .exit(0)
        .decision("allow")
        .field("/hooks/0/outcome", &json!("success"));
}

#[test]
fn payloads_either_side_of_pipe_buf_reach_a_reader_whole_and_never_stall_a_non_reader() {
    // Up to PIPE_BUF (4096 bytes here) the payload is written into the fresh pipe at once, with no
    // non-blocking switch; past it the poll loop feeds it. Both sides of that line, byte by byte,
    // to a hook that reads the payload whole and to one that exits without reading it.
    let case = Case::new().file(
        "hookrun.toml",
        &format!(
            "[[hook]]\nname = \"read\"\nevents = [\"PreToolUse\"]\ncommand = \"cat > got.json\"\n\n{}",
            toml_hook("never-read-stdin.sh", "").replace("name = \"h\"", "name = \"skip\"")
        ),
    );
    for length in 4060..=4110 {
        let blob = "p".repeat(length);
        case.payload(json!({"blob": blob}))
            .fire("PreToolUse")
            .within(Duration::from_secs(10))
            .exit(0)
            .field("/hooks/0/outcome", &json!("success"))
            .field("/hooks/1/outcome", &json!("success"));
        let got: serde_json::Value =
            serde_json::from_slice(&std::fs::read(case.at("got.json")).expect("got.json"))
                .expect("the reader got one JSON document");
        assert_eq!(
            got["blob"],
            json!(blob),
            "a {length}-byte blob arrived whole"
        );
    }
}

#[test]
fn a_10_mib_payload_reaches_a_hook_that_reads_it_whole() {
    let big = "y".repeat(10 * 1024 * 1024);
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"count\"\nevents = [\"PreToolUse\"]\ncommand = \"wc -c > bytes.txt\"\n",
    );
    case.payload(json!({"blob": big}))
        .fire("PreToolUse")
        .exit(0)
        .decision("none");
}

#[test]
fn hook_printing_60_mb_is_capped_without_deadlock() {
    let run = Case::new()
        .file(
            "hookrun.toml",
            &toml_hook("flood-stdout.sh", "timeout = \"60s\""),
        )
        .fire("PreToolUse")
        .within(Duration::from_secs(60))
        .exit(0)
        .decision("none");
    let hook = run.hook("h");
    assert_eq!(hook["outcome"], "non_blocking_error", "{hook}");
    assert_eq!(hook["error"], "stdout exceeded 16 MiB");
    assert_eq!(hook["truncated"], true);
    assert_eq!(
        hook["stderr"].as_str().unwrap().len(),
        4096,
        "the record keeps the first 4 KiB of stderr"
    );
}

#[test]
fn broken_polluted_and_plain_stdout() {
    let cases = [
        ("broken-json.sh", "non_blocking_error", "none"),
        ("polluted-json.sh", "success", "none"),
        ("plain-text.sh", "success", "none"),
    ];
    for (script, outcome, decision) in cases {
        let run = Case::new()
            .file("hookrun.toml", &toml_hook(script, ""))
            .fire("PreToolUse")
            .exit(0)
            .decision(decision);
        assert_eq!(run.hook("h")["outcome"], outcome, "{script}");
    }
    let broken = Case::new()
        .file("hookrun.toml", &toml_hook("broken-json.sh", ""))
        .fire("PreToolUse");
    assert!(
        broken.hook("h")["error"]
            .as_str()
            .unwrap()
            .starts_with("stdout is not valid JSON")
    );
}

#[test]
fn exit_codes_0_1_2_127_and_death_by_signal() {
    let script = fixture("hooks/exit-with.sh").display().to_string();
    for (code, outcome, decision, fire_exit) in [
        (0, "success", "none", 0),
        (1, "non_blocking_error", "none", 0),
        (2, "blocking", "deny", 2),
        (127, "non_blocking_error", "none", 0),
    ] {
        let config = format!(
            "[[hook]]\nname = \"h\"\nevents = [\"PreToolUse\"]\ncommand = \"{script} {code}\"\n"
        );
        let run = Case::new()
            .file("hookrun.toml", &config)
            .fire("PreToolUse")
            .exit(fire_exit)
            .decision(decision);
        let hook = run.hook("h");
        assert_eq!(
            (hook["outcome"].as_str(), hook["exit_code"].as_i64()),
            (Some(outcome), Some(code)),
            "exit {code}: {hook}"
        );
    }
    let exec = format!(
        "[[hook]]\nname = \"h\"\nevents = [\"PreToolUse\"]\ncommand = {:?}\nargs = []\n",
        fixture("hooks/kill-self.sh").display().to_string()
    );
    let run = Case::new()
        .file("hookrun.toml", &exec)
        .fire("PreToolUse")
        .exit(0);
    let hook = run.hook("h");
    assert_eq!(
        (hook["signal"].as_str(), hook["error"].as_str()),
        (Some("SIGKILL"), Some("killed by SIGKILL")),
        "{hook}"
    );
}

#[test]
fn missing_program_is_a_non_blocking_error_unless_fail_closed() {
    let settings = claude_settings("PreToolUse", "", "./hooks/missing.sh", "");
    let run = Case::new()
        .file(".claude/settings.json", &settings)
        .fire("PreToolUse")
        .exit(0)
        .decision("none");
    assert_eq!(run.hook("missing")["exit_code"], 127);
    let exec = "[[hook]]\nname = \"x\"\nevents = [\"*\"]\ncommand = \"/nonexistent/hook\"\nargs = []\non_error = \"deny\"\n";
    Case::new()
        .file("hookrun.toml", exec)
        .fire("Stop")
        .exit(2)
        .decision("deny")
        .field(
            "/reason",
            &json!("failed to start `/nonexistent/hook`: no such program"),
        );
}

#[test]
fn sigint_mid_hook_ends_its_group_removes_temp_files_and_exits_130() {
    let script = fixture("hooks/sleep-forever.sh").display().to_string();
    let case = Case::new().file(
        "hookrun.toml",
        &format!(
            "[[hook]]\nname = \"h\"\nevents = [\"Stop\"]\ncommand = \"echo $HOOKRUN_PAYLOAD_FILE > payload-path; exec {script}\"\npayload_file = true\ntimeout = \"60s\"\nkill_grace = \"500ms\"\n"
        ),
    );
    let pid_file = case.at("pids");
    let case = case.env("PIDS_FILE", pid_file.to_str().unwrap());
    let output = signal_mid_hook(&case, &pid_file, "-INT");
    assert_eq!(
        output.status.code(),
        Some(130),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stdout.is_empty(), "no partial JSON on stdout");
    for pid in pids(&pid_file) {
        assert!(
            wait_dead(pid, Duration::from_secs(2)),
            "pid {pid} survived the interrupt"
        );
    }
    let payload_path = std::fs::read_to_string(case.at("payload-path")).unwrap();
    assert!(payload_path.trim().contains("payload-"), "{payload_path}");
    assert!(
        !std::path::Path::new(payload_path.trim()).exists(),
        "payload file left behind"
    );
}

#[test]
fn payload_file_is_0600_and_removed_after_the_hook() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"f\"\nevents = [\"Stop\"]\ncommand = \"stat -c %a $HOOKRUN_PAYLOAD_FILE > mode; cp $HOOKRUN_PAYLOAD_FILE copy.json; echo $HOOKRUN_PAYLOAD_FILE > path\"\npayload_file = true\n",
    );
    case.payload(json!({"a": 1})).fire("Stop").exit(0);
    assert_eq!(
        std::fs::read_to_string(case.at("mode")).unwrap().trim(),
        "600"
    );
    let copy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("copy.json")).unwrap()).unwrap();
    assert_eq!(copy, json!({"a": 1, "hook_event_name": "Stop"}));
    let path = std::fs::read_to_string(case.at("path")).unwrap();
    assert!(
        !std::path::Path::new(path.trim()).exists(),
        "payload file not removed"
    );
}

#[test]
fn hooks_run_in_their_own_process_group() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"g\"\nevents = [\"Stop\"]\ncommand = \"cut -d' ' -f5 /proc/$$/stat > pgid; echo $$ > pid\"\n",
    );
    case.fire("Stop").exit(0);
    let pgid = std::fs::read_to_string(case.at("pgid")).unwrap();
    let leader = std::fs::read_to_string(case.at("pid")).unwrap();
    assert_eq!(
        pgid.trim(),
        leader.trim(),
        "the hook leads its own process group"
    );
}

#[test]
fn with_a_terminal_a_hook_runs_in_a_session_of_its_own_without_it() {
    // `script` gives hookrun a controlling terminal. Each hook writes its session id, its pid and
    // whether it can open /dev/tty. `direct` goes through posix_spawn (POSIX_SPAWN_SETSID); `std`
    // is a bare program in a sanitised environment, which std starts (a setsid `pre_exec`).
    let probe = "cut -d' ' -f6 /proc/$$/stat > $0.sid; echo $$ > $0.pid; \
                 if (: < /dev/tty) 2>/dev/null; then echo yes; else echo no; fi > $0.tty";
    let config = format!(
        "[[hook]]\nname = \"direct\"\nevents = [\"Stop\"]\ncommand = \"/bin/sh\"\n\
         args = [\"-c\", {probe:?}, \"direct\"]\n\n\
         [[hook]]\nname = \"std\"\nevents = [\"Stop\"]\ncommand = \"sh\"\n\
         args = [\"-c\", {probe:?}, \"std\"]\nsanitize_env = true\n"
    );
    let case = Case::new().file("hookrun.toml", &config);
    std::fs::write(case.at("payload.json"), "{}").unwrap();
    let fire = format!(
        "{} -C {} --no-user-config --trust-project fire Stop --payload {}",
        crate::harness::hookrun_bin(),
        case.path().display(),
        case.at("payload.json").display()
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &fire, "/dev/null"])
        .envs(crate::harness::home_env(case.home()))
        .current_dir(case.path())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux `script` runs");
    assert!(output.status.success(), "{output:?}");
    for name in ["direct", "std"] {
        let read = |ext: &str| {
            std::fs::read_to_string(case.at(&format!("{name}.{ext}")))
                .unwrap_or_else(|e| panic!("{name}.{ext}: {e}; {output:?}"))
                .trim()
                .to_owned()
        };
        assert_eq!(read("sid"), read("pid"), "{name}: the hook leads a session");
        assert_eq!(
            read("tty"),
            "no",
            "{name}: the hook has no controlling terminal"
        );
    }
}

#[test]
fn sigterm_to_hookrun_ends_the_hook_group_and_exits_143() {
    assert_signal_ends_hook_group("-TERM", 143);
}

#[test]
fn with_a_controlling_terminal_hooks_get_a_session_of_their_own() {
    // `script` gives hookrun a pseudo-terminal as its controlling terminal.
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"s\"\nevents = [\"Stop\"]\ncommand = \"cut -d' ' -f6 /proc/$$/stat > sid; echo $$ > pid; test -e /dev/tty && (: < /dev/tty) 2>/dev/null && echo tty > reach; exit 0\"\n",
    );
    let command = format!(
        "echo '{{}}' | {} -C {} --no-user-config --trust-project fire Stop",
        crate::harness::hookrun_bin(),
        case.path().display()
    );
    let status = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .envs(crate::harness::home_env(case.home()))
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{status}");
    let sid = std::fs::read_to_string(case.at("sid")).unwrap();
    let leader = std::fs::read_to_string(case.at("pid")).unwrap();
    assert_eq!(sid.trim(), leader.trim(), "the hook leads a new session");
    assert!(
        !case.at("reach").exists(),
        "the hook cannot open hookrun's terminal"
    );
}

/// Starts `fire Stop`, waits until the fixture hook has written its two pids to `pid_file`, sends
/// hookrun `signal` (as `kill` spells it) and returns what hookrun left behind.
fn signal_mid_hook(case: &Case, pid_file: &std::path::Path, signal: &str) -> std::process::Output {
    let mut child = case.command(&["fire", "Stop"]).spawn().expect("spawn");
    drop(
        child
            .stdin
            .take()
            .map(|mut s| std::io::Write::write_all(&mut s, b"{}")),
    );
    let start = std::time::Instant::now();
    while std::fs::read_to_string(pid_file)
        .unwrap_or_default()
        .split_whitespace()
        .count()
        < 2
    {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "hook never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill {signal} failed");
    child.wait_with_output().unwrap()
}

#[test]
fn sighup_to_hookrun_is_forwarded_like_sigterm_and_exits_129() {
    assert_signal_ends_hook_group("-HUP", 129);
}

/// Sends `signal` to hookrun while its hook sleeps: hookrun exits `code`, prints nothing on
/// stdout, and every process of the hook's group is dead.
fn assert_signal_ends_hook_group(signal: &str, code: i32) {
    let script = fixture("hooks/sleep-forever.sh").display().to_string();
    let case = Case::new().file(
        "hookrun.toml",
        &format!(
            "[[hook]]\nname = \"h\"\nevents = [\"Stop\"]\ncommand = {script:?}\ntimeout = \"60s\"\n"
        ),
    );
    let pid_file = case.at("pids");
    let case = case.env("PIDS_FILE", pid_file.to_str().unwrap());
    let output = signal_mid_hook(&case, &pid_file, signal);
    assert_eq!(
        output.status.code(),
        Some(code),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stdout.is_empty(), "no partial JSON on stdout");
    for pid in pids(&pid_file) {
        assert!(wait_dead(pid, Duration::from_secs(2)), "pid {pid} survived");
    }
}

#[test]
fn hooks_run_in_the_project_dir_while_hookrun_keeps_its_own() {
    // hookrun started elsewhere with -C: each hook runs in the project dir (hookrun enters it for
    // the spawn), and a relative `--log` written after the hooks still lands in hookrun's own dir.
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "", "pwd -P >> where.out", ""),
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let mut command = case.command(&[
        "fire",
        "PreToolUse",
        "--log",
        "fire.log",
        "--set",
        "tool_name=Bash",
    ]);
    command
        .current_dir(elsewhere.path())
        .stdin(std::process::Stdio::null());
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let project = case.path().canonicalize().unwrap();
    let where_ = std::fs::read_to_string(case.at("where.out")).unwrap();
    assert_eq!(where_.trim(), project.to_string_lossy());
    assert!(
        elsewhere.path().join("fire.log").is_file(),
        "log not in hookrun's own dir"
    );
    assert!(
        !case.at("fire.log").exists(),
        "log written in the hook's dir"
    );
}

#[test]
fn a_hook_gets_hookrun_s_environment_with_its_own_variables_once_and_sigpipe_at_its_default() {
    // `yes | head` ends `yes` by SIGPIPE when the signal is at its default; were it still ignored
    // (as in hookrun), `yes` would go on to a write error and say "Broken pipe" on stderr.
    let config = r#"
[[hook]]
name = "shell"
events = ["PreToolUse"]
command = "env > shell.env; yes | head -n 1 > /dev/null"
env = { OUTER = "inner" }

[[hook]]
name = "bare"
events = ["PreToolUse"]
command = "sh"
args = ["-c", "env > bare.env"]
env = { OUTER = "bare" }

[[hook]]
name = "clean"
events = ["PreToolUse"]
command = "sh"
args = ["-c", "env > clean.env"]
sanitize_env = true
"#;
    let case = Case::new()
        .file("hookrun.toml", config)
        .env("OUTER", "outer")
        .env("KEPT", "kept");
    let run = case.fire("PreToolUse").exit(0);
    for name in ["shell", "bare", "clean"] {
        assert_eq!(run.hook(name)["outcome"], "success", "{}", run.hook(name));
    }
    let shell_stderr = run.hook("shell")["stderr"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(shell_stderr, "", "{}", run.hook("shell"));
    let lines = |file: &str| -> Vec<String> {
        std::fs::read_to_string(case.at(file))
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let with = |lines: &[String], prefix: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|line| line.starts_with(prefix))
            .cloned()
            .collect()
    };
    let shell = lines("shell.env");
    assert_eq!(with(&shell, "OUTER="), ["OUTER=inner"]);
    assert_eq!(with(&shell, "KEPT="), ["KEPT=kept"]);
    assert_eq!(with(&shell, "HOOKRUN_HOOK="), ["HOOKRUN_HOOK=shell"]);
    // A bare program name is looked up in PATH, with the same environment.
    let bare = lines("bare.env");
    assert_eq!(with(&bare, "OUTER="), ["OUTER=bare"]);
    assert_eq!(with(&bare, "KEPT="), ["KEPT=kept"]);
    // A sanitised environment has none of hookrun's variables, and PATH to find `sh` in.
    let clean = lines("clean.env");
    assert!(with(&clean, "OUTER=").is_empty(), "{clean:?}");
    assert!(with(&clean, "KEPT=").is_empty(), "{clean:?}");
    assert_eq!(with(&clean, "PATH=").len(), 1, "{clean:?}");
    assert_eq!(with(&clean, "HOOKRUN_HOOK="), ["HOOKRUN_HOOK=clean"]);
}

#[test]
fn a_hook_still_starts_in_its_project_when_hookrun_s_own_directory_is_gone() {
    // hookrun cannot come back to a removed directory after entering the hook's: std starts the
    // hook instead, entering the directory in the child.
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"h\"\nevents = [\"Stop\"]\ncommand = \"pwd > ran\"\n",
    );
    let gone = tempfile::tempdir().unwrap();
    let script = format!(
        "cd {gone} && rmdir {gone} && echo '{{}}' | {bin} -C {project} --no-user-config --trust-project fire Stop",
        gone = gone.path().display(),
        bin = crate::harness::hookrun_bin(),
        project = case.path().display()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .envs(crate::harness::home_env(case.home()))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let record: serde_json::Value =
        serde_json::from_slice(output.stdout.trim_ascii()).expect("a decision document");
    assert_eq!(record["hooks"][0]["outcome"], "success", "{record}");
    let ran = std::fs::read_to_string(case.at("ran")).unwrap();
    assert_eq!(
        std::path::Path::new(ran.trim()).canonicalize().unwrap(),
        case.path().canonicalize().unwrap()
    );
}
