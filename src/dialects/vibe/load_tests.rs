use std::time::Duration;

use serde_json::json;

use super::load::load;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::{CommandForm, EventSelector, Handler};

fn load_text(text: &str) -> crate::model::load::DialectLoad {
    load_for_test(load, ".vibe/hooks.toml", super::VIBE, text)
}

fn errors(load: &crate::model::load::DialectLoad) -> Vec<String> {
    load.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(ToString::to_string)
        .collect()
}

#[test]
fn hooks_tables_give_named_hooks_with_seconds_and_strict_as_fail_closed() {
    let load = load_text(
        r#"[[hooks]]
name = "deny-rm-rf"
type = "pre_tool"
match = "bash"
strict = true
timeout = 2.5
command = "./guard.sh"

[[hooks]]
name = "lint"
type = "post_agent"
command = "make lint"
description = "Run the linter"
"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", errors(&load));
    let [guard, lint] = load.hooks.as_slice() else {
        panic!("two hooks expected");
    };
    assert_eq!(guard.name, "deny-rm-rf");
    assert!(matches!(&guard.events, EventSelector::Named(e) if e == "pre_tool"));
    assert!(matches!(&guard.handler, Handler::Command(CommandForm::Shell(c)) if c == "./guard.sh"));
    assert_eq!(guard.timeout, Duration::from_millis(2500));
    assert!(guard.fail_closed);
    // `_DEFAULT_HOOK_TIMEOUT = 60.0`; without `strict` a failure lets the action go on.
    assert_eq!(lint.timeout, Duration::from_secs(60));
    assert!(!lint.fail_closed);
    assert!(lint.matcher.matches_everything());
}

#[test]
fn match_is_a_glob_over_the_qualified_tool_name_or_its_leaf() {
    let load = load_text(
        "[[hooks]]\nname = \"a\"\ntype = \"pre_tool\"\nmatch = \"Bash\"\ncommand = \"x\"\n",
    );
    let matcher = &load.hooks[0].matcher;
    let target = crate::matching::Target::Name("tool_name");
    assert!(
        target
            .allows(matcher, &json!({"tool_name": "file_system.bash"}))
            .unwrap()
    );
    assert!(
        !target
            .allows(matcher, &json!({"tool_name": "file_system.bash_x"}))
            .unwrap()
    );
}

#[test]
fn strict_on_post_agent_an_unknown_type_and_a_blank_command_are_errors() {
    let load = load_text(
        "[[hooks]]\nname = \"a\"\ntype = \"post_agent\"\nstrict = true\ncommand = \"x\"\n\n\
         [[hooks]]\nname = \"b\"\ntype = \"PreToolUse\"\ncommand = \"x\"\n\n\
         [[hooks]]\nname = \"c\"\ntype = \"pre_tool\"\ncommand = \"  \"\n",
    );
    let errors = errors(&load);
    assert!(load.hooks.is_empty());
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].contains("strict is only valid for tool hooks"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("unknown Vibe hook type `PreToolUse`"),
        "{errors:?}"
    );
}

#[test]
fn a_later_hook_of_a_name_already_taken_is_skipped() {
    use crate::model::dialect::DialectSpec;
    let mut load = load_text(
        "[[hooks]]\nname = \"a\"\ntype = \"pre_tool\"\ncommand = \"x\"\n\n\
         [[hooks]]\nname = \"a\"\ntype = \"post_tool\"\ncommand = \"y\"\n",
    );
    super::Vibe.settle(&[], &mut load.hooks);
    assert!(load.hooks[0].enabled);
    assert!(!load.hooks[1].enabled);
}
