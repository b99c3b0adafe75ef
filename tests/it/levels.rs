//! Every level an agent keeps hooks at: managed policy, the user's home, the project, the local
//! project file and enabled plugins — read in a scratch `HOME` (and `HOOKRUN_SYSTEM_ROOT` for
//! the system's files), with Claude's `disableAllHooks` and `allowManagedHooksOnly` weighed
//! across files as Claude weighs them.

use serde_json::{Value, json};

use crate::harness::Case;

/// A Claude settings file whose one `PreToolUse` hook appends `tag` to `$CLAUDE_PROJECT_DIR/ran`.
fn settings(tag: &str, extra: &str) -> String {
    format!(
        r#"{{{extra}"hooks": {{"PreToolUse": [{{"hooks": [
            {{"type": "command", "command": "echo {tag} >> \"$CLAUDE_PROJECT_DIR/ran\""}}]}}]}}}}"#
    )
}

/// The tags of the hooks that ran, sorted.
fn ran(case: &Case) -> Vec<String> {
    let mut tags: Vec<String> = std::fs::read_to_string(case.at("ran"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    tags.sort();
    tags
}

fn fire(case: &Case, extra: &[&str]) {
    case.payload(json!({"tool_name": "Bash"}));
    case.fire_with("PreToolUse", extra).exit(0);
}

#[test]
fn claude_reads_user_and_managed_settings_and_no_user_config_keeps_the_managed() {
    let case = Case::new()
        .file(".claude/settings.json", &settings("project", ""))
        .file(".claude/settings.local.json", &settings("local", ""))
        .home_file(".claude/settings.json", &settings("user", ""))
        .home_file(
            "system/etc/claude-code/managed-settings.json",
            &settings("managed", ""),
        )
        .home_file(
            "system/etc/claude-code/managed-settings.d/10-more.json",
            &settings("dropin", ""),
        );
    fire(&case, &[]);
    assert_eq!(
        ran(&case),
        ["dropin", "local", "managed", "project", "user"]
    );
    std::fs::remove_file(case.at("ran")).unwrap();
    case.payload(json!({"tool_name": "Bash"}));
    case.run(&["--no-user-config", "fire", "PreToolUse"])
        .exit(0);
    assert_eq!(ran(&case), ["dropin", "local", "managed", "project"]);
}

#[test]
fn list_names_each_sources_level() {
    let case = Case::new()
        .file(".claude/settings.json", &settings("project", ""))
        .file(".claude/settings.local.json", &settings("local", ""))
        .home_file(".claude/settings.json", &settings("user", ""))
        .home_file(
            "system/etc/claude-code/managed-settings.json",
            &settings("managed", ""),
        );
    let listed = case.run(&["list", "--format", "json"]).exit(0).json();
    let levels: Vec<(String, String)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|source| {
            let name = source["source"].as_str().unwrap();
            let short = name.rsplit('/').take(2).collect::<Vec<_>>();
            (
                format!("{}/{}", short[1], short[0]),
                source["level"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        levels,
        [
            (".claude/settings.json".to_owned(), "project".to_owned()),
            (".claude/settings.local.json".to_owned(), "local".to_owned()),
            (
                "claude-code/managed-settings.json".to_owned(),
                "managed".to_owned()
            ),
            (".claude/settings.json".to_owned(), "user".to_owned()),
        ]
    );
}

#[test]
fn claude_disable_all_hooks_in_the_project_keeps_only_managed_hooks() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &settings("project", r#""disableAllHooks": true, "#),
        )
        .home_file(".claude/settings.json", &settings("user", ""))
        .home_file(
            "system/etc/claude-code/managed-settings.json",
            &settings("managed", ""),
        );
    fire(&case, &[]);
    assert_eq!(ran(&case), ["managed"]);
}

#[test]
fn claude_disable_all_hooks_is_the_last_files_word() {
    // The local file says false after the project's true: hooks run (Claude merges the settings,
    // later files overriding earlier ones).
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &settings("project", r#""disableAllHooks": true, "#),
        )
        .file(
            ".claude/settings.local.json",
            &settings("local", r#""disableAllHooks": false, "#),
        );
    fire(&case, &[]);
    assert_eq!(ran(&case), ["local", "project"]);
}

#[test]
fn claude_managed_policy_can_allow_only_managed_hooks_or_none() {
    let only = Case::new()
        .file(".claude/settings.json", &settings("project", ""))
        .home_file(".claude/settings.json", &settings("user", ""))
        .home_file(
            "system/etc/claude-code/managed-settings.json",
            &settings("managed", r#""allowManagedHooksOnly": true, "#),
        );
    fire(&only, &[]);
    assert_eq!(ran(&only), ["managed"]);

    let none = Case::new()
        .file(".claude/settings.json", &settings("project", ""))
        .home_file(
            "system/etc/claude-code/managed-settings.json",
            &settings("managed", r#""disableAllHooks": true, "#),
        );
    fire(&none, &[]);
    assert_eq!(ran(&none), Vec::<String>::new());
    let listed = none.run(&["list", "--format", "json"]).exit(0).json();
    let enabled: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|source| source["hooks"].as_array().unwrap())
        .map(|hook| &hook["enabled"])
        .collect();
    assert_eq!(enabled, [&json!(false), &json!(false)]);
}

/// A plugin at `<home>/plugins/<name>` whose hook appends `plugin:<its root's name>`.
fn plugin_hooks() -> &'static str {
    r#"{"description": "a guard", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command",
         "command": "echo \"plugin:$(basename \"${CLAUDE_PLUGIN_ROOT}\")\" >> \"$CLAUDE_PROJECT_DIR/ran\""}]}]}}"#
}

#[test]
fn enabled_claude_plugins_run_with_their_root_and_disabled_ones_do_not() {
    let case = Case::new()
        .home_file("plugins/guard/hooks/hooks.json", plugin_hooks())
        .home_file("plugins/other/hooks/hooks.json", plugin_hooks());
    let home = case.home().to_string_lossy().into_owned();
    let record = json!({"version": 2, "plugins": {
        "guard@market": [{"scope": "user", "installPath": format!("{home}/plugins/guard")}],
        "other@market": [{"scope": "user", "installPath": format!("{home}/plugins/other")}],
    }});
    let case = case
        .home_file(
            ".claude/plugins/installed_plugins.json",
            &record.to_string(),
        )
        .home_file(
            ".claude/settings.json",
            r#"{"enabledPlugins": {"guard@market": true, "other@market": true}}"#,
        )
        .file(
            ".claude/settings.json",
            r#"{"enabledPlugins": {"other@market": false}}"#,
        );
    fire(&case, &[]);
    assert_eq!(ran(&case), ["plugin:guard"]);
    // Plugins are the user's: `--no-user-config` leaves them out.
    std::fs::remove_file(case.at("ran")).unwrap();
    case.payload(json!({"tool_name": "Bash"}));
    case.run(&["--no-user-config", "fire", "PreToolUse"])
        .exit(0);
    assert_eq!(ran(&case), Vec::<String>::new());
}

#[test]
fn a_plugin_hooks_file_named_with_c_gets_its_plugin_root() {
    let case = Case::new().file("my plugin/hooks/hooks.json", plugin_hooks());
    let file = case.at("my plugin/hooks/hooks.json");
    fire(&case, &["-c", file.to_str().unwrap()]);
    assert_eq!(ran(&case), ["plugin:my plugin"]);
}

#[test]
fn gemini_and_cursor_user_files_are_read() {
    let case = Case::new()
        .home_file(
            ".gemini/settings.json",
            r#"{"hooks": {"BeforeTool": [{"hooks": [
                {"type": "command", "command": "echo gemini-user >> \"$GEMINI_PROJECT_DIR/ran\""}]}]}}"#,
        )
        .home_file(
            "system/etc/gemini-cli/settings.json",
            r#"{"hooks": {"BeforeTool": [{"hooks": [
                {"type": "command", "command": "echo gemini-system >> \"$GEMINI_PROJECT_DIR/ran\""}]}]}}"#,
        )
        .home_file(
            ".cursor/hooks.json",
            r#"{"version": 1, "hooks": {"beforeShellExecution": [
                {"command": "echo cursor-user >> ran; echo '{\"permission\":\"allow\"}'"}]}}"#,
        );
    case.payload(json!({"tool_name": "run_shell_command"}));
    case.fire("BeforeTool").exit(0);
    case.payload(json!({"command": "ls", "cwd": case.path()}));
    case.fire("beforeShellExecution").exit(0);
    assert_eq!(ran(&case), ["cursor-user", "gemini-system", "gemini-user"]);
}

#[test]
fn validate_flags_a_variable_a_command_needs_that_will_be_unset() {
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"hooks": [
            {"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/guard.sh\" \"$CLAUDE_PROJECT_DIR\" ${OPTIONAL:-x}"}]}]}}"#,
    );
    case.run(&["validate"])
        .exit(1)
        .stdout_has("its command needs $CLAUDE_PLUGIN_ROOT which will be unset when it runs");
    // The same file as a plugin's (`<root>/hooks/hooks.json`) has its root set.
    let plugin = Case::new().file(
        "plug/hooks/hooks.json",
        r#"{"hooks": {"PreToolUse": [{"hooks": [
            {"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}/guard.sh\""}]}]}}"#,
    );
    plugin
        .run(&[
            "validate",
            plugin.at("plug/hooks/hooks.json").to_str().unwrap(),
        ])
        .exit(0)
        .stdout_lacks("will be unset");
}
