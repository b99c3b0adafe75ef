//! A `hooks.toml` `match` as Vibe reads it (`match_predicate`, `candidate_names`,
//! mistralai_vibe_local_harness/vibe/_hook_matcher.py), turned into the one regex hookrun's
//! matcher tests against the whole tool name. Absent or `*` matches everything; `re:<regex>` is a
//! case-insensitive regex over the whole name (`re.fullmatch`, `re.IGNORECASE`); anything else is
//! an `fnmatch` glob, case-insensitive, over the whole name (`*`, `?`, `[…]`, `[!…]`). Vibe tests a
//! qualified tool name (`file_system.bash`) and its leaf (`bash`), so the regex accepts either.

/// The regex a `match` text reads as, `None` when it matches everything.
pub(crate) fn regex_of(text: &str) -> Option<String> {
    if text == "*" {
        return None;
    }
    let inner = match text.strip_prefix("re:") {
        Some(regex) => regex.to_owned(),
        None => glob_regex(text),
    };
    // The whole name, or the part after its last `.` (the leaf).
    Some(format!("(?i:{inner})|.*\\.(?=[^.]*$)(?i:{inner})"))
}

/// `fnmatch.translate` of `glob`, without its anchors.
fn glob_regex(glob: &str) -> String {
    let chars: Vec<char> = glob.chars().collect();
    let mut out = String::new();
    let mut at = 0;
    while at < chars.len() {
        match chars[at] {
            '*' => out.push_str(".*"),
            '?' => out.push('.'),
            '[' => {
                if let Some(end) = class_end(&chars, at) {
                    // `fnmatch.translate`: backslashes are literal, `!` negates, a leading `^`
                    // or `[` is escaped.
                    let body = chars[at + 1..end]
                        .iter()
                        .collect::<String>()
                        .replace('\\', "\\\\");
                    let body = match body.strip_prefix('!') {
                        Some(rest) => format!("^{rest}"),
                        None if body.starts_with(['^', '[']) => format!("\\{body}"),
                        None => body,
                    };
                    out.push('[');
                    out.push_str(&body);
                    out.push(']');
                    at = end;
                } else {
                    out.push_str("\\[");
                }
            }
            c => {
                let mut buf = [0; 4];
                out.push_str(&regex_escape(c.encode_utf8(&mut buf)));
            }
        }
        at += 1;
    }
    out
}

/// Where the class opened at `open` closes (a `]` right after `[` or `[!` is a member).
fn class_end(chars: &[char], open: usize) -> Option<usize> {
    let mut at = open + 1;
    if chars.get(at) == Some(&'!') {
        at += 1;
    }
    if chars.get(at) == Some(&']') {
        at += 1;
    }
    (at..chars.len()).find(|&i| chars[i] == ']')
}

fn regex_escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let special = "\\.+*?()|[]{}^$".contains(c);
            special
                .then_some('\\')
                .into_iter()
                .chain(std::iter::once(c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::regex_of;
    use crate::matching::{Flavour, Matcher, Syntax, Target};

    fn matches(text: &str, tool: &str) -> bool {
        let matcher = Matcher::new(
            regex_of(text).as_deref(),
            Flavour::WholeRegex(Syntax::Python),
        );
        Target::Name("tool_name")
            .allows(&matcher, &json!({ "tool_name": tool }))
            .unwrap()
    }

    #[test]
    fn a_glob_matches_the_whole_name_or_its_leaf_in_any_case() {
        assert!(matches("bash", "file_system.bash"));
        assert!(matches("BASH", "bash"));
        assert!(matches("read_*", "file_system.read_file"));
        assert!(matches("file_system.*", "file_system.edit"));
        assert!(!matches("bash", "file_system.bash_output"));
        assert!(!matches("ash", "file_system.bash"));
        assert!(matches("b?sh", "bash"));
        assert!(matches("[be]dit", "edit"));
        assert!(!matches("[!e]dit", "edit"));
    }

    #[test]
    fn re_prefix_is_a_case_insensitive_full_match() {
        assert!(matches("re:(read_file|grep)", "file_system.read_file"));
        assert!(matches("re:GREP", "grep"));
        assert!(!matches("re:read", "read_file"));
    }

    #[test]
    fn star_and_no_match_match_everything() {
        assert_eq!(regex_of("*"), None);
    }

    #[test]
    fn glob_metacharacters_of_regexes_are_literal() {
        assert!(matches("a.b", "a.b"));
        assert!(!matches("a.b", "axb"));
        assert!(matches("mcp(x)", "mcp(x)"));
    }
}
