//! How a command line is read into simple commands and their words.

use super::*;

fn words(line: &str) -> Vec<Vec<String>> {
    simple_commands(line, 0).expect("readable")
}

fn assert_reads(rows: &[(&str, &[&[&str]])]) {
    for &(line, expected) in rows {
        let expected: Vec<Vec<String>> = expected
            .iter()
            .map(|command| command.iter().map(|&word| word.to_owned()).collect())
            .collect();
        assert_eq!(words(line), expected, "{line:?}");
    }
}

#[test]
fn quotes_and_backslashes_are_removed_as_a_shell_removes_them() {
    assert_reads(&[
        (
            "echo 'a b' \"c d\" e\\ f",
            &[&["echo", "a b", "c d", "e f"]],
        ),
        ("echo '' \"\"", &[&["echo", "", ""]]),
        ("echo \"a\\\"b\\\\c\\d\"", &[&["echo", "a\"b\\c\\d"]]),
        ("echo 'a\\b'", &[&["echo", "a\\b"]]),
        ("echo $'a\\'b'", &[&["echo", "a'b"]]),
        ("echo a\\\nb", &[&["echo", "ab"]]),
        ("echo ${HOME} $x", &[&["echo", "${HOME}", "$x"]]),
    ]);
}

#[test]
fn separators_split_simple_commands() {
    assert_reads(&[
        (
            "a; b && c || d | e |& f & g\nh",
            &[
                &["a"],
                &["b"],
                &["c"],
                &["d"],
                &["e"],
                &["f"],
                &["g"],
                &["h"],
            ],
        ),
        ("a 'x;y' \"p|q\" r\\&s", &[&["a", "x;y", "p|q", "r&s"]]),
    ]);
}

#[test]
fn substitutions_and_subshells_are_read_as_commands_of_their_own() {
    assert_reads(&[
        ("echo $(ls -l) x", &[&["ls", "-l"], &["echo", "$(…)", "x"]]),
        ("echo \"`pwd`\"", &[&["pwd"], &["echo", "`…`"]]),
        ("(cd x; make)", &[&["cd", "x"], &["make"]]),
        ("diff <(ls a) b", &[&["ls", "a"], &["diff", "b"]]),
    ]);
}

#[test]
fn redirections_and_comments_are_no_words() {
    assert_reads(&[
        ("make 2>&1 >out.log", &[&["make"]]),
        ("cat < in > out", &[&["cat"]]),
        ("cmd &>/dev/null x", &[&["cmd", "x"]]),
        ("ls # rm -rf /", &[&["ls"]]),
        ("echo a#b", &[&["echo", "a#b"]]),
    ]);
}

#[test]
fn unterminated_quotes_and_substitutions_are_unreadable() {
    for (line, what) in [
        ("echo 'a", "single quote"),
        ("echo \"a", "double quote"),
        ("echo $(a", "`(` or `$(`"),
        ("(a", "`(` or `$(`"),
        ("echo `a", "backquote"),
        ("echo ${a", "`${`"),
    ] {
        assert_eq!(
            simple_commands(line, 0),
            Err(Unreadable::Unterminated(what)),
            "{line:?}"
        );
    }
    assert_eq!(
        simple_commands("ls", MAX_DEPTH + 1),
        Err(Unreadable::TooDeep)
    );
}
