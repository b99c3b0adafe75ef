//! Each syntax's engine on the features where the agents' regex dialects differ, and the bound on
//! matching time.

use std::time::{Duration, Instant};

use super::{Engine, Syntax};

/// What an engine says of a pattern and a value.
#[derive(Debug, PartialEq, Eq)]
enum Says {
    Match,
    NoMatch,
    /// The pattern does not compile (or is refused) in this syntax.
    Invalid,
    /// The search exceeded its step budget.
    OverBudget,
}

fn says(syntax: Syntax, pattern: &str, value: &str) -> Says {
    match Engine::compile(pattern, syntax) {
        Err(_) => Says::Invalid,
        Ok(engine) => match engine.leftmost_start(value) {
            Ok(Some(_)) => Says::Match,
            Ok(None) => Says::NoMatch,
            Err(_) => Says::OverBudget,
        },
    }
}

/// Forty `a`s and a `!`: exponential for a naive backtracker on `(a+)+$`.
const EVIL: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!";

#[test]
fn each_syntax_reads_patterns_as_its_agents_do() {
    use Says::{Invalid, Match, NoMatch};
    use Syntax::{EcmaScript, Java, Python, Rust};
    let rows: &[(Syntax, &str, &str, Says)] = &[
        // Look-ahead and look-behind: JavaScript, Python and Java, not Rust.
        (EcmaScript, "^(?!Bash$)", "Bash", NoMatch),
        (EcmaScript, "^(?!Bash$)", "Read", Match),
        (EcmaScript, "(?<=mcp__)write", "mcp__write", Match),
        (EcmaScript, "(?<=mcp__)write", "write", NoMatch),
        (Python, "(?=Edit)E", "Edit", Match),
        (Python, "(?<!Multi)Edit", "MultiEdit", NoMatch),
        (Java, "^(?!Bash$)", "Read", Match),
        (Rust, "^(?!Bash$)", "Read", Invalid),
        // Inline flags: Rust, Python and Java read `(?i)`; in JavaScript it is a syntax error.
        (EcmaScript, "(?i)bash", "BASH", Invalid),
        (Rust, "(?i)bash", "BASH", Match),
        (Python, "(?i)bash", "BASH", Match),
        (Java, "(?i)bash", "BASH", Match),
        // Back-references.
        (EcmaScript, r"^(\w)\1$", "ee", Match),
        (Python, r"^(?P<c>\w)(?P=c)$", "ee", Match),
        (Rust, r"^(\w)\1$", "ee", Invalid),
        // Anchors: `^`/`$` bind to the whole value; unanchored patterns search.
        (EcmaScript, "^Bash$", "Bash", Match),
        (EcmaScript, "^Bash$", "BashOutput", NoMatch),
        (EcmaScript, "Bash", "xBashx", Match),
        (Python, "Bash$", "Bash", Match),
        (Java, "^Bash", "xBash", NoMatch),
        // JavaScript's Annex B reads a lone `{` or `]` as a character.
        (EcmaScript, "a{", "a{", Match),
        (EcmaScript, "]", "]", Match),
    ];
    for (syntax, pattern, value, expected) in rows {
        assert_eq!(
            &says(*syntax, pattern, value),
            expected,
            "{syntax:?} {pattern:?} on {value:?}"
        );
    }
}

#[test]
fn catastrophic_patterns_finish_promptly() {
    use Says::{Invalid, NoMatch, OverBudget};
    // (syntax, pattern, what the engine says). ECMAScript refuses exponential shapes before
    // compiling; Python and Java hand look-around-free patterns to a linear engine and stop a
    // backtracking search at its step limit.
    let rows: &[(Syntax, &str, Says)] = &[
        (Syntax::EcmaScript, "(a+)+$", Invalid),
        (Syntax::EcmaScript, "(a|aa)*$", Invalid),
        (Syntax::EcmaScript, r"^(\w+\s?)*$", Invalid),
        (Syntax::Rust, "(a+)+$", NoMatch),
        (Syntax::Python, "(a+)+$", NoMatch),
        (Syntax::Java, "(a+)+$", NoMatch),
        (Syntax::Python, r"^(a|a)+\1?b", OverBudget),
        (Syntax::Java, r"^(a|a)+\1?b", OverBudget),
    ];
    for (syntax, pattern, expected) in rows {
        let started = Instant::now();
        assert_eq!(
            &says(*syntax, pattern, EVIL),
            expected,
            "{syntax:?} {pattern:?}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{syntax:?} {pattern:?} took {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn subroutine_calls_are_refused_as_python_and_java_refuse_them() {
    use Says::{Invalid, Match};
    // (pattern, what Python and Java say). The first is what the matcher fuzz target found: in
    // fancy-regex's reading `\g0` calls the whole pattern, which compiled without end (over 4 GB).
    let rows: &[(&str, Says)] = &[
        (r"{|d\g0()\g0()", Invalid),
        (r"(a)\g1", Invalid),
        (r"(?P<x>a)\g<x>", Invalid),
        (r"(?P<x>a)(?P>x)", Invalid),
        (r"[\g]", Invalid),
        // An escaped backslash before `g`, and `(?P>` inside a class, are plain text.
        (r"a\\g", Match),
        (r"[(?P>]", Match),
    ];
    for syntax in [Syntax::Python, Syntax::Java] {
        for (pattern, expected) in rows {
            let started = Instant::now();
            assert_eq!(
                &says(syntax, pattern, r"a\g P>"),
                expected,
                "{syntax:?} {pattern:?}"
            );
            assert!(started.elapsed() < Duration::from_secs(2), "{pattern:?}");
        }
    }
    assert!(
        Engine::compile(r"(a)\g1", Syntax::Python).is_err_and(|e| e.contains("bad escape \\g")),
        "the refusal says why"
    );
}
