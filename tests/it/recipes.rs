//! The book's recipes that make hookrun an agent's single hook (`docs/guide/agents.md`, and the
//! CI one in `docs/guide/ci.md`), read from the pages themselves
//! (the fenced block after each `<!-- recipe: NAME PATH -->`), written into a project whose path
//! holds a space and a colon, and run the way each agent runs a hook: the command text through a
//! shell (after the agent's own substitutions), in the agent's working directory, with the
//! variables the agent sets and the payload it sends. Each recipe must block an `rm -rf` and let
//! an `ls` through.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::harness::{Case, Run, home_env, hookrun_bin};

/// The project directory every recipe is tried in: a space and a colon, the two characters an
/// unquoted variable or a `PATH`-like split trips over.
const PROJECT: &str = "proj with space:colon";

/// The reason the README's shared policy gives.
const REASON: &str = "rm -rf is not allowed here";

/// Every recipe the README marks, each tested below.
pub(crate) const TESTED: &[&str] = &[
    "ci",
    "claude",
    "codex",
    "gemini",
    "cursor",
    "copilot",
    "proxyai",
    "promptkit",
    "policy",
];

/// The code block after `<!-- recipe: NAME PATH -->` in the README: (path, text).
pub(crate) fn recipe(name: &str) -> (String, String) {
    let readme = readme();
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

/// The README and every page of the book under `docs/` (where the recipes are), in one text.
fn readme() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
        .iter()
        .map(|page| std::fs::read_to_string(page).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A scratch project at `PROJECT` holding the recipe's file and the shared policy.
fn project_with(name: &str) -> (Case, PathBuf, String) {
    let (path, text) = recipe(name);
    let case = Case::new()
        .file(&format!("{PROJECT}/{path}"), &text)
        .file(&format!("{PROJECT}/hookrun.toml"), &recipe("policy").1);
    let project = case.at(PROJECT);
    (case, project, text)
}

/// Every `command` of a JSON hook file for `event`, flat (cursor/proxyai) or grouped
/// (claude/codex/gemini).
fn commands(file: &Value, event: &str) -> Vec<String> {
    let entries = file["hooks"][event]
        .as_array()
        .unwrap_or_else(|| panic!("the recipe registers {event}"));
    let mut out = Vec::new();
    for entry in entries {
        let handlers = entry["hooks"]
            .as_array()
            .cloned()
            .unwrap_or_else(|| vec![entry.clone()]);
        out.extend(
            handlers
                .iter()
                // Copilot names its command per shell: `bash`.
                .map(|h| {
                    h.get("command")
                        .or_else(|| h.get("bash"))
                        .and_then(Value::as_str)
                        .expect("a command")
                        .to_owned()
                }),
        );
    }
    assert!(!out.is_empty(), "the recipe registers {event}");
    out
}

/// What an agent starts for one hook: `program args…` in `cwd`, hookrun on the `PATH`, the
/// agent's variables in `env`, the payload on stdin.
struct Spawn<'a> {
    case: &'a Case,
    cwd: &'a Path,
    env: Vec<(&'static str, String)>,
}

impl Spawn<'_> {
    fn run(&self, program: &str, args: &[String], payload: &Value) -> Run {
        let bin_dir = Path::new(hookrun_bin()).parent().unwrap();
        let path = format!(
            "{}:{}",
            bin_dir.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        // The user trusted the project's hook files once, as the README's Trust section says.
        let trusted = Command::new(hookrun_bin())
            .arg("-C")
            .arg(self.case.at(PROJECT))
            .args(["--no-user-config", "trust", "--yes"])
            .envs(home_env(&self.case.at("home")))
            .env_remove("HOOKRUN_TRUST_PROJECT")
            .output()
            .expect("run hookrun trust");
        assert!(trusted.status.success(), "hookrun trust: {trusted:?}");
        let mut command = Command::new(program);
        command
            .args(args)
            .envs(home_env(&self.case.at("home")))
            .env("HOOKRUN_SYSTEM_ROOT", self.case.at("home/system"))
            .env_remove("HOOKRUN_TRUST_PROJECT")
            .current_dir(self.cwd)
            .env("PATH", path)
            .env("CODEX_HOME", self.case.at("home/.codex"))
            .env_remove("HOOKRUN_PROJECT_DIR")
            .env_remove("HOOKRUN_DEPTH")
            .env_remove("HOOKRUN_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in &self.env {
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

    /// The command text through `shell -c`, as Claude Code, Codex, Cursor and ProxyAI run it.
    fn shell(&self, shell: &str, command: &str, payload: &Value) -> Run {
        self.run(shell, &["-c".to_owned(), command.to_owned()], payload)
    }
}

fn dir(path: &Path) -> String {
    path.display().to_string()
}

fn tool_call(tool: &str, command: &str) -> Value {
    json!({"tool_name": tool, "tool_input": {"command": command}})
}

/// Adds the fields every agent puts into a payload beside the caller's.
fn with(mut payload: Value, extra: &Value) -> Value {
    for (key, value) in extra.as_object().unwrap() {
        payload[key] = value.clone();
    }
    payload
}

#[test]
fn every_recipe_in_the_readme_is_tested_here() {
    let readme = readme();
    let marked: Vec<&str> = readme
        .match_indices("<!-- recipe: ")
        .map(|(at, marker)| {
            readme[at + marker.len()..]
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    let mut sorted = marked.clone();
    sorted.sort_unstable();
    let mut tested = TESTED.to_vec();
    tested.sort_unstable();
    assert_eq!(sorted, tested, "README recipes vs the ones tested here");
}

/// Claude Code runs a settings hook's command through the shell in the project directory, with
/// `CLAUDE_PROJECT_DIR` in the environment and nothing substituted in the text.
#[test]
fn claude_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("claude");
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    let agent = Spawn {
        case: &case,
        cwd: &project,
        env: vec![("CLAUDE_PROJECT_DIR", dir(&project))],
    };
    let sent = json!({"session_id": "s1", "cwd": dir(&project), "hook_event_name": "PreToolUse"});
    for command in commands(&file, "PreToolUse") {
        let denied = agent
            .shell(
                "/bin/sh",
                &command,
                &with(tool_call("Bash", "rm -rf /"), &sent),
            )
            .exit(0);
        assert_eq!(
            denied.json()["hookSpecificOutput"],
            json!({"hookEventName": "PreToolUse", "permissionDecision": "deny",
                "permissionDecisionReason": REASON})
        );
        let allowed = agent
            .shell("/bin/sh", &command, &with(tool_call("Bash", "ls"), &sent))
            .exit(0);
        assert_eq!(allowed.json(), json!({}));
    }
    for command in commands(&file, "Stop") {
        let stop = json!({"hook_event_name": "Stop", "stop_hook_active": false});
        assert_eq!(
            agent.shell("/bin/sh", &command, &stop).exit(0).json(),
            json!({})
        );
    }
}

/// Codex runs the command through the shell in the session's working directory (here a
/// subdirectory of the git checkout), and sets no project variable.
#[test]
fn codex_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("codex");
    let case = case.file(&format!("{PROJECT}/src/main.rs"), "");
    let git = Command::new("git")
        .args(["init", "-q"])
        .current_dir(&project)
        .status()
        .expect("git runs");
    assert!(git.success());
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    let cwd = project.join("src");
    let agent = Spawn {
        case: &case,
        cwd: &cwd,
        env: Vec::new(),
    };
    let sent = json!({"hook_event_name": "PreToolUse", "cwd": dir(&cwd)});
    for group in file["hooks"]["PreToolUse"].as_array().unwrap() {
        for handler in group["hooks"].as_array().unwrap() {
            assert_eq!(handler["type"], "command", "Codex requires a type");
        }
    }
    for command in commands(&file, "PreToolUse") {
        let denied = agent
            .shell(
                "/bin/sh",
                &command,
                &with(tool_call("Bash", "rm -rf /"), &sent),
            )
            .exit(0);
        assert_eq!(
            denied.json(),
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                "permissionDecision": "deny", "permissionDecisionReason": REASON}})
        );
        let allowed = agent
            .shell("/bin/sh", &command, &with(tool_call("Bash", "ls"), &sent))
            .exit(0);
        assert_eq!(allowed.json(), json!({}));
    }
    for command in commands(&file, "Stop") {
        let stop = json!({"hook_event_name": "Stop", "cwd": dir(&cwd)});
        assert_eq!(
            agent.shell("/bin/sh", &command, &stop).exit(0).json(),
            json!({})
        );
    }
}

/// shell-quote's `quote([arg])`, which Gemini CLI's `escapeShellArg` uses for bash.
fn shell_quote(arg: &str) -> String {
    if arg.is_empty() {
        return "''".to_owned();
    }
    let spaced = arg.chars().any(char::is_whitespace);
    if (spaced || arg.contains(['"', '\\'])) && !arg.contains('\'') {
        return format!("'{arg}'");
    }
    if spaced || arg.contains(['"', '\'']) {
        let mut out = String::from("\"");
        for c in arg.chars() {
            if matches!(c, '"' | '\\' | '$' | '`' | '!') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
        return out;
    }
    let mut out = String::new();
    for c in arg.chars() {
        if "#!\"$&'()*,:;<=>?@[\\]^`{|}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Gemini CLI's `expandCommand`: before the shell sees the command, `$GEMINI_PROJECT_DIR`,
/// `$GEMINI_CWD`, `$GEMINI_PLANS_DIR`, `$GEMINI_SESSION_ID` and `$CLAUDE_PROJECT_DIR` (without
/// braces) are replaced by their shell-quoted values.
fn gemini_expand(command: &str, cwd: &str, plans: &str, session: &str) -> String {
    command
        .replace("$GEMINI_PROJECT_DIR", &shell_quote(cwd))
        .replace("$GEMINI_CWD", &shell_quote(cwd))
        .replace("$GEMINI_PLANS_DIR", &shell_quote(plans))
        .replace("$GEMINI_SESSION_ID", &shell_quote(session))
        .replace("$CLAUDE_PROJECT_DIR", &shell_quote(cwd))
}

#[test]
fn shell_quote_is_shell_quotes() {
    // What `require("shell-quote").quote([p])` prints for each.
    assert_eq!(shell_quote("/tmp/ab"), "/tmp/ab");
    assert_eq!(shell_quote("/tmp/a:b"), "/tmp/a\\:b");
    assert_eq!(
        shell_quote("/tmp/proj with space:colon"),
        "'/tmp/proj with space:colon'"
    );
    assert_eq!(shell_quote("it's here"), "\"it's here\"");
}

/// Gemini CLI substitutes its variables into the command text, then runs it with `bash -c` in
/// the project directory, with the same variables in the environment.
#[test]
fn gemini_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("gemini");
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    let cwd = dir(&project);
    let plans = dir(&case.at("home/.gemini/plans"));
    let agent = Spawn {
        case: &case,
        cwd: &project,
        env: vec![
            ("GEMINI_PROJECT_DIR", cwd.clone()),
            ("GEMINI_PLANS_DIR", plans.clone()),
            ("GEMINI_CWD", cwd.clone()),
            ("GEMINI_SESSION_ID", "s1".to_owned()),
            ("CLAUDE_PROJECT_DIR", cwd.clone()),
        ],
    };
    let sent = json!({"session_id": "s1", "cwd": cwd, "hook_event_name": "BeforeTool",
        "timestamp": "2026-01-01T00:00:00.000Z"});
    for command in commands(&file, "BeforeTool") {
        let command = gemini_expand(&command, &cwd, &plans, "s1");
        let denied = agent
            .shell(
                "bash",
                &command,
                &with(tool_call("run_shell_command", "rm -rf /"), &sent),
            )
            .exit(0);
        assert_eq!(denied.json(), json!({"decision": "deny", "reason": REASON}));
        let allowed = agent
            .shell(
                "bash",
                &command,
                &with(tool_call("run_shell_command", "ls"), &sent),
            )
            .exit(0);
        assert_eq!(allowed.json(), json!({}));
    }
}

/// GitHub Copilot CLI runs the `bash` text with `bash -c` in the directory it was started in,
/// with `COPILOT_PROJECT_DIR` and `CLAUDE_PROJECT_DIR` set, and sends its own payload
/// (`toolName`, `toolArgs`).
#[test]
fn copilot_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("copilot");
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    let agent = Spawn {
        case: &case,
        cwd: &project,
        env: vec![
            ("COPILOT_PROJECT_DIR", dir(&project)),
            ("CLAUDE_PROJECT_DIR", dir(&project)),
            ("COPILOT_CLI", "1".to_owned()),
        ],
    };
    let sent = json!({"sessionId": "s1", "timestamp": 1_795_814_275_696_u64, "cwd": dir(&project),
        "toolName": "bash"});
    for command in commands(&file, "preToolUse") {
        let denied = agent
            .shell(
                "bash",
                &command,
                &with(json!({"toolArgs": {"command": "rm -rf /"}}), &sent),
            )
            .exit(0);
        assert_eq!(denied.json()["permissionDecision"], "deny");
        assert_eq!(denied.json()["permissionDecisionReason"], REASON);
        let allowed = agent
            .shell(
                "bash",
                &command,
                &with(json!({"toolArgs": {"command": "ls"}}), &sent),
            )
            .exit(0);
        assert_eq!(allowed.json(), json!({}));
    }
}

/// Cursor runs the command through the shell in the project directory, with
/// `CURSOR_PROJECT_DIR` (and `CLAUDE_PROJECT_DIR`) set.
#[test]
fn cursor_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("cursor");
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    let agent = Spawn {
        case: &case,
        cwd: &project,
        env: vec![
            ("CURSOR_PROJECT_DIR", dir(&project)),
            ("CLAUDE_PROJECT_DIR", dir(&project)),
        ],
    };
    let roots = json!({"workspace_roots": [dir(&project)], "conversation_id": "c1"});
    for command in commands(&file, "beforeShellExecution") {
        let sent = with(json!({"hook_event_name": "beforeShellExecution"}), &roots);
        let denied = agent
            .shell(
                "/bin/sh",
                &command,
                &with(json!({"command": "rm -rf /"}), &sent),
            )
            .exit(2);
        assert_eq!(denied.json()["permission"], "deny");
        assert_eq!(denied.json()["user_message"], REASON);
        let allowed = agent
            .shell("/bin/sh", &command, &with(json!({"command": "ls"}), &sent))
            .exit(0);
        assert_eq!(allowed.json(), json!({}));
    }
    for command in commands(&file, "preToolUse") {
        let sent = with(json!({"hook_event_name": "preToolUse"}), &roots);
        let denied = agent
            .shell(
                "/bin/sh",
                &command,
                &with(tool_call("Shell", "rm -rf /"), &sent),
            )
            .exit(2);
        assert_eq!(denied.json()["permission"], "deny");
        let allowed = agent
            .shell("/bin/sh", &command, &with(tool_call("Shell", "ls"), &sent))
            .exit(0);
        assert_eq!(allowed.json(), json!({}));
    }
}

/// ProxyAI runs `sh -c <command>` in the project root with `PROXYAI_PROJECT_DIR` and
/// `PROXYAI_HOOK_EVENT` set, and adds `session_id` and `hook_event_name` to the payload.
#[test]
fn proxyai_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("proxyai");
    let file: Value = serde_json::from_str(&text).expect("the recipe is JSON");
    for event in ["beforeToolUse", "beforeShellExecution"] {
        let agent = Spawn {
            case: &case,
            cwd: &project,
            env: vec![
                ("PROXYAI_PROJECT_DIR", dir(&project)),
                ("PROXYAI_HOOK_EVENT", event.to_owned()),
            ],
        };
        let sent = json!({"session_id": "s1", "hook_event_name": event});
        for command in commands(&file, event) {
            let denied = agent
                .shell(
                    "/bin/sh",
                    &command,
                    &with(tool_call("Bash", "rm -rf /"), &sent),
                )
                .exit(2);
            assert_eq!(denied.json(), json!({"decision": "deny", "reason": REASON}));
            let allowed = agent
                .shell("/bin/sh", &command, &with(tool_call("Bash", "ls"), &sent))
                .exit(0);
            assert_eq!(allowed.json(), json!({}));
        }
    }
}

/// PromptKit starts `command` with `args` directly (no shell) in its own working directory. The
/// recipe's `/path/to/project` is replaced in the YAML text by the project's path as a YAML
/// double-quoted string (JSON's escapes); the flow lists are JSON, so they are read without a
/// YAML parser.
#[test]
fn promptkit_recipe_survives_a_path_with_space_and_colon() {
    let (case, project, text) = project_with("promptkit");
    let quoted = serde_json::to_string(&dir(&project)).unwrap();
    let text = text.replace("\"/path/to/project\"", &quoted);
    let elsewhere = case.at("agent");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let agent = Spawn {
        case: &case,
        cwd: &elsewhere,
        env: Vec::new(),
    };
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut ran = 0;
    for (index, line) in lines.iter().enumerate() {
        let Some(program) = line.strip_prefix("command: ") else {
            continue;
        };
        let args: Vec<String> = serde_json::from_str(
            lines[index + 1]
                .strip_prefix("args: ")
                .expect("args follow command"),
        )
        .expect("args are a flow list of strings");
        assert!(args.contains(&dir(&project)), "{args:?}");
        let (hook, phase) = if args.iter().any(|a| a == "before_call") {
            ("provider", "before_call")
        } else {
            ("tool", "before_execution")
        };
        let call = |cmd: &str| {
            json!({"hook": hook, "phase": phase,
                "request": {"Name": "shell", "Args": {"cmd": cmd}}})
        };
        let denied = agent.run(program, &args, &call("rm -rf /")).exit(0);
        assert_eq!(denied.json(), json!({"allow": false, "reason": REASON}));
        let allowed = agent.run(program, &args, &call("ls")).exit(0);
        assert_eq!(allowed.json(), json!({"allow": true}));
        ran += 1;
    }
    assert_eq!(ran, 2, "one hook per phase");
}
