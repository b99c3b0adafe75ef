//! Writing a path as one word of a `/bin/sh` command line: the agents run hookrun's entry through
//! a shell, and the path of the hookrun binary (or of the project) may hold spaces, colons, quotes.

/// `word` as one shell word: as is when every character is plain, else in single quotes (a
/// single quote inside written `'\''`).
pub(crate) fn quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        return word.to_owned();
    }
    format!("'{}'", word.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn plain_paths_stay_as_they_are_and_others_are_single_quoted() {
        assert_eq!(quote("/usr/local/bin/hookrun"), "/usr/local/bin/hookrun");
        assert_eq!(quote("/opt/my tools/hookrun"), "'/opt/my tools/hookrun'");
        assert_eq!(quote("/opt/it's/hookrun"), r"'/opt/it'\''s/hookrun'");
        assert_eq!(quote("/x/$HOME/hookrun"), "'/x/$HOME/hookrun'");
        assert_eq!(quote(""), "''");
    }
}
