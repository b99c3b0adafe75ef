//! Table-driven tests of `if` rules (the book, "Matching"), Claude Code's permission-rule syntax.

use serde_json::json;

use super::*;

const PROJECT: &str = "/work/proj";
const HOME: &str = "/home/u";

fn ctx() -> RuleContext<'static> {
    RuleContext {
        project_dir: Path::new(PROJECT),
        home: Some(Path::new(HOME)),
    }
}

/// `(rule, payload, expected)` rows.
fn assert_rules(rows: &[(&str, Value, bool)]) {
    for (text, payload, expected) in rows {
        let rule = Rule::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            rule.matches(payload, &ctx()),
            *expected,
            "rule {text:?} vs payload {payload}"
        );
    }
}

fn bash(command: &str) -> Value {
    json!({"tool_name": "Bash", "tool_input": {"command": command}})
}

fn file_tool(tool: &str, path: &str) -> Value {
    json!({"tool_name": tool, "tool_input": {"file_path": path}})
}

#[test]
fn parse_accepts_tool_and_tool_with_spec() {
    let rows: &[(&str, &str, Option<&str>)] = &[
        ("Bash", "Bash", None),
        ("Bash()", "Bash", None),
        ("Bash(*)", "Bash", None),
        ("Bash( * )", "Bash", None),
        ("Bash(git push *)", "Bash", Some("git push *")),
        ("  Edit(src/**)  ", "Edit", Some("src/**")),
        ("Bash (ls)", "Bash", Some("ls")),
        ("Bash(echo ')')", "Bash", Some("echo ')'")),
        ("Bash(echo (a))", "Bash", Some("echo (a)")),
        (
            "mcp__memory__create_entities",
            "mcp__memory__create_entities",
            None,
        ),
        (
            "WebFetch(domain:example.com)",
            "WebFetch",
            Some("domain:example.com"),
        ),
    ];
    for &(text, tool, spec) in rows {
        let rule = Rule::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&*rule.tool, tool, "{text}");
        assert_eq!(rule.spec.as_deref(), spec, "{text}");
        assert_eq!(rule.text(), text.trim());
    }
}

#[test]
fn parse_rejects_malformed_rules() {
    let unbalanced = |rule: &str| RuleError::Unbalanced { rule: rule.into() };
    let rows: &[(&str, RuleError)] = &[
        ("", RuleError::Empty),
        ("   ", RuleError::Empty),
        (
            "(ls)",
            RuleError::MissingTool {
                rule: "(ls)".into(),
            },
        ),
        ("Bash(ls", unbalanced("Bash(ls")),
        ("Bash)", unbalanced("Bash)")),
        ("Bash(ls))", unbalanced("Bash(ls))")),
        ("Bash(a(b)", unbalanced("Bash(a(b)")),
        ("Bash(a) b", unbalanced("Bash(a) b")),
        (
            "My Tool",
            RuleError::InvalidTool {
                rule: "My Tool".into(),
                tool: "My Tool".into(),
            },
        ),
    ];
    for (text, expected) in rows {
        assert_eq!(Rule::parse(text).as_ref().err(), Some(expected), "{text:?}");
    }
}

#[test]
fn rule_errors_read_clearly() {
    let error = Rule::parse("Bash(ls").unwrap_err();
    assert_eq!(
        error.to_string(),
        "`if` rule `Bash(ls` has unbalanced parentheses: expected `Tool` or `Tool(spec)`"
    );
    assert_eq!(
        Rule::parse("(x)").unwrap_err().to_string(),
        "`if` rule `(x)` has no tool name before `(`"
    );
}

#[test]
fn git_push_rule_spawns_only_for_pushes() {
    // A compound command matches when any part matches.
    assert_rules(&[
        ("Bash(git push *)", bash("git status"), false),
        ("Bash(git push *)", bash("git push origin main"), true),
    ]);
}

#[test]
fn shell_rules_follow_the_command_pattern_language() {
    // Conformance case E3 (the shell half); details in shell_tests.rs.
    assert_rules(&[
        ("Bash(ls *)", bash("ls -la"), true),
        ("Bash(ls *)", bash("lsof"), false),
        ("Bash(ls *)", bash("ls"), true),
        ("Bash(git push:*)", bash("git push origin"), true),
        ("Bash(rm *)", bash("cd /tmp && rm -rf x"), true),
        ("Bash(rm -rf *)", bash("timeout 5 rm -rf /"), true),
        ("Bash(npm test)", bash("npm test"), true),
        ("Bash(npm test)", bash("npm test --watch"), false),
    ]);
}

#[test]
fn tool_name_must_match() {
    assert_rules(&[
        ("Bash(ls *)", file_tool("Write", "/work/proj/ls"), false),
        ("Bash", json!({"tool_name": "BashOutput"}), false),
        (
            "Edit(src/**)",
            file_tool("Write", "/work/proj/src/a"),
            false,
        ),
        ("Edit(src/**)", file_tool("Edit", "/work/proj/src/a"), true),
        ("Read", file_tool("Read", "/anywhere"), true),
        ("Read", file_tool("Edit", "/anywhere"), false),
        ("WebFetch", json!({"tool_name": "WebSearch"}), false),
        ("Bash", json!({}), false),
    ]);
}

#[test]
fn shell_rules_apply_to_every_shell_tool() {
    assert_rules(&[
        (
            "Bash(rm *)",
            json!({"tool_name": "Shell", "tool_input": {"command": "rm x"}}),
            true,
        ),
        (
            "Bash(rm *)",
            json!({"tool_name": "run_shell_command", "tool_input": {"command": "rm x"}}),
            true,
        ),
        ("Shell(rm *)", bash("rm x"), true),
        ("Bash", json!({"tool_name": "shell"}), true),
        // A shell-execution payload without a tool name (Cursor, proxyai).
        ("Bash(rm *)", json!({"command": "rm -rf /"}), true),
        // Or with the command line in its `tool_info` (Windsurf's `pre_run_command`).
        (
            "Bash(rm *)",
            json!({"agent_action_name": "pre_run_command",
                "tool_info": {"command_line": "rm -rf /", "cwd": "/p"}}),
            true,
        ),
        // A call under the event's camelCase name, its input in `parameters` (Cline).
        (
            "Bash(rm *)",
            json!({"hookName": "PreToolUse",
                "preToolUse": {"toolName": "execute_command", "parameters": {"command": "rm -rf /"}}}),
            true,
        ),
        (
            "Bash(rm *)",
            json!({"preToolUse": {"toolName": "read_file", "parameters": {"path": "rm x"}}}),
            false,
        ),
        (
            "Bash(rm *)",
            json!({"tool_name": "developer__shell", "tool_input": {"command": "rm x"}}),
            true,
        ),
        // A tool hook's request, its command line in `cmd` (PromptKit's shell tool).
        (
            "Bash(rm *)",
            json!({"hook": "tool", "phase": "before_execution",
                "request": {"Name": "shell", "Args": {"cmd": "rm -rf /"}}}),
            true,
        ),
        ("Bash(rm *)", json!({"command": "ls"}), false),
        ("Bash", json!({"command": "ls"}), true),
        // A shell tool without a command only satisfies a spec-less rule.
        (
            "Bash(rm *)",
            json!({"tool_name": "Bash", "tool_input": {}}),
            false,
        ),
        (
            "Bash(*)",
            json!({"tool_name": "Bash", "tool_input": {}}),
            true,
        ),
    ]);
}

#[test]
fn file_rules_glob_the_file_path() {
    // Conformance case E3 (the path half); details in path_rule_tests.rs.
    assert_rules(&[
        (
            "Edit(src/**/*.ts)",
            file_tool("Edit", "/work/proj/src/a.ts"),
            true,
        ),
        (
            "Edit(src/**/*.ts)",
            file_tool("Edit", "/work/proj/src/x/a.ts"),
            true,
        ),
        (
            "Edit(src/*.ts)",
            file_tool("Edit", "/work/proj/src/x/a.ts"),
            false,
        ),
        ("Edit(src/*.ts)", file_tool("Edit", "src/a.ts"), true),
        (
            "Read(*.env)",
            file_tool("Read", "/work/proj/config/.env"),
            true,
        ),
        (
            "Read(~/.ssh/**)",
            file_tool("Read", "/home/u/.ssh/id_rsa"),
            true,
        ),
        ("Read(//etc/*)", file_tool("Read", "/etc/passwd"), true),
        (
            "Write(/dist/**)",
            file_tool("Write", "/work/proj/dist/app.js"),
            true,
        ),
        (
            "MultiEdit(/src/**)",
            file_tool("MultiEdit", "/work/proj/lib/a"),
            false,
        ),
        (
            "NotebookEdit(*.ipynb)",
            json!({"tool_name": "NotebookEdit", "tool_input": {"notebook_path": "/work/proj/a.ipynb"}}),
            true,
        ),
        (
            "Read(src/**)",
            json!({"tool_name": "Read", "tool_input": {"path": "/work/proj/src/x"}}),
            true,
        ),
        (
            "Read(src/**)",
            json!({"tool_name": "Read", "tool_input": {}}),
            false,
        ),
    ]);
}

#[test]
fn invalid_file_glob_is_reported_and_matches_nothing() {
    let rule = Rule::parse("Edit(src/{a,b)").unwrap();
    assert!(matches!(rule.check(), Err(RuleError::InvalidGlob { .. })));
    assert!(!rule.matches(&file_tool("Edit", "/work/proj/src/a"), &ctx()));
    assert_eq!(Rule::parse("Bash(x)").unwrap().check(), Ok(()));
    assert_eq!(Rule::parse("Edit(src/**)").unwrap().check(), Ok(()));
}

#[test]
fn other_tools_match_string_values_of_tool_input() {
    let fetch =
        |url: &str| json!({"tool_name": "WebFetch", "tool_input": {"url": url, "prompt": "p"}});
    let grep = json!({"tool_name": "Grep", "tool_input": {"pattern": "TODO: fix", "opts": {"globs": ["*.rs"]}}});
    assert_rules(&[
        (
            "WebFetch(domain:example.com)",
            fetch("https://example.com/x"),
            true,
        ),
        (
            "WebFetch(domain:example.com)",
            fetch("https://user@example.com:8080/"),
            true,
        ),
        (
            "WebFetch(domain:example.com)",
            fetch("https://evil.com/example.com"),
            false,
        ),
        (
            "WebFetch(domain:*.example.com)",
            fetch("https://api.example.com"),
            true,
        ),
        (
            "WebFetch(https://docs.*)",
            fetch("https://docs.rs/regex"),
            true,
        ),
        ("Grep(TODO*)", grep.clone(), true),
        ("Grep(*.rs)", grep.clone(), true),
        ("Grep(FIXME*)", grep.clone(), false),
        ("Grep(TODO)", grep, false),
    ]);
}

#[test]
fn mcp_rules_cover_a_server_or_one_tool() {
    let mcp = |name: &str| json!({"tool_name": name, "tool_input": {}});
    assert_rules(&[
        ("mcp__memory", mcp("mcp__memory__create_entities"), true),
        ("mcp__memory", mcp("mcp__memoryx__create"), false),
        (
            "mcp__memory__create_entities",
            mcp("mcp__memory__create_entities"),
            true,
        ),
        (
            "mcp__memory__create_entities",
            mcp("mcp__memory__delete"),
            false,
        ),
        ("mcp__*__write*", mcp("mcp__fs__write_file"), true),
        ("mcp__*__write*", mcp("mcp__fs__read_file"), false),
    ]);
}

#[test]
fn url_host_extraction() {
    let rows: &[(&str, Option<&str>)] = &[
        ("https://example.com/a", Some("example.com")),
        ("http://u:p@host.io:80/x?y", Some("host.io")),
        ("example.com/path", Some("example.com")),
        ("https://", None),
    ];
    for &(url, expected) in rows {
        assert_eq!(url_host(url), expected, "{url}");
    }
}
