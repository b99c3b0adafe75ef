//! `fire --output claude|gemini|cursor|proxyai|promptkit`: each agent's answer per event
//! kind and its exit codes, the own-dialect skip, hookrun's failures under each mode, and the
//! README's "single hook" recipes run the way each agent runs them.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::harness::{Case, Run, hookrun_bin};

/// A project whose one hook (in hookrun.toml) answers `answer` (a JSON object) on every event.
fn answering(answer: &str) -> Case {
    Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"policy\"\nevents = [\"*\"]\ncommand = \"./answer.sh\"\n",
        )
        .hook(
            "answer.sh",
            &format!("#!/bin/sh\ncat <<'EOF'\n{answer}\nEOF\n"),
        )
}

fn answer_as(case: &Case, event: &str, output: &str) -> Run {
    case.fire_with(event, &["--output", output])
}

fn stdout_json(run: &Run) -> Value {
    run.json()
}

#[test]
fn claude_pre_tool_use_answers_with_hook_specific_output() {
    let case =
        answering(r#"{"decision": "deny", "reason": "no rm", "additionalContext": "see policy"}"#);
    let run = answer_as(&case, "PreToolUse", "claude").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
            "permissionDecisionReason": "no rm", "additionalContext": "see policy"}})
    );
    let rewrite = answering(r#"{"decision": "allow", "updated_input": {"command": "ls"}}"#);
    rewrite.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls -R /"}}));
    let run = answer_as(&rewrite, "PreToolUse", "claude").exit(0);
    assert_eq!(
        stdout_json(&run)["hookSpecificOutput"],
        json!({"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "ls"}})
    );
}

#[test]
fn claude_block_events_answer_decision_block_and_others_exit_2() {
    let case = answering(r#"{"decision": "block", "reason": "tests are failing"}"#);
    for event in ["Stop", "SubagentStop", "UserPromptSubmit", "PostToolUse"] {
        let run = answer_as(&case, event, "claude").exit(0);
        assert_eq!(
            stdout_json(&run),
            json!({"decision": "block", "reason": "tests are failing"}),
            "{event}"
        );
    }
    answer_as(&case, "TaskCreated", "claude")
        .exit(2)
        .stderr_has("tests are failing");
}

#[test]
fn claude_context_and_stop_fields() {
    let case = answering(
        r#"{"additionalContext": "branch main", "continue": false, "stopReason": "quota", "systemMessage": "heads up"}"#,
    );
    let run = answer_as(&case, "SessionStart", "claude").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"continue": false, "stopReason": "quota", "systemMessage": "heads up",
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "branch main"}})
    );
}

#[test]
fn gemini_answer_and_exit_0_even_on_deny() {
    let case = answering(
        r#"{"decision": "deny", "reason": "secret", "systemMessage": "blocked a write"}"#,
    );
    let run = answer_as(&case, "BeforeTool", "gemini").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"decision": "deny", "reason": "secret", "systemMessage": "blocked a write"})
    );
    let rewrite = answering(r#"{"hookSpecificOutput": {"tool_input": {"command": "ls"}}}"#);
    rewrite.payload(json!({"tool_name": "run_shell_command", "tool_input": {"command": "ls -la"}}));
    let run = answer_as(&rewrite, "BeforeTool", "gemini").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"command": "ls"}}})
    );
}

#[test]
fn cursor_deny_exits_2_and_ask_exits_0() {
    let deny = answering(r#"{"decision": "deny", "reason": "no network"}"#);
    let run = answer_as(&deny, "beforeShellExecution", "cursor")
        .exit(2)
        .stderr_has("no network");
    assert_eq!(
        stdout_json(&run),
        json!({"permission": "deny", "user_message": "no network", "agent_message": "no network"})
    );
    let ask = answering(r#"{"permission": "ask", "user_message": "really push?"}"#);
    let run = answer_as(&ask, "beforeShellExecution", "cursor").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"permission": "ask", "user_message": "really push?", "agent_message": "really push?"})
    );
}

#[test]
fn proxyai_blocks_with_exit_2_and_a_reason() {
    let case = answering(r#"{"decision": "ask", "reason": "needs review"}"#);
    let run = answer_as(&case, "beforeToolUse", "proxyai").exit(2);
    assert_eq!(
        stdout_json(&run),
        json!({"decision": "deny", "reason": "needs review"})
    );
    let allow = answering(r#"{"updated_output": "redacted"}"#);
    let run = answer_as(&allow, "afterToolUse", "proxyai").exit(0);
    assert_eq!(stdout_json(&run), json!({"updated_output": "redacted"}));
}

#[test]
fn promptkit_answers_allow_with_exit_0() {
    let deny = answering(r#"{"decision": "deny", "reason": "PII detected"}"#);
    let run = answer_as(&deny, "before_call", "promptkit").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"allow": false, "reason": "PII detected"})
    );
    let run = answer_as(&Case::new(), "before_call", "promptkit").exit(0);
    assert_eq!(stdout_json(&run), json!({"allow": true}));
}

/// With `--output <agent>`, that agent's own files are not run (it runs them itself), unless
/// they are named with `-c`.
#[test]
fn the_calling_agents_own_hooks_are_not_run_twice() {
    let deny = "touch ran.txt; echo own >&2; exit 2";
    let rows = [
        ("claude", ".claude/settings.json", "PreToolUse"),
        ("codex", ".codex/hooks.json", "PreToolUse"),
        ("gemini", ".gemini/settings.json", "BeforeTool"),
        ("cursor", ".cursor/hooks.json", "beforeShellExecution"),
        ("proxyai", ".proxyai/settings.json", "beforeShellExecution"),
    ];
    for (agent, path, event) in rows {
        let file = match agent {
            "claude" | "codex" | "gemini" => format!(
                r#"{{"hooks":{{"{event}":[{{"hooks":[{{"type":"command","command":"{deny}"}}]}}]}}}}"#
            ),
            _ => format!(r#"{{"version":1,"hooks":{{"{event}":[{{"command":"{deny}"}}]}}}}"#),
        };
        let case = Case::new().file(path, &file);
        let run = answer_as(&case, event, agent);
        assert!(
            !case.at("ran.txt").exists(),
            "{agent} ran {path}: {}",
            run.stdout
        );
        assert!(run.code == Some(0), "{agent}: {}", run.stderr);
        // Under hookrun's own output the same file runs.
        case.fire(event).exit(2);
        std::fs::remove_file(case.at("ran.txt")).unwrap();
        // Named with -c, it runs under the agent's output too.
        let named = case.fire_with(event, &["--output", agent, "-c", path]);
        assert!(
            case.at("ran.txt").exists(),
            "{agent} -c {path}: {}",
            named.stderr
        );
    }
}

/// A configuration error must not read as "proceed" in any agent's protocol.
#[test]
fn a_configuration_error_blocks_under_every_output_mode() {
    let case = Case::new().file("hookrun.toml", "[[hook]\nname = ");
    let rows: [(&str, i32, Option<Value>); 6] = [
        ("hookrun", 1, None),
        ("claude", 2, None),
        ("gemini", 2, None),
        ("cursor", 2, Some(json!("deny"))),
        ("proxyai", 2, Some(json!("deny"))),
        ("promptkit", 2, Some(json!(false))),
    ];
    for (mode, code, verdict) in rows {
        let run = answer_as(&case, "PreToolUse", mode)
            .exit(code)
            .stderr_has("hookrun.toml:");
        match verdict {
            None => assert_eq!(run.stdout, "", "{mode}"),
            Some(verdict) => {
                let json = stdout_json(&run);
                let got = &json[match mode {
                    "cursor" => "permission",
                    "proxyai" => "decision",
                    _ => "allow",
                }];
                assert_eq!(got, &verdict, "{mode}");
                assert!(json.to_string().contains("hookrun.toml:"), "{mode}: {json}");
            }
        }
    }
    // A payload that is not JSON is hookrun's failure too.
    let bad = Case::new();
    bad.stdin("not json");
    answer_as(&bad, "PreToolUse", "claude")
        .exit(2)
        .stderr_has("not valid JSON");
}

// ---- The README's recipes, run the way each agent runs them ----

/// The shared policy of the README's recipes.
fn policy() -> String {
    recipe("policy").1
}

/// The code block after `<!-- recipe: NAME PATH -->` in the README: (path, text).
pub(crate) fn recipe(name: &str) -> (String, String) {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let marker = format!("<!-- recipe: {name} ");
    let start = readme
        .find(&marker)
        .unwrap_or_else(|| panic!("no recipe {name}"));
    let rest = &readme[start + marker.len()..];
    let (path, rest) = rest.split_once(" -->").unwrap();
    let body = rest.split_once("```").unwrap().1;
    let body = body.split_once('\n').unwrap().1;
    let body = body.split_once("```").unwrap().0;
    (path.to_owned(), body.to_owned())
}

/// Every `command` of a JSON hook file for `event`, flat (cursor/proxyai) or grouped (claude/gemini).
fn commands(file: &Value, event: &str) -> Vec<String> {
    let mut out = Vec::new();
    for entry in file["hooks"][event]
        .as_array()
        .expect("event in the recipe")
    {
        let handlers = entry["hooks"]
            .as_array()
            .cloned()
            .unwrap_or_else(|| vec![entry.clone()]);
        out.extend(
            handlers
                .iter()
                .map(|h| h["command"].as_str().unwrap().to_owned()),
        );
    }
    out
}

/// Runs `program args…` as an agent does: in `cwd`, hookrun on the PATH, `env` set, the payload
/// on stdin.
fn agent_runs(
    case: &Case,
    program: &str,
    args: &[String],
    env: &[(&str, String)],
    payload: &Value,
) -> Run {
    let bin_dir = Path::new(hookrun_bin()).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(case.path())
        .env("PATH", path)
        .env("HOME", case.at("home"))
        .env("XDG_CONFIG_HOME", case.at("home/config"))
        .env_remove("HOOKRUN_PROJECT_DIR")
        .env_remove("HOOKRUN_DEPTH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let start = std::time::Instant::now();
    let mut child = command.spawn().expect("spawn the recipe");
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(payload.to_string().as_bytes());
    }
    let output = child.wait_with_output().unwrap();
    let shown: Vec<&str> = std::iter::once(program)
        .chain(args.iter().map(String::as_str))
        .collect();
    Run::new(&shown, &output, start.elapsed())
}

/// Sets up the recipe's file plus the shared policy, then runs every command the recipe registers
/// for `event` with an `rm -rf` payload through `sh -c`, as the agent does.
fn run_shell_recipe(name: &str, event: &str, env_var: &str, payload: &Value) -> Vec<Run> {
    let (path, text) = recipe(name);
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    let case = Case::new()
        .file(&path, &text)
        .file("hookrun.toml", &policy());
    let dir = case.path().display().to_string();
    commands(&file, event)
        .into_iter()
        .map(|command| {
            agent_runs(
                &case,
                "/bin/sh",
                &["-c".into(), command],
                &[(env_var, dir.clone())],
                payload,
            )
        })
        .collect()
}

#[test]
fn recipe_claude_code() {
    let payload = json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}});
    for run in run_shell_recipe("claude", "PreToolUse", "CLAUDE_PROJECT_DIR", &payload) {
        let run = run.exit(0);
        assert_eq!(
            run.json()["hookSpecificOutput"]["permissionDecision"],
            "deny"
        );
        assert_eq!(
            run.json()["hookSpecificOutput"]["permissionDecisionReason"],
            "rm -rf is not allowed here"
        );
    }
    let stop = run_shell_recipe(
        "claude",
        "Stop",
        "CLAUDE_PROJECT_DIR",
        &json!({"stop_hook_active": false}),
    );
    assert_eq!(stop[0].json(), json!({}));
}

#[test]
fn recipe_gemini_cli() {
    let payload = json!({"tool_name": "run_shell_command", "tool_input": {"command": "rm -rf /"}});
    for run in run_shell_recipe("gemini", "BeforeTool", "GEMINI_PROJECT_DIR", &payload) {
        let run = run.exit(0);
        assert_eq!(
            run.json(),
            json!({"decision": "deny", "reason": "rm -rf is not allowed here"})
        );
    }
}

#[test]
fn recipe_cursor() {
    let payload = json!({"command": "rm -rf /"});
    let runs = run_shell_recipe(
        "cursor",
        "beforeShellExecution",
        "CURSOR_PROJECT_DIR",
        &payload,
    );
    for run in runs {
        let run = run.exit(2);
        assert_eq!(run.json()["permission"], "deny");
    }
    let safe = json!({"tool_name": "Shell", "tool_input": {"command": "ls"}});
    for run in run_shell_recipe("cursor", "preToolUse", "CURSOR_PROJECT_DIR", &safe) {
        assert_eq!(run.exit(0).json(), json!({}));
    }
}

#[test]
fn recipe_proxyai() {
    let payload = json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}});
    for event in ["beforeToolUse", "beforeShellExecution"] {
        for run in run_shell_recipe("proxyai", event, "PROXYAI_PROJECT_DIR", &payload) {
            let run = run.exit(2);
            assert_eq!(
                run.json(),
                json!({"decision": "deny", "reason": "rm -rf is not allowed here"})
            );
        }
    }
}

/// PromptKit runs `command` with `args` directly (no shell). The YAML's flow lists are JSON, so
/// the test reads them without a YAML parser. The file sits outside discovery (`agent/`): its
/// loading is the PromptKit loader's business, not this recipe's.
#[test]
fn recipe_promptkit_runtime_config() {
    let (_, text) = recipe("promptkit");
    let case = Case::new()
        .file("agent/runtime.yaml", &text)
        .file("hookrun.toml", &policy());
    let dir = case.path().display().to_string();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut ran = 0;
    for (index, line) in lines.iter().enumerate() {
        let Some(program) = line.strip_prefix("command: ") else {
            continue;
        };
        let args_line = lines[index + 1]
            .strip_prefix("args: ")
            .expect("args follow command");
        let args: Vec<String> = serde_json::from_str::<Vec<String>>(args_line)
            .unwrap()
            .into_iter()
            .map(|arg| arg.replace("/path/to/project", &dir))
            .collect();
        let phase = if args.iter().any(|a| a == "before_call") {
            "before_call"
        } else {
            "before_execution"
        };
        let envelope = json!({"hook": "tool", "phase": phase, "request": {"Name": "shell", "Args": {"cmd": "rm -rf /"}}});
        let run = agent_runs(&case, program, &args, &[], &envelope).exit(0);
        assert_eq!(
            run.json(),
            json!({"allow": false, "reason": "rm -rf is not allowed here"})
        );
        let fine = json!({"hook": "provider", "phase": phase, "request": {"Messages": []}});
        assert_eq!(
            agent_runs(&case, program, &args, &[], &fine).exit(0).json(),
            json!({"allow": true})
        );
        ran += 1;
    }
    assert_eq!(ran, 2);
}
