//! Finds where a key sits in a TOML file (`hook[2].timeout` → the `timeout =` line of the third
//! `[[hook]]` table). A line scanner is enough for the flat files hookrun reads, and it runs only
//! when a diagnostic is made.

use crate::config::locate::Step;

/// The 1-based line and column of the key at `path`, or the deepest position found on the way.
pub(crate) fn locate_toml(text: &str, path: &[Step], _at_key: bool) -> (usize, usize) {
    let (table, index, key) = match path {
        [Step::Key(key)] => (None, 0, Some(&**key)),
        [Step::Key(table), Step::Index(index)] => (Some(&**table), *index, None),
        [Step::Key(table), Step::Index(index), Step::Key(key), ..] => {
            (Some(&**table), *index, Some(&**key))
        }
        _ => (None, 0, None),
    };
    let mut in_target = table.is_none();
    let mut seen = 0usize;
    let mut fallback = (0, 0);
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(header) = trimmed.strip_prefix("[[") {
            let name = header.split("]]").next().unwrap_or("").trim();
            in_target = false;
            if Some(name) == table {
                if seen == index {
                    in_target = true;
                    fallback = (number + 1, indent + 1);
                    if key.is_none() {
                        return fallback;
                    }
                }
                seen += 1;
            }
            continue;
        }
        if trimmed.starts_with('[') {
            in_target = false;
            continue;
        }
        if in_target
            && let Some(key) = key
            && let Some(rest) = trimmed.strip_prefix(key)
            && rest.trim_start().starts_with('=')
        {
            return (number + 1, indent + 1);
        }
    }
    fallback
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "timeout = \"5s\"\n\n[[hook]]\nname = \"a\"\ncommand = \"a.sh\"\n\n[[hook]]\nname = \"b\"\n  timeout = 0\n";

    #[test]
    fn locates_keys_of_the_nth_array_table() {
        let path = [
            Step::Key("hook".into()),
            Step::Index(1),
            Step::Key("timeout".into()),
        ];
        assert_eq!(locate_toml(FILE, &path, false), (9, 3));
        let path = [
            Step::Key("hook".into()),
            Step::Index(0),
            Step::Key("command".into()),
        ];
        assert_eq!(locate_toml(FILE, &path, false), (5, 1));
    }

    #[test]
    fn locates_top_level_keys_and_tables() {
        assert_eq!(
            locate_toml(FILE, &[Step::Key("timeout".into())], false),
            (1, 1)
        );
        assert_eq!(
            locate_toml(FILE, &[Step::Key("hook".into()), Step::Index(1)], false),
            (7, 1)
        );
    }
}
