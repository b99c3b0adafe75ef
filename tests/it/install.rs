//! `hookrun init`, `install <agent>` and `uninstall <agent>`: for every agent, into a missing file
//! and into one with other keys (kept, in order), a second install that changes nothing,
//! `--dry-run`, an uninstall that gives the file back, and the installed command, run the way the
//! agent runs it, in a project whose path holds a space and a colon, blocking `rm -rf`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::harness::{home_env, hookrun_bin};

/// A project whose path has a space and a colon, and a scratch HOME.
struct Project {
    _root: tempfile::TempDir,
    dir: PathBuf,
    home: PathBuf,
}

impl Project {
    fn new() -> Project {
        let root = tempfile::Builder::new()
            .prefix("hookrun-install-")
            .tempdir()
            .expect("temp dir");
        let dir = root.path().join("my project:1");
        let home = root.path().join("home");
        std::fs::create_dir_all(&dir).expect("mkdir project");
        std::fs::create_dir_all(&home).expect("mkdir home");
        Project {
            _root: root,
            dir,
            home,
        }
    }

    fn at(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.at(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }

    fn read(&self, rel: &str) -> Option<String> {
        std::fs::read_to_string(self.at(rel)).ok()
    }

    /// `hookrun -C <project> ARGS…`, with this hookrun first on `PATH` (as a user who installed it).
    fn hookrun(&self, args: &[&str]) -> Output {
        self.hookrun_with_path(&path_with_hookrun(), args)
    }

    /// `hookrun -C <project> ARGS…` with `PATH` set to `path`.
    fn hookrun_with_path(&self, path: &std::ffi::OsStr, args: &[&str]) -> Output {
        Command::new(hookrun_bin())
            .current_dir(&self.dir)
            .env("PATH", path)
            .envs(home_env(&self.home))
            .env("CODEX_HOME", self.home.join(".codex"))
            .env_remove("CLAUDE_CONFIG_DIR")
            .env_remove("HOOKRUN_PROJECT_DIR")
            .env_remove("HOOKRUN_DEPTH")
            .arg("-C")
            .arg(&self.dir)
            .args(args)
            .output()
            .expect("run hookrun")
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.hookrun(args);
        assert!(out.status.success(), "hookrun {args:?}: {out:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    }
}

/// `PATH` with the directory of the hookrun under test first: where a project's entries find it.
fn path_with_hookrun() -> std::ffi::OsString {
    let dir = Path::new(hookrun_bin())
        .parent()
        .expect("the binary's directory");
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&rest)))
        .expect("a joinable PATH")
}

/// One agent: its file, a file of that agent with other keys, and how it runs the installed
/// entry of `event`.
struct Agent {
    name: &'static str,
    file: &'static str,
    hooks: usize,
    existing: &'static str,
    /// The other keys of `existing`, in their order.
    keys: &'static [&'static str],
    event: &'static str,
    /// The variable the agent sets to the project directory, if any.
    var: Option<&'static str>,
    /// What the agent's run of hookrun must show: exit code and a piece of stdout.
    blocks: (i32, &'static str),
}

const AGENTS: &[Agent] = &[
    Agent {
        name: "claude",
        file: ".claude/settings.json",
        hooks: 33,
        existing: "{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"Bash(ls)\", \"Read\"]},\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"Edit\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./fmt.sh\"\n          }\n        ]\n      }\n    ]\n  },\n  \"env\": {}\n}\n",
        keys: &["model", "permissions", "matcher", "./fmt.sh", "env"],
        event: "PreToolUse",
        var: Some("CLAUDE_PROJECT_DIR"),
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "codex",
        file: ".codex/hooks.json",
        hooks: 14,
        existing: "{\n  \"description\": \"team hooks\",\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./notify.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["description", "./notify.sh"],
        event: "PreToolUse",
        var: None,
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "gemini",
        file: ".gemini/settings.json",
        hooks: 11,
        existing: "{\n    \"theme\": \"dark\",\n    \"hooksConfig\": {\n        \"enabled\": true\n    }\n}",
        keys: &["theme", "hooksConfig"],
        event: "BeforeTool",
        var: Some("GEMINI_PROJECT_DIR"),
        blocks: (0, "\"decision\":\"deny\""),
    },
    Agent {
        name: "cursor",
        file: ".cursor/hooks.json",
        hooks: 20,
        existing: "{\n  \"version\": 1,\n  \"hooks\": {\n    \"afterFileEdit\": [\n      {\n        \"command\": \"./format.sh\"\n      }\n    ]\n  }\n}\n",
        keys: &["version", "./format.sh"],
        event: "beforeShellExecution",
        var: Some("CURSOR_PROJECT_DIR"),
        blocks: (2, "\"permission\":\"deny\""),
    },
    Agent {
        name: "copilot",
        file: ".github/hooks/hookrun.json",
        hooks: 14,
        existing: "{\n  \"version\": 1,\n  \"hooks\": {\n    \"postToolUse\": [\n      {\n        \"type\": \"command\",\n        \"bash\": \"./log.sh\",\n        \"timeoutSec\": 10\n      }\n    ]\n  }\n}\n",
        keys: &["version", "./log.sh", "timeoutSec"],
        event: "preToolUse",
        var: Some("COPILOT_PROJECT_DIR"),
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "qwen",
        file: ".qwen/settings.json",
        hooks: 22,
        existing: "{\n  \"model\": {\"name\": \"qwen3-coder-plus\"},\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./notify.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["model", "./notify.sh"],
        event: "PreToolUse",
        var: Some("QWEN_PROJECT_DIR"),
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "droid",
        file: ".factory/settings.json",
        hooks: 9,
        existing: "{\n  \"model\": \"claude-sonnet\",\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./notify.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["model", "./notify.sh"],
        event: "PreToolUse",
        var: Some("FACTORY_PROJECT_DIR"),
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "auggie",
        file: ".augment/settings.json",
        hooks: 7,
        existing: "{\n  \"model\": \"sonnet4\",\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./notify.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["model", "./notify.sh"],
        event: "PreToolUse",
        var: Some("AUGMENT_PROJECT_DIR"),
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "iflow",
        file: ".iflow/settings.json",
        hooks: 9,
        existing: "{\n  \"modelName\": \"qwen3-coder\",\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"./notify.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["modelName", "./notify.sh"],
        event: "PreToolUse",
        var: None,
        blocks: (0, "\"permissionDecision\":\"deny\""),
    },
    Agent {
        name: "openhands",
        file: ".openhands/hooks.json",
        hooks: 6,
        existing: "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"command\": \"./notify.sh\",\n            \"timeout\": 5\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["./notify.sh", "timeout"],
        event: "PreToolUse",
        var: Some("OPENHANDS_PROJECT_DIR"),
        blocks: (0, "\"decision\":\"deny\""),
    },
    Agent {
        name: "vibe",
        file: ".vibe/hooks.toml",
        hooks: 3,
        existing: "# the project's hooks\n[[hooks]]\nname = \"lint\"\ntype = \"post_agent\"\ncommand = \"make lint\" # fast\n",
        keys: &["# the project's hooks", "make lint", "# fast"],
        event: "pre_tool",
        var: None,
        blocks: (0, "\"decision\":\"deny\""),
    },
    Agent {
        name: "crush",
        file: "crush.json",
        hooks: 1,
        existing: "{\n  \"options\": {\"debug\": true},\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"command\": \"./log.sh\"\n      }\n    ]\n  }\n}\n",
        keys: &["options", "./log.sh"],
        event: "PreToolUse",
        var: Some("CRUSH_PROJECT_DIR"),
        blocks: (0, "\"decision\":\"deny\""),
    },
    Agent {
        name: "proxyai",
        file: ".proxyai/settings.json",
        hooks: 9,
        existing: "{\n  \"provider\": \"local\",\n  \"hooks\": {\n    \"stop\": [\n      {\n        \"command\": \"./notify.sh\"\n      }\n    ]\n  }\n}\n",
        keys: &["provider", "./notify.sh"],
        event: "beforeShellExecution",
        var: Some("PROXYAI_PROJECT_DIR"),
        blocks: (2, "\"decision\":\"deny\""),
    },
    Agent {
        name: "praison",
        file: ".praison/hooks.json",
        hooks: 6,
        existing: "{\n  \"hooks\": [\n    {\n      \"event\": \"after_tool\",\n      \"command\": \"./log.sh\"\n    }\n  ],\n  \"note\": \"x\"\n}\n",
        keys: &["./log.sh", "note"],
        event: "before_tool",
        var: Some("PRAISON_PROJECT_DIR"),
        blocks: (2, "\"decision\":\"deny\""),
    },
    Agent {
        name: "prx",
        file: "hooks.json",
        hooks: 8,
        existing: "{\n  \"timeout_ms\": 5000,\n  \"hooks\": {\n    \"tool_call\": [\n      {\n        \"command\": \"./audit.sh\",\n        \"timeout_ms\": 100\n      }\n    ]\n  }\n}\n",
        keys: &["timeout_ms", "./audit.sh"],
        event: "tool_call",
        var: None,
        // PRX hooks only observe: hookrun runs the project's hooks and never blocks there.
        blocks: (0, "\"name\":\"audit\""),
    },
    Agent {
        name: "promptkit",
        file: "runtime.yaml",
        hooks: 7,
        existing: "apiVersion: promptkit.altairalabs.ai/v1alpha1\nkind: RuntimeConfig # the runtime\nmetadata:\n  name: assistant\nspec:\n  provider:\n    id: mock\n  hooks:\n    audit:\n      command: ./audit\n      hook: session\n      phases: [session_start]\n\n# end\n",
        keys: &[
            "kind: RuntimeConfig # the runtime",
            "id: mock",
            "audit:",
            "# end",
        ],
        event: "tool.before_execution",
        var: None,
        blocks: (0, "\"allow\":false"),
    },
    Agent {
        name: "openplugins",
        file: ".agents/plugins/hookrun/hooks/hooks.json",
        hooks: 12,
        existing: "{\n  \"description\": \"notes\",\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n          {\n            \"command\": \"./notify.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
        keys: &["description", "./notify.sh"],
        event: "PreToolUse",
        var: None,
        blocks: (2, "\"decision\":\"block\""),
    },
    Agent {
        name: "windsurf",
        file: ".windsurf/hooks.json",
        hooks: 12,
        existing: "{\n  \"hooks\": {\n    \"post_write_code\": [\n      {\n        \"command\": \"./format.sh\",\n        \"show_output\": true\n      }\n    ]\n  },\n  \"note\": \"x\"\n}\n",
        keys: &["./format.sh", "note"],
        // Windsurf reads the exit code alone: 2 blocks, the reason on stderr.
        event: "pre_run_command",
        var: None,
        blocks: (2, ""),
    },
    Agent {
        name: "kiro",
        file: ".kiro/hooks/hookrun.json",
        hooks: 10,
        existing: "{\n  \"version\": \"v1\",\n  \"hooks\": [\n    {\n      \"name\": \"lint-on-save\",\n      \"trigger\": \"PostFileSave\",\n      \"action\": {\n        \"type\": \"command\",\n        \"command\": \"npm run lint\"\n      }\n    }\n  ]\n}\n",
        keys: &["version", "lint-on-save"],
        event: "PreToolUse",
        var: None,
        blocks: (2, ""),
    },
];

/// Agents whose installation is one executable file per event in a folder, not entries in one
/// file: their installs are tested in their own modules (Cline: `tests/it/cline.rs`).
const FOLDER_AGENTS: &[&str] = &["cline"];

/// The payload every agent's guard sees: a shell command `rm -rf /`.
const RM_RF: &str =
    r#"{"tool_name":"Bash","tool_input":{"command":"rm -rf /"},"command":"rm -rf /"}"#;

#[test]
fn every_installable_agent_is_covered_here() {
    let out = crate::harness::hookrun_command()
        .args(["install", "--help"])
        .output()
        .expect("run hookrun");
    let help = String::from_utf8_lossy(&out.stdout);
    for name in AGENTS
        .iter()
        .map(|agent| agent.name)
        .chain(FOLDER_AGENTS.iter().copied())
    {
        assert!(help.contains(name), "{name} not in: {help}");
    }
    for agent in USER_ONLY {
        assert!(help.contains(agent), "{agent} not in: {help}");
    }
    let listed = help
        .split("possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("possible values in help");
    assert_eq!(
        listed.split(", ").count(),
        AGENTS.len() + FOLDER_AGENTS.len() + USER_ONLY.len(),
        "{listed}"
    );
}

/// `n hooks` as install words it (`1 hook`).
fn count(n: usize) -> String {
    if n == 1 {
        "1 hook".to_owned()
    } else {
        format!("{n} hooks")
    }
}

/// Agents that read no project file, whose `install --user` is covered in their own test file.
const USER_ONLY: &[&str] = &["kimi"];

#[test]
fn install_into_a_missing_file_then_uninstall_removes_it() {
    for agent in AGENTS {
        let project = Project::new();
        let out = project.ok(&["install", agent.name, "--dry-run"]);
        assert!(
            out.contains("would add") && out.contains("nothing was written"),
            "{out}"
        );
        assert_eq!(
            project.read(agent.file),
            None,
            "{}: dry run wrote",
            agent.name
        );

        let out = project.ok(&["install", agent.name]);
        let added = format!(
            "added {} to {} (a new file): ",
            count(agent.hooks),
            agent.file
        );
        assert!(out.starts_with(&added), "{}: {out}", agent.name);
        let first = project.read(agent.file).expect("file written");

        let out = project.ok(&["install", agent.name]);
        assert!(out.contains("nothing to change"), "{}: {out}", agent.name);
        assert_eq!(project.read(agent.file).as_deref(), Some(first.as_str()));

        let out = project.ok(&["uninstall", agent.name]);
        assert!(
            out.contains(&format!("removed {}", count(agent.hooks))),
            "{out}"
        );
        assert_eq!(project.read(agent.file), None, "{}: file left", agent.name);
        let out = project.ok(&["uninstall", agent.name]);
        assert!(out.contains("nothing to change"), "{}: {out}", agent.name);
    }
}

#[test]
fn install_keeps_every_other_key_in_order_and_uninstall_gives_the_file_back() {
    for agent in AGENTS {
        let project = Project::new();
        project.write(agent.file, agent.existing);

        project.ok(&["install", agent.name, "--dry-run"]);
        assert_eq!(project.read(agent.file).as_deref(), Some(agent.existing));

        let out = project.ok(&["install", agent.name]);
        assert!(
            out.starts_with(&format!("added {} to {}: ", count(agent.hooks), agent.file)),
            "{}: {out}",
            agent.name
        );
        let installed = project.read(agent.file).expect("file");
        let mut last = 0;
        for key in agent.keys {
            let at = installed
                .find(key)
                .unwrap_or_else(|| panic!("{}: {key} lost:\n{installed}", agent.name));
            assert!(at >= last, "{}: {key} moved:\n{installed}", agent.name);
            last = at;
        }
        let out = project.ok(&["install", agent.name]);
        assert!(out.contains("nothing to change"), "{}: {out}", agent.name);

        project.ok(&["uninstall", agent.name, "--dry-run"]);
        assert_eq!(
            project.read(agent.file).as_deref(),
            Some(installed.as_str())
        );
        project.ok(&["uninstall", agent.name]);
        assert_eq!(
            project.read(agent.file).as_deref(),
            Some(agent.existing),
            "{}: uninstall did not give the file back",
            agent.name
        );
    }
}

/// The installed entry for `event`: the shell command, or the program and arguments.
enum Installed {
    Shell(String),
    Exec(String, Vec<String>),
}

fn installed_entry(agent: &Agent, text: &str) -> Installed {
    if agent.name == "promptkit" {
        let key = format!("hookrun-{}:", agent.event.replace('.', "-"));
        let block: Vec<&str> = text
            .lines()
            .skip_while(|line| line.trim() != key)
            .skip(1)
            .take(2)
            .collect();
        let program: String =
            serde_json::from_str(block[0].trim().trim_start_matches("command: ")).expect("program");
        let args: Vec<String> =
            serde_json::from_str(block[1].trim().trim_start_matches("args: ")).expect("args");
        return Installed::Exec(program, args);
    }
    let root: Value = if std::path::Path::new(agent.file)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        toml::from_str(text).expect("TOML")
    } else {
        serde_json::from_str(text).expect("JSON")
    };
    let entries = match &root["hooks"] {
        Value::Array(all) => all
            .iter()
            .filter(|e| {
                e["event"] == agent.event || e["trigger"] == agent.event || e["type"] == agent.event
            })
            .cloned()
            .collect(),
        hooks => hooks[agent.event].as_array().expect("event list").clone(),
    };
    let entry = entries.last().expect("an entry for the event");
    // Kiro's entries hold their command in `action`.
    let handler = entry["hooks"]
        .get(0)
        .or_else(|| entry.get("action"))
        .unwrap_or(entry);
    // Copilot's entries name their command per shell (`bash`).
    let command = handler
        .get("command")
        .or_else(|| handler.get("bash"))
        .and_then(Value::as_str)
        .expect("command")
        .to_owned();
    match handler.get("args") {
        Some(Value::Array(args)) => Installed::Exec(
            command,
            args.iter()
                .map(|a| a.as_str().expect("string arg").to_owned())
                .collect(),
        ),
        _ => Installed::Shell(command),
    }
}

#[test]
fn the_installed_command_run_as_the_agent_runs_it_blocks_rm_rf() {
    for agent in AGENTS {
        let project = Project::new();
        project.ok(&["init"]);
        project.ok(&["install", agent.name]);
        let text = project.read(agent.file).expect("installed");
        let mut command = match installed_entry(agent, &text) {
            Installed::Shell(line) => {
                let mut sh = Command::new("/bin/sh");
                sh.arg("-c").arg(line);
                sh
            }
            Installed::Exec(program, args) => {
                let mut exec = Command::new(program);
                exec.args(args);
                exec
            }
        };
        command
            .current_dir(&project.dir)
            .env("PATH", path_with_hookrun())
            .envs(home_env(&project.home))
            .env_remove("HOOKRUN_PROJECT_DIR")
            .env_remove("HOOKRUN_DEPTH")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(var) = agent.var {
            command.env(var, &project.dir);
        }
        let mut child = command.spawn().expect("spawn the installed command");
        std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), RM_RF.as_bytes())
            .expect("payload");
        let out = child.wait_with_output().expect("wait");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let (code, shows) = agent.blocks;
        assert_eq!(out.status.code(), Some(code), "{}: {out:?}", agent.name);
        assert!(stdout.contains(shows), "{}: {stdout}", agent.name);
        let audit = project.read(".hookrun/audit.jsonl").unwrap_or_default();
        assert!(
            audit.contains("rm -rf /"),
            "{}: audit hook did not run",
            agent.name
        );
    }
}

#[test]
fn a_moved_binary_updates_the_entries_and_command_names_the_program() {
    let project = Project::new();
    project.ok(&["install", "claude", "--command", "/opt/my tools/hookrun"]);
    let text = project.read(".claude/settings.json").expect("file");
    assert!(
        text.contains(r#""command": "'/opt/my tools/hookrun' -C \"$CLAUDE_PROJECT_DIR\" fire --output claude PreToolUse""#),
        "{text}"
    );
    let out = project.ok(&["install", "claude", "--command", "/usr/bin/hookrun"]);
    assert!(
        out.starts_with("updated 33 hooks in .claude/settings.json"),
        "{out}"
    );
    let text = project.read(".claude/settings.json").expect("file");
    assert!(!text.contains("/opt/my tools"), "{text}");
    project.ok(&["uninstall", "claude"]);
    assert_eq!(project.read(".claude/settings.json"), None);
}

/// The program an installed entry starts: a shell line's first word, or the exec form's program.
fn installed_program(agent: &Agent, text: &str) -> String {
    match installed_entry(agent, text) {
        Installed::Shell(line) => shell_words(&line).remove(0),
        Installed::Exec(program, _) => program,
    }
}

/// `line` split as `/bin/sh` would (quotes only; the entries hold nothing else).
fn shell_words(line: &str) -> Vec<String> {
    let out = Command::new("/bin/sh")
        .arg("-c")
        .arg(format!(
            "printf '%s\\n' {}",
            line.split(" -C ").next().unwrap_or(line)
        ))
        .output()
        .expect("sh");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_project_install_names_hookrun_on_path_and_a_user_install_the_absolute_path() {
    for agent in AGENTS {
        let project = Project::new();
        let out = project.hookrun(&["install", agent.name]);
        assert!(out.status.success(), "{}: {out:?}", agent.name);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let in_prx_path = ["/usr/local/bin/hookrun", "/usr/bin/hookrun", "/bin/hookrun"]
            .iter()
            .any(|p| Path::new(p).exists());
        if agent.name == "prx" && !in_prx_path {
            // PRX gives its actions PATH=/usr/local/bin:/usr/bin:/bin, not the user's PATH.
            assert!(
                stderr.contains(
                    "not on the PATH the agent gives its hooks (/usr/local/bin:/usr/bin:/bin)"
                ),
                "{stderr}"
            );
        } else {
            assert!(!stderr.contains("warning"), "{}: {stderr}", agent.name);
        }
        let text = project.read(agent.file).expect("installed");
        assert_eq!(installed_program(agent, &text), "hookrun", "{text}");
        let own = std::fs::canonicalize(hookrun_bin()).expect("the binary");
        assert!(!text.contains(&*own.to_string_lossy()), "{text}");
    }
    let project = Project::new();
    project.ok(&["install", "claude", "--user"]);
    let text = std::fs::read_to_string(project.home.join(".claude/settings.json")).expect("file");
    let own = std::env::current_dir().expect("cwd").join(hookrun_bin());
    let program = PathBuf::from(installed_program(&AGENTS[0], &text));
    assert!(program.is_absolute(), "{text}");
    assert_eq!(
        program.canonicalize().ok(),
        own.canonicalize().ok(),
        "{text}"
    );
}

#[test]
fn a_project_install_warns_when_hookrun_on_path_is_missing_or_another_program() {
    let project = Project::new();
    let out =
        project.hookrun_with_path(std::ffi::OsStr::new("/nonexistent"), &["install", "cursor"]);
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`hookrun` is not on PATH") && stderr.contains("--user"),
        "{stderr}"
    );
    let text = project
        .read(".cursor/hooks.json")
        .expect("written all the same");
    assert_eq!(installed_program(&AGENTS[3], &text), "hookrun");

    let other = project.home.join("bin");
    std::fs::create_dir_all(&other).expect("mkdir");
    let impostor = other.join("hookrun");
    std::fs::write(&impostor, "#!/bin/sh\nexit 0\n").expect("write");
    let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&impostor, executable).expect("chmod");
    let out = project.hookrun_with_path(other.as_os_str(), &["install", "claude", "--dry-run"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("not this hookrun") && stderr.contains(&*impostor.to_string_lossy()),
        "{stderr}"
    );
    let out = project.hookrun_with_path(other.as_os_str(), &["install", "claude", "--user"]);
    assert!(String::from_utf8_lossy(&out.stderr).is_empty(), "{out:?}");
}

#[test]
fn entries_an_earlier_install_wrote_with_an_absolute_path_are_recognised_as_hookruns_own() {
    let own = std::env::current_dir().expect("cwd").join(hookrun_bin());
    let own = own.to_str().expect("UTF-8 path");
    for agent in AGENTS {
        let project = Project::new();
        project.ok(&["install", agent.name, "--command", own]);
        let out = project.ok(&["install", agent.name]);
        assert!(
            out.starts_with(&format!(
                "updated {} in {} to run hookrun: ",
                count(agent.hooks),
                agent.file
            )),
            "{}: {out}",
            agent.name
        );
        let text = project.read(agent.file).expect("file");
        assert!(!text.contains(own), "{}: {text}", agent.name);
        let out = project.ok(&["install", agent.name]);
        assert!(
            out.contains("already runs hookrun on every event"),
            "{}: {out}",
            agent.name
        );

        let project = Project::new();
        project.ok(&["install", agent.name, "--command", own]);
        let out = project.ok(&["uninstall", agent.name]);
        assert!(
            out.contains(&format!("removed {}", count(agent.hooks))),
            "{}: {out}",
            agent.name
        );
        assert_eq!(project.read(agent.file), None, "{}", agent.name);
    }
}

#[test]
fn user_installs_write_under_home() {
    let project = Project::new();
    let out = project.ok(&["install", "claude", "--user"]);
    let file = project.home.join(".claude/settings.json");
    assert!(out.contains(&file.display().to_string()), "{out}");
    assert!(file.is_file() && project.read(".claude/settings.json").is_none());
    project.ok(&["uninstall", "claude", "--user"]);
    assert!(!file.exists());

    let out = project.hookrun(&["install", "proxyai", "--user"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no user-level file"));
}

#[test]
fn a_file_that_does_not_parse_is_refused_and_left_alone() {
    let cases = [
        ("claude", ".claude/settings.json", "{\"model\": \"opus\",\n"),
        ("cursor", ".cursor/hooks.json", "[1, 2]\n"),
        ("gemini", ".gemini/settings.json", "{\"hooks\": []}\n"),
        (
            "promptkit",
            "runtime.yaml",
            "kind: RuntimeConfig\nspec: {hooks: {}}\n",
        ),
    ];
    for (agent, file, text) in cases {
        let project = Project::new();
        project.write(file, text);
        for action in ["install", "uninstall"] {
            let out = project.hookrun(&[action, agent]);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{agent} {action}: {stderr}");
            assert!(
                stderr.contains(file) && stderr.contains("nothing was written"),
                "{stderr}"
            );
            assert_eq!(
                project.read(file).as_deref(),
                Some(text),
                "{agent} {action}"
            );
        }
    }
}

#[test]
fn a_compact_file_keeps_its_untouched_values_as_written_and_comes_back_equivalent() {
    let compact =
        r#"{"provider":"local","limits":{"a":1e3},"hooks":{"stop":[{"command":"./notify.sh"}]}}"#;
    let project = Project::new();
    project.write(".proxyai/settings.json", compact);
    project.ok(&["install", "proxyai"]);
    let installed = project.read(".proxyai/settings.json").expect("file");
    assert!(installed.contains(r#""limits": {"a":1e3},"#), "{installed}");
    assert!(
        installed.contains(r#"{"command":"./notify.sh"},"#),
        "{installed}"
    );
    project.ok(&["uninstall", "proxyai"]);
    let back = project.read(".proxyai/settings.json").expect("file");
    let parse = |text: &str| serde_json::from_str::<Value>(text).expect("JSON");
    assert_eq!(parse(&back), parse(compact), "{back}");
    assert!(
        back.find("provider") < back.find("limits") && back.find("limits") < back.find("hooks")
    );
}

#[test]
fn install_keeps_the_files_mode() {
    use std::os::unix::fs::PermissionsExt as _;
    let project = Project::new();
    project.write(".claude/settings.json", "{}\n");
    let path = project.at(".claude/settings.json");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    project.ok(&["install", "claude"]);
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn init_writes_a_policy_whose_tests_pass_and_refuses_to_overwrite() {
    let project = Project::new();
    let out = project.ok(&["init"]);
    assert!(out.contains("wrote hookrun.toml") && out.contains("wrote hookrun.hooktest.toml"));
    let out = project.ok(&["test"]);
    assert!(out.contains("12 passed, 0 failed"), "{out}");
    let out = project.ok(&["validate"]);
    assert!(out.contains("0 errors, 0 warnings"), "{out}");

    project.write("hookrun.toml", "# mine\n");
    let out = project.hookrun(&["init"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("hookrun.toml and hookrun.hooktest.toml already exist"),
        "{stderr}"
    );
    assert_eq!(project.read("hookrun.toml").as_deref(), Some("# mine\n"));
    let out = project.ok(&["init", "--force"]);
    assert!(out.contains("overwrote hookrun.toml"), "{out}");
    assert!(project.ok(&["test"]).contains("12 passed, 0 failed"));
}

#[test]
fn an_installed_agent_file_does_not_run_hookrun_again() {
    // Every agent's installation at once: a fire from any of them runs the policy once.
    let project = Project::new();
    project.ok(&["init"]);
    let own = std::env::current_dir().expect("cwd").join(hookrun_bin());
    for agent in AGENTS {
        // PRX runs its actions with PATH=/usr/local/bin:/usr/bin:/bin, where the hookrun under
        // test is not: its entry names this one by path, as a user without it there would.
        match agent.name {
            "prx" => project.ok(&["install", "prx", "--command", own.to_str().expect("UTF-8")]),
            name => project.ok(&["install", name]),
        };
    }
    // Every file install wrote is one hookrun's model of that agent reads without a complaint.
    let report = project.ok(&["validate", "--strict"]);
    // One file per agent, and hookrun.toml.
    let files = format!("0 errors, 0 warnings in {} files", AGENTS.len() + 1);
    assert!(report.contains(&files), "{report}");
    let payload = project.home.join("payload.json");
    std::fs::write(&payload, "{}").expect("payload");
    let payload = payload.to_str().expect("UTF-8 path");
    for event in ["before_tool", "tool_call", "tool.before_execution"] {
        let plan = project.ok(&["fire", event, "--dry-run", "--payload", payload]);
        assert!(
            plan.contains("recursion: the hook runs hookrun itself"),
            "{plan}"
        );
    }
    assert!(
        !Path::new(&project.dir)
            .join(".hookrun/audit.jsonl")
            .exists()
    );
}
