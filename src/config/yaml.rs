//! YAML configuration files (PromptKit's RuntimeConfig), read into the one
//! configuration tree, its mappings in file order (PromptKit's run order): the plain block
//! subset directly (`yaml_block.rs`), anything else with serde-saphyr, whose budgets bound alias
//! expansion, nesting and node counts (docs/limits.md).

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::tree::Node;

/// Parses `text`; a syntax error or a breached budget becomes a positioned diagnostic.
pub(crate) fn parse<'a>(file: &str, text: &'a str) -> Result<Node<'a>, Box<Diagnostic>> {
    match crate::config::yaml_block::parse(text) {
        Some(root) => Ok(root),
        None => parse_general(file, text),
    }
}

/// Parses `text` with serde-saphyr.
pub(super) fn parse_general<'a>(file: &str, text: &'a str) -> Result<Node<'a>, Box<Diagnostic>> {
    let mut options = serde_saphyr::Options::default();
    options.with_snippet = false;
    // YAML 1.2 booleans only, as PromptKit's Go parser reads them: `command: y` is a string.
    options.strict_booleans = true;
    serde_saphyr::from_str_with_options(text, options).map_err(|error| {
        let position = error.location().map_or((0, 0), |location| {
            (to_usize(location.line()), to_usize(location.column()))
        });
        let message = error.to_string();
        let message = message.trim();
        let message = message
            .strip_prefix("error: ")
            .unwrap_or(message)
            .split_once(": ")
            .filter(|(head, _)| head.starts_with("line "))
            .map_or(message, |(_, rest)| rest);
        let message = message
            .rsplit_once(" at line ")
            .filter(|(_, at)| at.contains("column"))
            .map_or(message, |(head, _)| head);
        Box::new(Diagnostic::at(
            Severity::Error,
            file,
            text,
            position,
            format!("invalid YAML: {message}"),
        ))
    })
}

fn to_usize(number: u64) -> usize {
    usize::try_from(number).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use serde_json::json;

    use super::*;

    #[test]
    fn mappings_keep_the_file_order() {
        let doc = parse(
            "r.yaml",
            "spec:\n  hooks:\n    zeta: {a: 1}\n    alpha: {}\n    mid: {}\n",
        )
        .unwrap();
        let hooks = doc.get("spec").unwrap().get("hooks").unwrap();
        assert_eq!(
            hooks.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["zeta", "alpha", "mid"]
        );
        assert_eq!(
            doc.to_value(),
            json!({"spec": {"hooks": {"zeta": {"a": 1}, "alpha": {}, "mid": {}}}})
        );
    }

    #[test]
    fn scalars_become_json_values() {
        let doc = parse(
            "r.yaml",
            "a: 5\nb: -1\nc: 1.5\nd: true\ne: ~\nf: text\ng: [x, 2]\nh: y\ni: off\n",
        )
        .unwrap();
        assert_eq!(
            doc.to_value(),
            json!({"a": 5, "b": -1, "c": 1.5, "d": true, "e": null, "f": "text", "g": ["x", 2], "h": "y", "i": "off"})
        );
    }

    #[test]
    fn syntax_errors_are_positioned() {
        let error = parse("r.yaml", "spec:\n  hooks: [a, b\n  x: 1\n").unwrap_err();
        assert!(error.is_error());
        assert!(error.line >= 2, "{error}");
        assert!(error.message.starts_with("invalid YAML: "), "{error}");
        assert!(!error.message.contains(" at line "), "{error}");
    }

    #[test]
    fn a_repeated_key_is_a_positioned_error() {
        // Inside the block subset too: it never reads a repeated key, serde-saphyr refuses it.
        let text = "spec:\n  hooks:\n    audit:\n      command: a\n    audit:\n      command: b\n";
        let error = parse("r.yaml", text).unwrap_err();
        assert!(error.is_error(), "{error}");
        assert_eq!(error.line, 5, "{error}");
        assert!(error.message.contains("audit"), "{error}");
    }

    #[test]
    fn alias_bombs_are_refused() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
        for level in 1..10 {
            let prev = level - 1;
            let refs = vec![format!("*a{prev}"); 9].join(", ");
            writeln!(text, "a{level}: &a{level} [{refs}]").unwrap();
        }
        let error = parse("bomb.yaml", &text).unwrap_err();
        assert!(error.is_error(), "{error}");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = format!("a: {}{}\n", "[".repeat(10_000), "]".repeat(10_000));
        assert!(parse("deep.yaml", &text).is_err());
    }
}
