//! Python's `shlex.split` (POSIX mode, no comments), which `HooksManager` splits its commands
//! with: blanks separate words; single quotes keep everything; within double quotes a backslash
//! escapes only `"` and `\`; outside quotes it escapes any character. No `$`, no globbing.

/// The words of `text`, or `None` where `shlex` raises (an unclosed quote or a trailing
/// backslash).
pub(crate) fn split(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    // A word is under way, even an empty one (`''`).
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\r' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\\' => {
                word.push(chars.next()?);
                in_word = true;
            }
            '\'' => {
                loop {
                    match chars.next()? {
                        '\'' => break,
                        other => word.push(other),
                    }
                }
                in_word = true;
            }
            '"' => {
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            escaped @ ('"' | '\\') => word.push(escaped),
                            other => {
                                word.push('\\');
                                word.push(other);
                            }
                        },
                        other => word.push(other),
                    }
                }
                in_word = true;
            }
            other => {
                word.push(other);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::split;

    fn words(text: &str) -> Option<Vec<&str>> {
        // Leaked for brevity: a test's few strings.
        split(text).map(|w| w.into_iter().map(|s| &*s.leak()).collect())
    }

    #[test]
    fn splits_as_python_shlex_split() {
        // Expected values from Python 3.11's `shlex.split`.
        let rows: &[(&str, &[&str])] = &[
            ("./a.sh  x\ty", &["./a.sh", "x", "y"]),
            ("a 'b c' \"d e\"", &["a", "b c", "d e"]),
            ("a '' \"\" b", &["a", "", "", "b"]),
            (r#"a "x\"y\\z\$w\n""#, &["a", r#"x"y\z\$w\n"#]),
            (r"a\ b \$HOME 'it'\''s'", &["a b", "$HOME", "it's"]),
            (
                "# not a comment $X `y`",
                &["#", "not", "a", "comment", "$X", "`y`"],
            ),
            ("ab'cd'\"ef\"", &["abcdef"]),
            ("", &[]),
            ("   ", &[]),
        ];
        for (text, expected) in rows {
            assert_eq!(words(text).as_deref(), Some(*expected), "{text:?}");
        }
    }

    #[test]
    fn unclosed_quotes_and_trailing_backslashes_do_not_split() {
        for text in ["a 'b", "a \"b", "a \\", "a \"b\\"] {
            assert_eq!(split(text), None, "{text:?}");
        }
    }
}
