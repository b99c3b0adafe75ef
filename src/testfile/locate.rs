//! Positions in TOML and YAML test files (`test[2].expect.reason` → its line and column), for
//! diagnostics only. Line scanners, not parsers: they know `[[test]]` tables, `[test.expect]`
//! sub-tables, dotted keys, and YAML block mappings and sequences; anything fancier (flow style)
//! falls back to the deepest position found on the way.

use crate::config::locate::Step;

/// TOML: top-level keys, and keys inside the n-th `[[test]]` however they are written
/// (`expect.reason = …`, `[test.expect]` then `reason = …`, or `expect = { reason = … }`).
pub(crate) fn locate_test_toml(text: &str, path: &[Step], _at_key: bool) -> (usize, usize) {
    let (table, index, keys) = match path {
        [Step::Key(table), Step::Index(index), rest @ ..] if &**table == "test" => {
            (Some(&**table), *index, key_prefix(rest))
        }
        rest => (None, 0, key_prefix(rest)),
    };
    let target = keys.join(".");
    let mut in_target = table.is_none();
    let mut prefix = String::new();
    let mut seen = 0usize;
    let mut best = (0, 0);
    let mut best_len = 0;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(header) = trimmed.strip_prefix("[[") {
            let name = normalise(header.split("]]").next().unwrap_or(""));
            in_target = false;
            if Some(name.as_str()) == table {
                in_target = seen == index;
                if in_target {
                    best = (number + 1, indent + 1);
                }
                seen += 1;
            }
            prefix.clear();
            continue;
        }
        if let Some(header) = trimmed.strip_prefix('[') {
            let name = normalise(header.split(']').next().unwrap_or(""));
            match table.and_then(|t| name.strip_prefix(t)?.strip_prefix('.')) {
                Some(sub) if seen == index + 1 => prefix = format!("{sub}."),
                _ => in_target = false,
            }
            continue;
        }
        if !in_target || target.is_empty() {
            continue;
        }
        let Some((key, _)) = trimmed.split_once('=') else {
            continue;
        };
        let full = format!("{prefix}{}", normalise(key));
        if full == target {
            return (number + 1, indent + 1);
        }
        if target.starts_with(&format!("{full}.")) && full.len() > best_len {
            best_len = full.len();
            let last = keys.last().map_or("", String::as_str);
            let column = find_key(line, last).unwrap_or(indent);
            best = (number + 1, column + 1);
        }
    }
    best
}

/// Where `key` stands as a key in `line` (whole word, possibly quoted, followed by `=`).
fn find_key(line: &str, key: &str) -> Option<usize> {
    line.match_indices(key).map(|(at, _)| at).find(|&at| {
        let before = line[..at].chars().next_back();
        let after = line[at + key.len()..].trim_start_matches(['"', '\'']);
        let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
        !before.is_some_and(word) && after.trim_start().starts_with('=')
    })
}

/// The leading object keys of a path (up to the first index).
fn key_prefix(path: &[Step]) -> Vec<String> {
    path.iter()
        .map_while(|step| match step {
            Step::Key(key) => Some(key.to_string()),
            Step::Index(_) => None,
        })
        .collect()
}

/// A TOML key as written (`"no-rm" `, `expect . reason`) reduced to its dotted name.
fn normalise(key: &str) -> String {
    key.chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect()
}

/// One YAML line: its raw indentation and where its key starts after any `- ` markers.
struct Line<'a> {
    raw_indent: usize,
    key_column: usize,
    dash: bool,
    key_text: &'a str,
}

fn yaml_line(line: &str) -> Option<Line<'_>> {
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let raw_indent = line.len() - trimmed.len();
    let mut rest = trimmed;
    let mut key_column = raw_indent;
    while let Some(after) = rest.strip_prefix("- ") {
        let after_trim = after.trim_start();
        key_column += rest.len() - after_trim.len();
        rest = after_trim;
    }
    Some(Line {
        raw_indent,
        key_column,
        dash: trimmed.starts_with("- "),
        key_text: rest,
    })
}

/// YAML: block mappings and sequences.
pub(crate) fn locate_yaml(text: &str, path: &[Step], _at_key: bool) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut start, mut end) = (0, lines.len());
    let mut best = (1, 1);
    for step in path {
        let first = (start..end).find_map(|n| yaml_line(lines[n]).map(|l| (n, l)));
        let Some((_, first)) = first else { break };
        let found = match step {
            Step::Key(key) => (start..end).find(|&n| {
                yaml_line(lines[n])
                    .is_some_and(|l| l.key_column == first.key_column && is_key(l.key_text, key))
            }),
            Step::Index(index) => (start..end)
                .filter(|&n| {
                    yaml_line(lines[n]).is_some_and(|l| l.dash && l.raw_indent == first.raw_indent)
                })
                .nth(*index),
        };
        let Some(at) = found else { break };
        let line = yaml_line(lines[at]).expect("found on a content line");
        let (column, owner_indent) = match step {
            Step::Key(_) => (line.key_column, line.key_column),
            Step::Index(_) => (line.raw_indent, line.raw_indent),
        };
        best = (at + 1, column + 1);
        start = if matches!(step, Step::Index(_)) {
            at
        } else {
            at + 1
        };
        end = (at + 1..end)
            .find(|&n| {
                yaml_line(lines[n]).is_some_and(|l| {
                    l.raw_indent < owner_indent
                        || (l.raw_indent == owner_indent
                            && (matches!(step, Step::Index(_)) || !l.dash))
                })
            })
            .unwrap_or(end);
    }
    best
}

fn is_key(text: &str, key: &str) -> bool {
    let unquoted = text
        .strip_prefix('"')
        .and_then(|t| t.strip_prefix(key)?.strip_prefix('"'))
        .or_else(|| text.strip_prefix(key));
    unquoted.is_some_and(|rest| rest.trim_start().starts_with(':'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> Vec<Step> {
        text.split('.')
            .map(|part| {
                part.parse()
                    .map_or_else(|_| Step::Key(part.into()), Step::Index)
            })
            .collect()
    }

    const TOML: &str = "project_dir = \"..\"\n\n[[test]]\nname = \"a\"\nexpect.decision = \"deny\"\n\n[[test]]\nname = \"b\"\nexpect = { reason = \"x\" }\n\n[test.expect.hooks]\n\"no-rm\" = \"blockin\"\n";

    #[test]
    fn toml_finds_dotted_inline_and_sub_table_keys() {
        assert_eq!(locate_test_toml(TOML, &path("project_dir"), false), (1, 1));
        assert_eq!(
            locate_test_toml(TOML, &path("test.0.expect.decision"), false),
            (5, 1)
        );
        assert_eq!(
            locate_test_toml(TOML, &path("test.1.expect.reason"), false),
            (9, 12)
        );
        assert_eq!(
            locate_test_toml(TOML, &path("test.1.expect.hooks.no-rm"), false),
            (12, 1)
        );
        assert_eq!(
            locate_test_toml(TOML, &path("test.1.nothing"), false),
            (7, 1)
        );
    }

    const YAML: &str = "project_dir: ..\ntest:\n- name: a\n  event: PreToolUse\n- name: b\n  expect:\n    decision: dny\n    hooks:\n      \"no-rm\": x\n";

    #[test]
    fn yaml_finds_keys_in_sequences_and_mappings() {
        assert_eq!(locate_yaml(YAML, &path("project_dir"), false), (1, 1));
        assert_eq!(locate_yaml(YAML, &path("test.0.event"), false), (4, 3));
        assert_eq!(locate_yaml(YAML, &path("test.1.name"), false), (5, 3));
        assert_eq!(
            locate_yaml(YAML, &path("test.1.expect.decision"), false),
            (7, 5)
        );
        assert_eq!(
            locate_yaml(YAML, &path("test.1.expect.hooks.no-rm"), false),
            (9, 7)
        );
    }
}
