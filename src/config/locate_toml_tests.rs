//! The TOML locator: keys of every kind of table, and array elements wherever they are written.

use super::*;

fn path(steps: &[&str]) -> Vec<Step> {
    steps
        .iter()
        .map(|step| match step.parse::<usize>() {
            Ok(index) => Step::Index(index),
            Err(_) => Step::Key((*step).into()),
        })
        .collect()
}

fn at(text: &str, steps: &[&str]) -> (usize, usize) {
    locate_toml(text, &path(steps), false)
}

const FILE: &str = "timeout = \"5s\"\n\n[[hook]]\nname = \"a\"\ncommand = \"a.sh\"\n\n[[hook]]\nname = \"b\"\n  timeout = 0\n";

#[test]
fn keys_of_the_nth_array_table_are_found_at_the_key() {
    assert_eq!(at(FILE, &["hook", "1", "timeout"]), (9, 3));
    assert_eq!(at(FILE, &["hook", "0", "command"]), (5, 1));
}

#[test]
fn top_level_keys_and_array_table_headers_are_found() {
    assert_eq!(at(FILE, &["timeout"]), (1, 1));
    assert_eq!(at(FILE, &["hook", "1"]), (7, 1));
}

#[test]
fn an_array_element_is_found_at_its_own_token_not_at_the_key() {
    let text = "[[hook]]\nevents = [\"Stop\", \"PreToolUze\"]\ncommand = \"true\"\n";
    assert_eq!(at(text, &["hook", "0", "events", "0"]), (2, 11));
    assert_eq!(at(text, &["hook", "0", "events", "1"]), (2, 19));
}

#[test]
fn elements_of_a_multi_line_array_are_found_on_their_own_lines() {
    let text = "[[hook]]\nevents = [\n  \"Stop\", # the end\n\n    'PreToolUze',\n]\n";
    assert_eq!(at(text, &["hook", "0", "events", "0"]), (3, 3));
    assert_eq!(at(text, &["hook", "0", "events", "1"]), (5, 5));
}

#[test]
fn keys_of_plain_tables_and_inline_tables_are_found() {
    let text = "[[hook]]\nenv = { A = \"1\", B = 2 }\n\n[llm]\nmodel = \"m\"\n  provder = \"x\"\n\n[trust]\nuntrusted = \"hold\"\n";
    assert_eq!(at(text, &["llm", "provder"]), (6, 3));
    assert_eq!(at(text, &["trust", "untrusted"]), (9, 1));
    assert_eq!(at(text, &["hook", "0", "env", "B"]), (2, 18));
}

#[test]
fn a_multi_line_string_does_not_hide_the_keys_after_it() {
    let text = "[[hook]]\nprompt = \"\"\"\n[[hook]]\nmode = 1\n\"\"\"\nmode = \"observ\"\n";
    assert_eq!(at(text, &["hook", "0", "mode"]), (6, 1));
    assert_eq!(
        at(text, &["hook", "1"]),
        (1, 3),
        "one hook only: the name of the first header"
    );
}

#[test]
fn dotted_array_table_headers_are_followed() {
    let text = "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ncommand = \"a\"\n\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntimout = 5\n";
    assert_eq!(
        at(text, &["hooks", "PreToolUse", "1", "hooks", "0", "timout"]),
        (8, 1)
    );
    assert_eq!(at(text, &["hooks", "PreToolUse", "1"]), (6, 1));
}

#[test]
fn a_missing_step_falls_back_to_the_deepest_known_position() {
    assert_eq!(at(FILE, &["hook", "1", "nothing"]), (7, 1));
    assert_eq!(at(FILE, &["hook", "0", "command", "2"]), (5, 1));
    assert_eq!(at(FILE, &["nothing"]), (0, 0));
    assert_eq!(at(FILE, &[]), (0, 0));
    assert_eq!(at("not = [toml", &["not"]), (0, 0));
}
