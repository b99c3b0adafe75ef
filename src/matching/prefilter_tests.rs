//! The literal prefilter against the regex engine: whatever it rules out, the compiled regex
//! rejects too.

use std::cell::OnceCell;

use super::rules_out;
use crate::matching::engine::{Engine, Syntax};

/// Every syntax, each with its engine for one pattern, compiled when first needed.
const SYNTAXES: [Syntax; 4] = [
    Syntax::Rust,
    Syntax::EcmaScript,
    Syntax::Python,
    Syntax::Java,
];

/// One pattern's engines, compiled once however many values are tried.
struct Engines<'a> {
    pattern: &'a str,
    compiled: [OnceCell<Result<Engine, String>>; 4],
}

impl<'a> Engines<'a> {
    fn new(pattern: &'a str) -> Engines<'a> {
        Engines {
            pattern,
            compiled: Default::default(),
        }
    }

    /// The literal prefilter's answer for the pattern and `value` in Rust syntax, checked
    /// against every syntax's engine: it may only rule a value out when the regex compiles (with
    /// the matcher's limits) and does not match it. Its answer in the other syntaxes may only be
    /// more cautious.
    fn prefilter_agrees(&self, value: &str) -> bool {
        let pattern = self.pattern;
        let ruled_out = rules_out(pattern, value, Syntax::Rust);
        for (syntax, compiled) in SYNTAXES.into_iter().zip(&self.compiled) {
            if rules_out(pattern, value, syntax) {
                let regex = compiled.get_or_init(|| Engine::compile(pattern, syntax));
                assert!(
                    regex
                        .as_ref()
                        .is_ok_and(|regex| regex.leftmost_start(value) == Ok(None)),
                    "prefilter ruled out {value:?} for {pattern:?} in {syntax:?}; the regex: {regex:?}"
                );
                assert!(ruled_out, "{pattern:?} ruled out in {syntax:?} only");
            }
        }
        ruled_out
    }
}

/// [`Engines::prefilter_agrees`] for one pattern and value.
fn prefilter_agrees(pattern: &str, value: &str) -> bool {
    Engines::new(pattern).prefilter_agrees(value)
}

#[test]
fn prefilter_rules_out_only_what_the_regex_rejects() {
    // (pattern, value, ruled out without compiling)
    let rows: &[(&str, &str, bool)] = &[
        // Required literals, with and without anchors and repetition.
        ("mcp__.*", "Bash", true),
        ("mcp__.*", "mcp__x", false),
        ("mcp__.*__write.*", "mcp__github__create", true),
        ("mcp__.*__write.*", "Bash", true),
        ("mcp__.*__write.*", "mcp__fs__write_file", false),
        ("^Bash$", "Read", true),
        ("^Bash$", "BashOutput", false),
        ("^Bash$", "xBash", false),
        ("Notebook.*", "NotebookEdit", false),
        ("^Notebook.*", "Bash", true),
        ("Task.*", "Bash", true),
        ("^Task", "SubTask", false),
        ("x+y", "xy", false),
        ("ab*c", "ac", false),
        ("ab*c", "bc", true),
        ("ab?c", "abc", false),
        ("ab?c", "xbc", true),
        (".*", "", false),
        ("a.c", "xyz", true),
        ("a.c", "abc", false),
        // Alternation, groups, empty alternatives.
        ("Write|Edit", "Read", true),
        ("Write|Edit", "NotebookEdit", false),
        ("Web(Fetch|Search)", "WebFetch", false),
        ("Web(Fetch|Search)", "Web", true),
        ("Web(Fetch|Search)", "WebSearchX", false),
        ("web_(fetch|search)", "web_read", true),
        ("(ab)*c", "xyz", true),
        ("(ab)*c", "c", false),
        ("(ab)?c", "ab", true),
        ("(ab)+c", "c", false),
        ("a|", "xyz", false),
        ("|a", "xyz", false),
        ("a||b", "c", false),
        ("()", "x", false),
        ("()a", "b", true),
        ("(|a)b", "c", true),
        ("((a|b)c|d)", "ce", true),
        ("((a|b)c|d)", "bc", false),
        ("((a|b)c|d)", "d", false),
        // Case: literal runs are case-sensitive unless the whole pattern starts with `(?i)`.
        ("^Bash$", "bash", true),
        ("(?i)^(write|edit)$", "Bash", true),
        ("(?i)^(write|edit)$", "WRITE", false),
        ("(?i)^(write|edit)$", "Edit", false),
        ("(?i)bash", "BASH", false),
        ("(?i)k", "\u{212a}", true),
        ("(?i)é", "É", true),
        ("(?i)é", "é", false),
        ("x(?i)bash", "xBASH", false),
        ("(?i:bash)", "BASH", false),
        ("(?s)a.b", "xyz", false),
        // Escapes: punctuation escapes are understood; other escapes are left to the regex.
        (r"\.env", "/p/.env", false),
        (r"\.env", "/p/env", false),
        (r"\.env", "/p/.en", true),
        (r"a\.b", "ab", false),
        (r"a\.b", "a.c", true),
        (r"a\|b", "a", true),
        (r"\(x\)", "(x)", false),
        (r"\bBash\b", "Read", false),
        (r"\d+", "abc", false),
        (r"\w", "", false),
        // Character classes, counted repetition and stacked repetition are left to the regex.
        ("[Bb]ash", "Read", false),
        ("x[ab]", "y", false),
        ("a{2}", "b", false),
        ("ab{2}c", "x", false),
        ("a*?b", "x", false),
        ("a**b", "x", false),
        // Repeated assertions are left to the engine: only Rust's syntax allows them.
        ("^*a", "b", false),
        ("$a", "b", true),
        ("a^", "b", true),
        // Unicode literals.
        ("über.*", "uber", true),
        ("über.*", "xüber", false),
        // Invalid patterns are never ruled out, so they are still reported (or fall back).
        ("[", "x", false),
        ("mcp__[", "Bash", false),
        ("(", "x", false),
        ("a)", "b", false),
        ("(a", "b", false),
        ("*a", "b", false),
        ("a|*", "b", false),
        ("(?", "b", false),
        ("(?)", "b", false),
        ("a\\", "b", false),
        (r"a\q", "b", false),
        (r"\1", "b", false),
        ("a{", "b", false),
        ("x{1,2", "y", false),
    ];
    for &(pattern, value, expected) in rows {
        assert_eq!(
            prefilter_agrees(pattern, value),
            expected,
            "{pattern:?} against {value:?}"
        );
    }
    // Every pattern against every value of the table.
    for &(pattern, ..) in rows {
        for &(_, value, _) in rows {
            prefilter_agrees(pattern, value);
        }
    }
}

#[test]
fn prefilter_agrees_with_the_regex_on_every_short_pattern() {
    // Every pattern of up to four characters over this alphabet, with and without `(?i)`.
    const ALPHABET: &[char] = &[
        'a', 'b', 'A', '.', '*', '+', '?', '|', '(', ')', '^', '$', '\\', '[', '{',
    ];
    const VALUES: &[&str] = &["", "a", "b", "A", "ab", "ba", "aB", "xaby", ".", "*", "(a)"];
    let mut patterns = vec![String::new()];
    let mut start = 0;
    for _ in 0..4 {
        let end = patterns.len();
        for index in start..end {
            for &c in ALPHABET {
                patterns.push(format!("{}{c}", patterns[index]));
            }
        }
        start = end;
    }
    let mut ruled_out = 0;
    for pattern in &patterns {
        for folded in [pattern.clone(), format!("(?i){pattern}")] {
            let engines = Engines::new(&folded);
            for value in VALUES {
                ruled_out += usize::from(engines.prefilter_agrees(value));
            }
        }
    }
    assert!(ruled_out > 10_000, "only {ruled_out} values ruled out");
}

#[test]
fn prefilter_leaves_long_and_deep_patterns_to_the_regex() {
    let long = "a".repeat(300);
    assert!(!prefilter_agrees(&long, "b"));
    // The biggest patterns the prefilter still reads compile within the limits.
    let wide = "(.*a|bc)".repeat(32);
    assert_eq!(wide.len(), 256);
    assert!(prefilter_agrees(&wide, "x"));
    let deep = format!("{}a{}*", "(".repeat(8), ")*".repeat(8));
    assert!(!prefilter_agrees(&deep, "x"), "every level is optional");
    let deep = format!("{}a{}", "(".repeat(8), ")".repeat(8));
    assert!(prefilter_agrees(&deep, "x"));
    let deeper = format!("{}a{}", "(".repeat(9), ")".repeat(9));
    assert!(!prefilter_agrees(&deeper, "x"));
}

#[test]
fn case_folding_flag_is_read_only_in_rust_syntax() {
    // `(?i)` is an error in ECMAScript and folds Unicode in Python: only regex-lite's ASCII
    // folding is the prefilter's.
    assert!(rules_out("(?i)^(write|edit)$", "Bash", Syntax::Rust));
    for syntax in [Syntax::EcmaScript, Syntax::Python, Syntax::Java] {
        assert!(
            !rules_out("(?i)^(write|edit)$", "Bash", syntax),
            "{syntax:?}"
        );
        assert!(rules_out("^(write|edit)$", "Bash", syntax), "{syntax:?}");
    }
}
