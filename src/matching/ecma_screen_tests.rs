//! Which ECMAScript patterns the screen lets regress run.

use super::check;

#[test]
fn screen_refuses_exponential_shapes_and_passes_the_rest() {
    // (pattern, passes)
    let rows: &[(&str, bool)] = &[
        // A repeated group that repeats inside.
        ("(a+)+$", false),
        ("(a*)*", false),
        ("(?:x+y?)+", false),
        ("((ab)*c)+", false),
        ("(a+){2,}", false),
        ("(a{2,})*", false),
        (r"(\w+\s?)*$", false),
        // A repeated group whose alternatives can start alike.
        ("(a|aa)*$", false),
        ("(.|x)+", false),
        (r"(\d|1)+", false),
        ("(a|)+", false),
        ("((a|ab))*", false),
        // Star height one, unambiguous alternations, bounded repeats: polynomial.
        ("mcp__.*__write.*", true),
        ("^(Write|Edit|MultiEdit)$", true),
        ("(Write|Edit)+", true),
        ("(a+)?", true),
        ("(a+){1}", true),
        ("(?:a+)", true),
        ("(?!Bash$).*", true),
        ("(?<name>a+)b", true),
        (r"[(a+)+]", true),
        (r"\(a+\)+", true),
        ("a{,}+", true),
        ("x{2}", true),
    ];
    for (pattern, passes) in rows {
        assert_eq!(check(pattern).is_ok(), *passes, "{pattern:?}");
    }
    assert!(check("(a+)+").unwrap_err().contains("exponential"));
}
