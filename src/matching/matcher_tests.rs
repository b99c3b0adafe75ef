//! Table-driven tests of [`Matcher`]: each dialect's matcher semantics (the book, "Matching"),
//! ProxyAI's substring fallback and PraisonAI's `re.match`.

use super::*;

/// `(flavour, matcher, value, expected)` rows, each checked with [`Matcher::is_match`].
fn assert_table(rows: &[(Flavour, Option<&str>, &str, bool)]) {
    for &(dialect, pattern, value, expected) in rows {
        let matcher = Matcher::new(pattern, dialect);
        assert_eq!(
            matcher.is_match(value),
            Ok(expected),
            "{dialect:?} matcher {pattern:?} against {value:?}"
        );
    }
}

// The rows name the agents; each reads its matchers in the flavour its dialect module gives it.
#[expect(non_upper_case_globals, reason = "the rows read as the agents' names")]
mod agents {
    use super::{Flavour, Syntax};
    pub(super) const Claude: Flavour = Flavour::NamesOrRegex(Syntax::EcmaScript);
    pub(super) const Cursor: Flavour = Flavour::NamesOrRegex(Syntax::EcmaScript);
    pub(super) const Hookrun: Flavour = Flavour::NamesOrRegex(Syntax::Rust);
    pub(super) const Gemini: Flavour = Flavour::TrimmedRegexOrExact(Syntax::EcmaScript);
    pub(super) const Proxyai: Flavour = Flavour::RegexOrSubstring(Syntax::Java);
    pub(super) const Praison: Flavour = Flavour::StartRegexOrSubstring(Syntax::Python);
    pub(super) const Prx: Flavour = Flavour::Ignored;
    pub(super) const Promptkit: Flavour = Flavour::Ignored;
    pub(super) const ALL: [Flavour; 8] = [
        Hookrun, Claude, Gemini, Cursor, Proxyai, Praison, Prx, Promptkit,
    ];
}
use agents::{Claude, Cursor, Gemini, Hookrun, Praison, Promptkit, Proxyai, Prx};

#[test]
fn exact_matcher_does_not_match_longer_name() {
    // A name matches that tool only, case-sensitively.
    assert_table(&[
        (Claude, Some("Bash"), "Bash", true),
        (Claude, Some("Bash"), "BashOutput", false),
        (Claude, Some("Bash"), "bash", false),
        (Cursor, Some("Shell"), "Shell", true),
        (Hookrun, Some("Bash"), "MyBash", false),
    ]);
}

#[test]
fn pipe_and_comma_lists_are_exact_names() {
    // `|` and `,` lists are exact names; items are trimmed.
    assert_table(&[
        (Claude, Some("Edit|Write"), "Edit", true),
        (Claude, Some("Edit|Write"), "Write", true),
        (Claude, Some("Edit|Write"), "Bash", false),
        (Claude, Some("Edit|Write"), "NotebookEdit", false),
        (Claude, Some("Edit, Write"), "Write", true),
        (Claude, Some("Edit, Write"), "Edit", true),
        (Claude, Some(" Edit | Write "), "Write", true),
        (Claude, Some("Edit,,Write"), "", false),
    ]);
}

#[test]
fn hyphenated_name_is_exact() {
    assert_table(&[
        (Claude, Some("code-reviewer"), "code-reviewer", true),
        (Claude, Some("code-reviewer"), "senior-code-reviewer", false),
    ]);
}

#[test]
fn regex_is_unanchored() {
    // Anything else is a regex, unanchored.
    assert_table(&[
        (Claude, Some("^Bash"), "BashOutput", true),
        (Claude, Some("Edit.*"), "NotebookEdit", true),
        (Claude, Some("Edit.*"), "Edit", true),
        (Claude, Some("^Bash$"), "BashOutput", false),
        (Claude, Some("^Bash$"), "Bash", true),
        (Cursor, Some("^Read$"), "Read", true),
    ]);
}

#[test]
fn mcp_server_name_alone_matches_no_tool() {
    // An MCP server's name alone is an exact name, so it matches none of its tools.
    let create = "mcp__memory__create_entities";
    let write = "mcp__filesystem__write_file";
    let read = "mcp__filesystem__read_file";
    assert_table(&[
        (Claude, Some("mcp__memory"), create, false),
        (Claude, Some("mcp__memory__.*"), create, true),
        (Claude, Some("mcp__.*__write.*"), write, true),
        (Claude, Some("mcp__.*__write.*"), read, false),
    ]);
}

#[test]
fn absent_empty_and_star_match_everything_in_every_dialect() {
    // Absent, empty and `*` match everything.
    for dialect in agents::ALL {
        for pattern in [None, Some(""), Some("*"), Some("  "), Some(" * ")] {
            let matcher = Matcher::new(pattern, dialect);
            assert!(matcher.matches_everything(), "{dialect:?} {pattern:?}");
            assert_eq!(matcher.is_match("anything"), Ok(true));
            assert_eq!(matcher.check(), Ok(()));
        }
    }
}

#[test]
fn invalid_regex_is_an_error_for_claude_cursor_hookrun() {
    // An invalid regex: hookrun reports the error rather than silently matching.
    for dialect in [Claude, Cursor, Hookrun] {
        let matcher = Matcher::new(Some("["), dialect);
        let error = matcher.is_match("[").unwrap_err();
        assert_eq!(error.pattern, "[");
        assert!(!error.message.is_empty());
        assert_eq!(matcher.check(), Err(error.clone()));
        assert!(
            error.to_string().starts_with("invalid matcher regex `[`: "),
            "{error}"
        );
        assert_eq!(matcher.fallback_reason(), None);
    }
}

#[test]
fn gemini_invalid_regex_compares_as_exact_string() {
    // An invalid regex in Gemini (its test `should handle invalid regex matcher gracefully`).
    assert_table(&[
        (Gemini, Some("["), "[", true),
        (Gemini, Some("["), "x[y", false),
        (Gemini, Some("("), "(", true),
    ]);
    let matcher = Matcher::new(Some("["), Gemini);
    assert_eq!(matcher.check(), Ok(()));
    assert_eq!(
        matcher.fallback_reason().map(|e| e.pattern),
        Some("[".into())
    );
}

#[test]
fn gemini_regex_is_unanchored_and_trimmed() {
    assert_table(&[
        // Gemini test "filter hooks by regex matcher": `Edit|Write` matches `EditTool`.
        (Gemini, Some("Edit|Write"), "EditTool", true),
        (Gemini, Some("Edit|Write"), "read_file", false),
        (Gemini, Some("write_.*"), "write_file", true),
        (Gemini, Some("^read"), "read_file", true),
        (Gemini, Some("^read"), "pre_read", false),
        (
            Gemini,
            Some("  run_shell_command "),
            "run_shell_command",
            true,
        ),
    ]);
}

#[test]
fn proxyai_regex_searches_and_invalid_falls_back_to_substring() {
    // ProxyAI searches the regex, and searches an invalid one as a substring.
    assert_table(&[
        (Proxyai, Some("curl|wget"), "ls; wget x", true),
        (Proxyai, Some("curl|wget"), "ls -la", false),
        (Proxyai, Some("gradlew"), "bash ./gradlew test", true),
        (Proxyai, Some("gradlew"), "echo should_run", false),
        (Proxyai, Some("rm -rf ("), "rm -rf (tmp)", true),
        (Proxyai, Some("rm -rf ("), "rm -rf /", false),
        (Proxyai, Some("^Bash$"), "Bash", true),
        (Proxyai, Some("^Bash$"), "BashOutput", false),
    ]);
    let matcher = Matcher::new(Some("rm -rf ("), Proxyai);
    assert_eq!(matcher.check(), Ok(()));
    assert!(matcher.fallback_reason().is_some());
}

#[test]
fn praison_matcher_is_anchored_at_start() {
    // PraisonAI's `re.match`: anchored at the start.
    assert_table(&[
        (Praison, Some("write_*"), "write_file", true),
        (Praison, Some("write_*"), "write_data", true),
        (Praison, Some("write_*"), "writeX", true),
        (Praison, Some("write_*"), "read_file", false),
        (Praison, Some("write_*"), "rewrite_file", false),
        (Praison, Some("file"), "write_file", false),
        (Praison, Some("write"), "write_file", true),
        (Praison, Some("read|write"), "write_file", true),
        (Praison, Some("read|write"), "rewrite", false),
        (Praison, Some(".*file$"), "write_file", true),
        (Praison, Some("file$"), "write_file", false),
        (Praison, Some("x*"), "write_file", true),
    ]);
}

#[test]
fn praison_invalid_regex_falls_back_to_substring() {
    assert_table(&[
        (Praison, Some("write_file("), "do write_file(x)", true),
        (Praison, Some("write_file("), "write_file", false),
    ]);
}

#[test]
fn prx_and_promptkit_have_no_matchers() {
    assert_table(&[
        (Prx, Some("Bash"), "Write", true),
        (Promptkit, Some("["), "x", true),
    ]);
    assert!(Matcher::new(Some("Bash"), Prx).matches_everything());
}

#[test]
fn literal_fast_path_compiles_no_regex() {
    // Common configs must not pay for a regex compile.
    let rows: &[(Flavour, &str, &str, bool)] = &[
        (Claude, "Write|Edit|MultiEdit", "Edit", true),
        (Claude, "mcp:tool", "x mcp:tool y", true),
        (Gemini, "BeforeTool", "BeforeToolX", true),
        (Gemini, "Edit|Write", "EditTool", true),
        (Proxyai, "curl|wget", "curl http://x", true),
        (Praison, "write_file", "write_file_fast", true),
        (Praison, "write_file", "rewrite_file", false),
    ];
    for &(dialect, pattern, value, expected) in rows {
        let matcher = Matcher::new(Some(pattern), dialect);
        assert_eq!(
            matcher.is_match(value),
            Ok(expected),
            "{dialect:?} {pattern}"
        );
        assert_eq!(matcher.check(), Ok(()));
        assert!(
            !matcher.compiled_a_regex(),
            "{dialect:?} {pattern} compiled a regex"
        );
    }
}

#[test]
fn new_is_lazy_and_regex_compiles_once_on_first_use() {
    let matcher = Matcher::new(Some("mcp__.*"), Claude);
    assert!(!matcher.compiled_a_regex());
    assert_eq!(matcher.is_match("mcp__x__y"), Ok(true));
    assert!(matcher.compiled_a_regex());
    assert_eq!(matcher.is_match("Bash"), Ok(false));
}

#[test]
fn empty_alternative_matches_everything_like_the_regex() {
    // `a|` as a regex matches the empty string anywhere; the string path must agree.
    assert_table(&[
        (Proxyai, Some("curl|"), "ls", true),
        (Praison, Some("|x"), "abc", true),
    ]);
}

#[test]
fn hostile_regex_hits_the_size_limit() {
    let matcher = Matcher::new(Some(r"\w{1000}{1000}"), Hookrun);
    let error = matcher.check().unwrap_err();
    assert!(error.message.contains("size limit"), "{}", error.message);
    let nested = format!("{}a{}", "(".repeat(100), ")".repeat(100));
    assert!(Matcher::new(Some(&nested), Hookrun).check().is_err());
}

#[test]
fn text_targets_search_for_listed_names() {
    // Cursor documents `curl|wget|nc` on beforeShellExecution, whose target is the command.
    let rows: &[(Flavour, &str, &str, bool)] = &[
        (Cursor, "curl|wget|nc", "curl https://example.com", true),
        (Cursor, "curl|wget|nc", "ls -la", false),
        (Cursor, "^rm ", "rm -rf /", true),
        (Cursor, "^rm ", "echo rm -rf", false),
        (Hookrun, ".env", "/p/.env", true),
    ];
    for &(dialect, pattern, text, expected) in rows {
        let matcher = Matcher::new(Some(pattern), dialect);
        assert_eq!(
            matcher.is_match_text(text),
            Ok(expected),
            "{pattern} {text}"
        );
    }
    // The same names stay exact against a name-like value.
    assert_eq!(
        Matcher::new(Some("curl|wget"), Cursor).is_match("curl x"),
        Ok(false)
    );
}

#[test]
fn pattern_and_kind_are_reported() {
    let rows: &[(Flavour, Option<&str>, &str)] = &[
        (Claude, None, "all"),
        (Claude, Some("Bash"), "exact"),
        (Claude, Some("^Bash"), "regex"),
        (Gemini, Some("Bash"), "substring"),
        (Praison, Some("write"), "prefix"),
    ];
    for &(dialect, pattern, kind) in rows {
        let matcher = Matcher::new(pattern, dialect);
        assert_eq!(matcher.pattern(), pattern);
        assert_eq!(matcher.kind_name(), kind, "{dialect:?} {pattern:?}");
    }
}

#[test]
fn matchers_compare_by_configuration() {
    let a = Matcher::new(Some("^Bash"), Claude);
    let b = Matcher::new(Some("^Bash"), Claude);
    let _ = a.is_match("Bash");
    assert_eq!(a, b);
    assert_ne!(a, Matcher::new(Some("^Bash"), Gemini));
}

#[test]
fn prefilter_decides_without_compiling_and_errors_stay_errors() {
    // The none-100 bench's PreToolUse matchers against `Bash`.
    let rows: &[(Flavour, &str)] = &[
        (Claude, "^Notebook.*"),
        (Claude, "Task.*"),
        (Hookrun, "(?i)^(write|edit)$"),
        (Hookrun, "mcp__github__.*"),
        (Cursor, "mcp__.*__write.*"),
        (Gemini, " write_.* "),
        (Proxyai, "web_(fetch|search)"),
        (Praison, "edit_.*"),
    ];
    for &(dialect, pattern) in rows {
        let matcher = Matcher::new(Some(pattern), dialect);
        assert_eq!(matcher.is_match("Bash"), Ok(false), "{dialect:?} {pattern}");
        assert!(
            !matcher.compiled_a_regex(),
            "{dialect:?} {pattern} compiled"
        );
    }
    // Values the prefilter cannot rule out get the regex's answer.
    assert_table(&[
        (Hookrun, Some("(?i)^(write|edit)$"), "WRITE", true),
        (Hookrun, Some("(?i)^(write|edit)$"), "Writer", false),
        (Praison, Some("edit_.*"), "edit_file", true),
        (Praison, Some("edit_.*"), "reedit_file", false),
        (Gemini, Some(" write_.* "), "write_file", true),
    ]);
    // An invalid regex is reported however plainly the value lacks its literals.
    for dialect in [Claude, Cursor, Hookrun] {
        let error = Matcher::new(Some("mcp__["), dialect).is_match("Bash");
        assert_eq!(error.map_err(|e| e.pattern), Err("mcp__[".to_owned()));
    }
    assert_table(&[
        (Gemini, Some("mcp__("), "mcp__(", true),
        (Proxyai, Some("mcp__("), "x mcp__( y", true),
        (Praison, Some("mcp__("), "x mcp__( y", true),
    ]);
}

#[test]
fn a_whole_regex_must_match_the_whole_value_and_a_name_list_is_exact() {
    let regex = Matcher::new(Some("ba.*|edit"), Flavour::WholeRegex(Syntax::Rust));
    assert!(regex.is_match("bash").unwrap());
    assert!(regex.is_match("edit").unwrap());
    assert!(!regex.is_match("str_replace_edit").unwrap());
    assert!(!regex.is_match("a bash").unwrap());
    let names = Matcher::new(Some("bash|edit"), Flavour::WholeRegex(Syntax::Rust));
    assert_eq!(names.kind_name(), "exact");
    assert!(names.is_match("edit").unwrap());
    assert!(!names.is_match("edits").unwrap());
    let invalid = Matcher::new(Some("(bash"), Flavour::WholeRegex(Syntax::Rust));
    assert!(invalid.check().is_err());
}

#[test]
fn an_aliased_matcher_tests_the_alias_and_a_listed_name_also_the_value() {
    let flavour = Flavour::AliasedWholeRegex(Syntax::Rust);
    let names = Matcher::new(Some("Bash|Edit"), flavour);
    assert!(names.is_match_aliased("bash", "Bash").unwrap());
    assert!(!names.is_match_aliased("view", "Read").unwrap());
    let lower = Matcher::new(Some("bash"), flavour);
    assert!(lower.is_match_aliased("bash", "Bash").unwrap());
    let regex = Matcher::new(Some("B.*"), flavour);
    assert!(regex.is_match_aliased("bash", "Bash").unwrap());
    let runtime_regex = Matcher::new(Some("b.*"), flavour);
    assert!(!runtime_regex.is_match_aliased("bash", "Bash").unwrap());
    assert!(Matcher::new(Some("**"), flavour).matches_everything());
    // Another flavour tests the value alone.
    let plain = Matcher::new(Some("Bash"), Flavour::WholeRegex(Syntax::Rust));
    assert!(!plain.is_match_aliased("bash", "Bash").unwrap());
}
