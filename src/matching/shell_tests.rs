//! Table-driven tests of shell-command rule specs (the book, "Matching").

use super::*;

fn assert_commands(rows: &[(&str, &str, bool)]) {
    for &(spec, command, expected) in rows {
        assert_eq!(
            command_matches(spec, command),
            expected,
            "spec {spec:?} vs command {command:?}"
        );
    }
}

#[test]
fn ls_star_needs_word_boundary() {
    assert_commands(&[
        ("ls *", "ls -la", true),
        ("ls *", "ls", true),
        ("ls *", "  ls  ", true),
        ("ls *", "lsof", false),
        ("ls *", "lsof -i", false),
        ("ls*", "lsof", true),
        ("ls*", "ls", true),
    ]);
}

#[test]
fn trailing_colon_star_is_space_star() {
    assert_commands(&[
        ("git push:*", "git push origin main", true),
        ("git push:*", "git push", true),
        ("git push:*", "git pushx", false),
        ("git push:*", "git push:x", false),
        ("git push *", "git push origin main", true),
    ]);
}

#[test]
fn star_crosses_spaces_and_slashes_anywhere() {
    assert_commands(&[
        ("git * main", "git push origin main", true),
        ("git * main", "git push origin dev", false),
        ("rm -rf *", "rm -rf /tmp/build", true),
        ("rm -rf *", "rm -r /tmp/build", false),
        ("* --force", "git push --force", true),
        ("*", "anything at all", true),
    ]);
}

#[test]
fn no_star_is_exact_equality_after_trimming() {
    assert_commands(&[
        ("npm test", "npm test", true),
        ("npm test", "  npm test\n", true),
        ("npm test", "npm test --watch", false),
        ("npm test", "npm tests", false),
        (" npm test ", "npm test", true),
    ]);
}

#[test]
fn git_push_rule_from_conformance_case_e1() {
    assert_commands(&[
        ("git push *", "git status", false),
        ("git push *", "git push origin main", true),
    ]);
}

#[test]
fn compound_command_matches_any_part() {
    assert_commands(&[
        ("rm *", "cd /tmp && rm -rf build", true),
        ("rm *", "false || rm x", true),
        ("rm *", "echo a; rm x", true),
        ("rm *", "cat f | rm x", true),
        ("rm *", "make |& rm x", true),
        ("rm *", "sleep 1 & rm x", true),
        ("rm *", "echo a\nrm x", true),
        ("rm *", "echo a && echo b", false),
        ("git commit *", "git add . && git commit -m wip", true),
        // The whole command is a candidate too, so a pattern may span parts.
        (
            "git add * && git commit *",
            "git add . && git commit -m x",
            true,
        ),
    ]);
}

#[test]
fn separators_inside_quotes_do_not_split() {
    assert_commands(&[
        ("rm *", "echo 'a; rm x'", false),
        ("rm *", "echo \"a && rm x\"", false),
        ("rm *", "echo \"say \\\"hi\\\"; rm x\"", false),
        ("rm *", "echo a\\; rm x", false),
        ("echo *", "echo 'a; b' && ls", true),
    ]);
}

#[test]
fn redirections_with_ampersand_do_not_split() {
    assert_commands(&[
        ("make *", "make all 2>&1", true),
        ("make *", "make all &> log", true),
        ("1", "make 2>&1", false),
    ]);
}

#[test]
fn process_wrappers_are_stripped() {
    assert_commands(&[
        ("rm *", "timeout 5 rm -rf x", true),
        ("rm *", "timeout -s KILL -k 2 10s rm -rf x", true),
        ("rm *", "nice -n 10 rm x", true),
        ("rm *", "nice -5 rm x", true),
        ("rm *", "nohup rm x", true),
        ("rm *", "env FOO=1 BAR=2 rm x", true),
        ("rm *", "env -u HOME rm x", true),
        ("rm *", "FOO=1 rm x", true),
        ("rm *", "FOO=\"a b\" rm x", true),
        ("rm *", "timeout 5 nice -n 2 nohup rm x", true),
        ("rm *", "cd x && timeout 3 rm y", true),
        // The unwrapped command still matches rules about the wrapper itself.
        ("timeout *", "timeout 5 rm x", true),
        ("nohup", "nohup", true),
        // Not a wrapper: nothing is stripped.
        ("rm *", "sudo rm x", false),
        ("rm *", "timeout 5", false),
    ]);
}

#[test]
fn split_compound_parts() {
    let rows: &[(&str, &[&str])] = &[
        ("a && b || c; d | e", &["a", "b", "c", "d", "e"]),
        ("a 'b; c' && d", &["a 'b; c'", "d"]),
        ("a 2>&1 & b", &["a 2>&1", "b"]),
        (";;", &[]),
        ("", &[]),
    ];
    for &(command, expected) in rows {
        assert_eq!(split_compound(command), expected, "{command:?}");
    }
}

#[test]
fn strip_wrappers_results() {
    let rows: &[(&str, &str)] = &[
        ("timeout 5 ls", "ls"),
        ("nice ls -la", "ls -la"),
        ("env -i A=1 ls", "ls"),
        ("nohup", "nohup"),
        ("ls", "ls"),
        ("A=1", "A=1"),
        ("1A=1 ls", "1A=1 ls"),
    ];
    for &(part, expected) in rows {
        assert_eq!(strip_wrappers(part), expected, "{part:?}");
    }
}
