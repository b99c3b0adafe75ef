//! The PRX dialect (`hooks.json`, docs/dialects/prx.md) through real hook processes:
//! discovery, the envelope on its three channels, the sanitised environment, millisecond
//! timeouts, the 8 KiB boundary, the payload file's life, observe-only results, every security
//! rule, and PRX's documented example project.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::{Case, fixture};

/// A hook that copies what it was given into files in the workspace (its working directory).
const CAPTURE: &str = r#"#!/bin/sh
cat > stdin.out
env | sort > env.out
cat "$ZERO_HOOK_PAYLOAD_FILE" > file.out
printf '%s' "${ZERO_HOOK_PAYLOAD-}" > env-payload.out
"#;

/// `hooks.json` with `actions` under `event`.
fn hooks_json(event: &str, actions: &Value) -> String {
    json!({ "hooks": { event: actions } }).to_string()
}

fn read(case: &Case, rel: &str) -> String {
    std::fs::read_to_string(case.at(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn env_var(env: &str, key: &str) -> Option<String> {
    env.lines()
        .find_map(|line| line.strip_prefix(&format!("{key}=")).map(str::to_owned))
}

/// Copies a shipped fixture project into the case.
pub(crate) fn copy_fixture(case: Case, name: &str) -> Case {
    fn walk(case: Case, root: &Path, dir: &Path) -> Case {
        let mut case = case;
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            case = if path.is_dir() {
                walk(case, root, &path)
            } else if path.extension().is_some_and(|e| e == "sh") {
                case.hook(&rel, &std::fs::read_to_string(&path).unwrap())
            } else {
                case.file(&rel, &std::fs::read_to_string(&path).unwrap())
            };
        }
        case
    }
    let root = fixture(name);
    walk(case, &root, &root)
}

#[test]
fn discovered_at_the_root_with_normalised_event_keys() {
    let case = Case::new().file(
        "hooks.json",
        &hooks_json(
            " Tool-Call-Start ",
            &json!([{"command": "sh", "args": ["-c", "echo \"$ZERO_HOOK_EVENT\" >> ev.out"]}]),
        ),
    );
    for event in [
        "tool_call_start",
        "TOOL-CALL-START",
        "prx.lifecycle.tool_call_start",
    ] {
        case.fire(event).exit(0).decision("none");
    }
    case.fire("tool_call").exit(0);
    assert_eq!(read(&case, "ev.out"), "tool_call_start\n".repeat(3));
}

#[test]
fn keys_naming_the_same_event_run_in_file_order() {
    // `tool_call` is written before `Tool-Call` (which sorts first): file order decides.
    let case = Case::new().file(
        "hooks.json",
        r#"{"hooks": {
            "tool_call": [{"command": "sh", "args": ["-c", "echo first >> order.out"]}],
            "Tool-Call": [{"command": "sh", "args": ["-c", "echo second >> order.out"]}]}}"#,
    );
    case.fire("tool_call").exit(0);
    assert_eq!(read(&case, "order.out"), "first\nsecond\n");
}

#[test]
fn the_envelope_arrives_on_stdin_env_and_file_alike() {
    let case = Case::new().hook("hooks/capture.sh", CAPTURE).file(
        "hooks.json",
        &hooks_json(
            "tool_call",
            &json!([{"command": "./hooks/capture.sh", "stdin_json": true}]),
        ),
    );
    let payload = json!({"session_id": "s-1", "tool": "shell", "arguments": {"command": "ls"}});
    case.payload(payload.clone());
    case.fire("tool_call").exit(0).decision("none");
    let stdin = read(&case, "stdin.out");
    assert!(
        stdin.ends_with("}\n") && stdin.matches('\n').count() == 1,
        "{stdin:?}"
    );
    assert_eq!(read(&case, "file.out"), stdin);
    assert_eq!(read(&case, "env-payload.out"), stdin.trim_end());
    let envelope: Value = serde_json::from_str(&stdin).unwrap();
    assert_eq!(envelope["event"], "tool_call");
    assert_eq!(envelope["session_id"], "s-1");
    assert_eq!(envelope["payload"], payload);
    let timestamp = envelope["timestamp"].as_str().unwrap();
    assert_eq!(timestamp.len(), 24, "{timestamp}");
    assert!(
        timestamp.ends_with('Z') && timestamp.as_bytes()[19] == b'.',
        "{timestamp}"
    );
    let env = read(&case, "env.out");
    assert_eq!(
        env_var(&env, "ZERO_HOOK_EVENT").as_deref(),
        Some("tool_call")
    );
    assert_eq!(env_var(&env, "ZERO_HOOK_SESSION").as_deref(), Some("s-1"));
    assert_eq!(
        env_var(&env, "ZERO_HOOK_TIMESTAMP").as_deref(),
        Some(timestamp)
    );
    assert_eq!(env_var(&env, "ZERO_HOOK_PAYLOAD_TRUNCATED"), None);
}

#[test]
fn stdin_is_dev_null_unless_stdin_json() {
    let case = Case::new().hook("hooks/capture.sh", CAPTURE).file(
        "hooks.json",
        &hooks_json("error", &json!([{"command": "./hooks/capture.sh"}])),
    );
    case.payload(json!({"message": "boom"}));
    case.fire("error").exit(0);
    assert_eq!(read(&case, "stdin.out"), "");
    assert!(read(&case, "file.out").contains("\"message\":\"boom\""));
}

#[test]
fn the_environment_is_sanitised_and_blocked_variables_skipped() {
    let case = Case::new()
        .hook("hooks/capture.sh", CAPTURE)
        .file(
            "hooks.json",
            &hooks_json(
                "error",
                &json!([{"command": "./hooks/capture.sh",
                          "env": {"FOO": "bar", "PATH": "/evil", "ld_preload": "x.so"}}]),
            ),
        )
        .env("SECRET_TOKEN", "hunter2");
    case.fire("error")
        .exit(0)
        .stderr_has("may not set `PATH`")
        .stderr_has("may not set `ld_preload`");
    let env = read(&case, "env.out");
    assert_eq!(
        env_var(&env, "PATH").as_deref(),
        Some("/usr/local/bin:/usr/bin:/bin")
    );
    assert_eq!(env_var(&env, "FOO").as_deref(), Some("bar"));
    for absent in ["SECRET_TOKEN", "HOME", "ld_preload", "LD_PRELOAD"] {
        assert_eq!(env_var(&env, absent), None, "{absent} leaked into {env}");
    }
    let names: Vec<&str> = env
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, _)| k)
        .collect();
    for name in names {
        let allowed = name.starts_with("ZERO_HOOK_")
            || name.starts_with("HOOKRUN_")
            || ["PATH", "FOO", "PWD", "SHLVL", "_"].contains(&name);
        assert!(allowed, "unexpected variable {name} in {env}");
    }
}

#[test]
fn the_loader_and_libc_variables_are_blocked_as_a_family() {
    let blocked = [
        "LD_AUDIT",
        "ld_bind_now",
        "LD_DEBUG_OUTPUT",
        "DYLD_FALLBACK_LIBRARY_PATH",
        "GCONV_PATH",
        "GLIBC_TUNABLES",
        "HOSTALIASES",
        "LOCALDOMAIN",
        "RES_OPTIONS",
        "RESOLV_HOST_CONF",
        "NLSPATH",
        "LOCPATH",
        "MALLOC_TRACE",
        "MALLOC_CHECK_",
    ];
    let mut env: serde_json::Map<String, Value> = blocked
        .iter()
        .map(|name| ((*name).to_owned(), json!("/tmp/x")))
        .collect();
    for kept in ["LDFLAGS", "MY_LD_PRELOAD", "TMPDIR"] {
        env.insert(kept.to_owned(), json!("kept"));
    }
    let case = Case::new().hook("hooks/capture.sh", CAPTURE).file(
        "hooks.json",
        &hooks_json(
            "error",
            &json!([{"command": "./hooks/capture.sh", "env": env}]),
        ),
    );
    let mut run = case.fire("error").exit(0);
    for name in blocked {
        run = run.stderr_has(&format!("may not set `{name}`"));
    }
    let seen = read(&case, "env.out");
    for name in blocked {
        assert_eq!(
            env_var(&seen, name),
            None,
            "{name} reached the hook: {seen}"
        );
    }
    for kept in ["LDFLAGS", "MY_LD_PRELOAD", "TMPDIR"] {
        assert_eq!(env_var(&seen, kept).as_deref(), Some("kept"), "{seen}");
    }
    case.run(&["validate"])
        .exit(1)
        .stdout_has("may not set `LD_AUDIT`");
}

#[test]
fn timeouts_are_milliseconds_file_level_and_per_action() {
    let sleeper = json!({"command": "sleep", "args": ["5"]});
    let mut quick = sleeper.clone();
    quick["timeout_ms"] = json!(200);
    let case = Case::new().file(
        "hooks.json",
        &json!({"timeout_ms": 300, "hooks": {"error": [sleeper], "tool_call": [quick]}})
            .to_string(),
    );
    case.fire("error")
        .within(Duration::from_secs(4))
        .exit(0)
        .decision("none")
        .field("/hooks/0/outcome", &json!("cancelled"))
        .field("/hooks/0/timed_out_after_ms", &json!(300));
    case.fire("tool_call")
        .within(Duration::from_secs(4))
        .exit(0)
        .field("/hooks/0/timed_out_after_ms", &json!(200));
}

#[test]
fn payload_env_holds_exactly_up_to_8192_bytes() {
    // A payload that already is an envelope reaches the hook as is, so its size is exact.
    let envelope = |size: usize| {
        let mut value = json!({"event": "error", "timestamp": "t", "session_id": null, "payload": {"blob": ""}});
        let base = value.to_string().len();
        value["payload"]["blob"] = json!("x".repeat(size - base));
        assert_eq!(value.to_string().len(), size);
        value
    };
    let script = r#"printf %s "${ZERO_HOOK_PAYLOAD-}" | wc -c | tr -d ' ' > len.out
echo "${ZERO_HOOK_PAYLOAD+set}${ZERO_HOOK_PAYLOAD_TRUNCATED-}" > state.out
wc -c < "$ZERO_HOOK_PAYLOAD_FILE" | tr -d ' ' > file-len.out"#;
    let case = Case::new().file(
        "hooks.json",
        &hooks_json("error", &json!([{"command": "sh", "args": ["-c", script]}])),
    );
    case.payload(envelope(8192));
    case.fire("error").exit(0);
    assert_eq!(read(&case, "len.out").trim(), "8192");
    assert_eq!(read(&case, "state.out").trim(), "set");
    case.payload(envelope(8193));
    case.fire("error").exit(0);
    assert_eq!(read(&case, "len.out").trim(), "0");
    assert_eq!(
        read(&case, "state.out").trim(),
        "1",
        "unset, and TRUNCATED=1"
    );
    assert_eq!(
        read(&case, "file-len.out").trim(),
        "8194",
        "the file has it all, plus \\n"
    );
}

#[test]
fn the_payload_file_is_0600_and_gone_after_success_failure_and_timeout() {
    let record = |name: &str, then: &str| {
        json!({"command": "sh", "timeout_ms": 300, "args": ["-c",
            format!("echo \"$ZERO_HOOK_PAYLOAD_FILE\" > {name}.path; stat -c %a \"$ZERO_HOOK_PAYLOAD_FILE\" > {name}.mode; {then}")]})
    };
    let case = Case::new().file(
        "hooks.json",
        &hooks_json(
            "error",
            &json!([
                record("ok", "exit 0"),
                record("fail", "exit 1"),
                record("slow", "sleep 5")
            ]),
        ),
    );
    case.fire("error")
        .within(Duration::from_secs(4))
        .exit(0)
        .field("/hooks/1/outcome", &json!("non_blocking_error"))
        .field("/hooks/2/outcome", &json!("cancelled"));
    for name in ["ok", "fail", "slow"] {
        let path = read(&case, &format!("{name}.path"));
        assert!(!path.trim().is_empty(), "{name}: no path");
        assert!(
            !Path::new(path.trim()).exists(),
            "{name}: {path} still exists"
        );
        assert_eq!(read(&case, &format!("{name}.mode")).trim(), "600", "{name}");
    }
}

#[test]
fn prx_hooks_never_block_whatever_they_print_or_exit_with() {
    let say = |script: &str| json!({"command": "sh", "args": ["-c", script]});
    let case = Case::new().file(
        "hooks.json",
        &hooks_json(
            "tool_call_start",
            &json!([
                say("echo 'no way' >&2; exit 2"),
                say(r#"echo '{"decision":"deny","reason":"nope"}'"#),
                say(r#"echo '{"decision":"ask","continue":false,"updated_input":{"x":1},"additional_context":"c"}'"#),
            ]),
        ),
    );
    case.payload(json!({"tool_input": {"x": 0}}));
    let run = case
        .fire_with("tool_call_start", &["--strict"])
        .exit(0)
        .decision("none");
    let doc = run.json();
    for key in ["updated_input", "additional_context", "reason"] {
        assert!(doc.get(key).is_none(), "{key} in {doc}");
    }
    assert_eq!(doc["continue"], true);
    for index in 0..3 {
        assert_eq!(
            doc["hooks"][index]["outcome"], "non_blocking_error",
            "{doc}"
        );
    }
}

#[test]
fn shell_metacharacters_in_command_are_positioned_errors() {
    for command in [
        "echo; rm -rf x",
        "cat | sh",
        "a && b",
        "echo `id`",
        "echo $(id)",
        "a > f",
        "a < f",
        "a\nb",
    ] {
        let text = format!(
            "{{\n  \"hooks\": {{\n    \"error\": [{{\"command\": {}}}]\n  }}\n}}\n",
            json!(command)
        );
        Case::new()
            .file("hooks.json", &text)
            .fire("error")
            .exit(1)
            .stderr_has("hooks.json:3:27")
            .stderr_has("metacharacter");
    }
}

#[test]
fn cwd_may_not_leave_the_workspace_even_through_a_symlink() {
    let outside = tempfile::tempdir().unwrap();
    for cwd in ["..", "sub/../../elsewhere", "link", "link/deeper"] {
        let case = Case::new().file("sub/keep", "").file(
            "hooks.json",
            &hooks_json("error", &json!([{"command": "true", "cwd": cwd}])),
        );
        std::os::unix::fs::symlink(outside.path(), case.at("link")).unwrap();
        case.fire("error")
            .exit(1)
            .stderr_has("hooks.json:1:")
            .stderr_has("leaves the workspace");
    }
    let case = Case::new().file("sub/keep", "").file(
        "hooks.json",
        &hooks_json(
            "error",
            &json!([{"command": "sh", "args": ["-c", "pwd -P > here.out"], "cwd": "sub/./"}]),
        ),
    );
    case.fire("error").exit(0);
    let real = case.at("sub").canonicalize().unwrap();
    assert_eq!(read(&case, "sub/here.out").trim(), real.to_string_lossy());
}

#[test]
fn a_cwd_gone_or_not_a_directory_is_reported_as_such_not_as_a_missing_program() {
    // The child enters its directory itself (posix_spawn's chdir action), whose failure has the
    // same error number as a missing program: hookrun tells them apart.
    let case = Case::new().file("afile", "").file(
        "hooks.json",
        &hooks_json(
            "error",
            &json!([
                {"command": "true", "cwd": "gone"},
                {"command": "true", "cwd": "afile"},
                {"command": "no-such-program-here", "cwd": "."}
            ]),
        ),
    );
    case.payload(json!({}));
    let run = case.fire("error").exit(0);
    let errors: Vec<String> = run.json()["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hook| hook["error"].as_str().unwrap_or_default().to_owned())
        .collect();
    let gone = case
        .at("gone")
        .canonicalize()
        .unwrap_or_else(|_| case.path().canonicalize().unwrap().join("gone"));
    assert!(
        errors[0].contains("cannot enter its working directory")
            && errors[0].contains(&*gone.to_string_lossy())
            && errors[0].contains("No such file or directory"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("cannot enter its working directory")
            && errors[1].contains("Not a directory"),
        "{errors:?}"
    );
    assert!(
        errors[2].contains("failed to start `no-such-program-here`: no such program"),
        "{errors:?}"
    );
}

#[test]
fn nul_bytes_and_bad_timeouts_are_errors() {
    for actions in [
        json!([{"command": "tr\u{0}ue"}]),
        json!([{"command": "true", "args": ["a\u{0}b"]}]),
        json!([{"command": "true", "env": {"K": "v\u{0}"}}]),
        json!([{"command": "true", "timeout_ms": 0}]),
        json!([{"command": "true", "timeout_ms": 300_001}]),
    ] {
        Case::new()
            .file("hooks.json", &hooks_json("error", &actions))
            .fire("error")
            .exit(1)
            .stderr_has("hooks.json:1:");
    }
}

#[test]
fn the_documented_example_project_runs() {
    let case = copy_fixture(Case::new(), "prx");
    case.stdin(read(&case, "payloads/tool_call_start.json"));
    case.fire("tool_call_start").exit(0).decision("none");
    case.stdin(read(&case, "payloads/error.json"));
    let run = case.fire("error").exit(0).decision("none");
    assert_eq!(
        run.json()["hooks"][0]["outcome"],
        "non_blocking_error",
        "`false` fails, the next runs"
    );
    assert_eq!(run.json()["hooks"][1]["outcome"], "success");
    let log = read(&case, "audit.log");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(
        lines[0].starts_with("audit start tool_call_start session=sess-42 {"),
        "{log}"
    );
    assert!(
        lines[0].contains(
            r#""payload":{"session_id":"sess-42","tool":"shell","arguments":{"command":"ls -la"}}"#
        ),
        "{log}"
    );
    assert!(
        lines[1].starts_with("errors error error session=sess-42 "),
        "{log}"
    );
}
