use std::time::Duration;

use serde_json::json;

use super::load::load;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::{CommandForm, EventSelector, Handler};

fn load_text(path: &str, text: &str) -> crate::model::load::DialectLoad {
    load_for_test(load, path, super::KIMI, text)
}

fn errors(load: &crate::model::load::DialectLoad) -> Vec<String> {
    load.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(ToString::to_string)
        .collect()
}

#[test]
fn hooks_tables_give_one_hook_each_and_the_rest_of_config_toml_is_kimis() {
    let load = load_text(
        "/home/u/.kimi/config.toml",
        r#"default_model = "kimi-k2"
[models.k2]
provider = "moonshot"

[[hooks]]
event = "PreToolUse"
matcher = "Shell|WriteFile"
command = "./guard.sh"
timeout = 5

[[hooks]]
event = "Stop"
command = "./more.sh"
"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", errors(&load));
    let [guard, stop] = load.hooks.as_slice() else {
        panic!("two hooks expected");
    };
    assert!(matches!(&guard.events, EventSelector::Named(e) if e == "PreToolUse"));
    assert!(matches!(&guard.handler, Handler::Command(CommandForm::Shell(c)) if c == "./guard.sh"));
    assert_eq!(guard.timeout, Duration::from_secs(5));
    // `HookDef.timeout` defaults to 30 seconds.
    assert_eq!(stop.timeout, Duration::from_secs(30));
    assert_eq!(guard.cwd, std::path::Path::new("/p"));
}

#[test]
fn a_matcher_is_searched_in_the_value_as_re_search_does() {
    let load = load_text(
        ".kimi/config.toml",
        "[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Shell\"\ncommand = \"x\"\n",
    );
    let target = super::target("PreToolUse");
    let matcher = &load.hooks[0].matcher;
    assert!(
        target
            .allows(matcher, &json!({"tool_name": "Shell"}))
            .unwrap()
    );
    // `re.search("Shell", "ShellOutput")` finds it too: not an exact name.
    assert!(
        target
            .allows(matcher, &json!({"tool_name": "ShellOutput"}))
            .unwrap()
    );
    assert!(
        !target
            .allows(matcher, &json!({"tool_name": "ReadFile"}))
            .unwrap()
    );
}

#[test]
fn an_unknown_event_and_a_timeout_outside_1_to_600_are_errors_kimi_refuses_the_file_for() {
    let load = load_text(
        ".kimi/config.toml",
        "[[hooks]]\nevent = \"BeforeTool\"\ncommand = \"x\"\n\n\
         [[hooks]]\nevent = \"Stop\"\ncommand = \"y\"\ntimeout = 601\n\n\
         [[hooks]]\nevent = \"Stop\"\ncommand = \"z\"\ntimeout = 0\n",
    );
    let errors = errors(&load);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].contains("unknown Kimi event `BeforeTool`"),
        "{errors:?}"
    );
    assert!(errors[1].contains("from 1 to 600"), "{errors:?}");
}

#[test]
fn an_entry_without_a_command_is_an_error() {
    let load = load_text(".kimi/config.toml", "[[hooks]]\nevent = \"Stop\"\n");
    assert!(load.hooks.is_empty());
    assert!(
        errors(&load)[0].contains("no `command`"),
        "{:?}",
        errors(&load)
    );
}

#[test]
fn the_files_are_told_from_other_agents_config_toml() {
    use crate::dialects::{CODEX, HOOKRUN, by_path};
    use std::path::Path;
    assert_eq!(
        by_path(Path::new("/h/.kimi/config.toml")),
        Some(super::KIMI)
    );
    assert_eq!(
        by_path(Path::new("/h/.kimi-code/config.toml")),
        Some(super::KIMI)
    );
    assert_eq!(by_path(Path::new("/h/.codex/config.toml")), Some(CODEX));
    assert_eq!(by_path(Path::new("config.toml")), Some(HOOKRUN));
}
