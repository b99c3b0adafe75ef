//! `strip_comments` against what `strip-json-comments` 3.1.1 (Gemini CLI's) does.

use super::{has_comments, strip_comments};

#[test]
fn text_without_comments_is_borrowed_unchanged() {
    let text = "{\"a\": 1}\n";
    assert!(matches!(strip_comments(text), std::borrow::Cow::Borrowed(t) if t == text));
    assert!(!has_comments(text));
}

#[test]
fn a_line_comment_becomes_spaces_up_to_its_newline() {
    let text = "{\n  // run the linter\n  \"a\": 1 // one\n}\n";
    let stripped = strip_comments(text);
    assert_eq!(stripped, "{\n                   \n  \"a\": 1       \n}\n");
    assert_eq!(stripped.len(), text.len());
    assert!(has_comments(text));
}

#[test]
fn a_block_comment_across_lines_keeps_its_newlines() {
    let text = "{/* one\n two */\"a\": 1}";
    assert_eq!(strip_comments(text), "{      \n       \"a\": 1}");
}

#[test]
fn positions_after_comments_are_the_same_in_the_stripped_text() {
    let text = "{\r\n  /* é */ \"a\": 1, // x\r\n  \"b\": 2\r\n}";
    let stripped = strip_comments(text);
    assert_eq!(stripped.len(), text.len());
    assert_eq!(stripped.find("\"a\""), text.find("\"a\""));
    assert_eq!(stripped.find("\"b\""), text.find("\"b\""));
    assert_eq!(stripped.lines().count(), text.lines().count());
    let parsed: serde_json::Value = serde_json::from_str(&stripped).unwrap();
    assert_eq!(parsed, serde_json::json!({"a": 1, "b": 2}));
}

#[test]
fn slashes_inside_strings_are_not_comments() {
    let text = r#"{"url": "http://x/*y*/", "cmd": "a // b"}"#;
    assert!(!has_comments(text));
    assert_eq!(strip_comments(text), text);
}

#[test]
fn an_escaped_quote_does_not_end_the_string() {
    let text = r#"{"a": "say \"// no\" \\", "b": 1} // yes"#;
    let stripped = strip_comments(text);
    assert_eq!(stripped, r#"{"a": "say \"// no\" \\", "b": 1}       "#);
}

#[test]
fn an_unclosed_block_comment_blanks_the_rest_of_the_file() {
    assert_eq!(
        strip_comments("{} /* open\nstill"),
        format!("{{}}{}\n{}", " ".repeat(8), " ".repeat(5))
    );
}

#[test]
fn a_trailing_comma_is_kept_for_the_json_parser_to_reject() {
    // strip-json-comments 3.1.1 has no `trailingCommas` option, and Gemini passes none.
    let stripped = strip_comments("{\"a\": 1, // last\n}");
    assert_eq!(stripped, "{\"a\": 1,        \n}");
    assert!(serde_json::from_str::<serde_json::Value>(&stripped).is_err());
}
