//! Finds where a key or list item sits in a block-style YAML file (`spec.hooks.pii.timeout_ms` →
//! the `timeout_ms:` line under `pii:` under `hooks:` under `spec:`). An indentation scanner is
//! enough for configuration files; inside flow collections (`[a, b]`, `{k: v}`) it stops at the
//! deepest block position. It runs only when a diagnostic is made.

use crate::config::locate::Step;

/// One meaningful line: its number (0-based), the column of its content (0-based), the content.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    indent: usize,
    content: &'a str,
}

/// The 1-based line and column of the value at `path` (for a last key step with `at_key`, of the
/// key), or the deepest position found on the way.
pub(crate) fn locate_yaml(text: &str, path: &[Step], at_key: bool) -> (usize, usize) {
    let lines: Vec<Line<'_>> = text
        .lines()
        .enumerate()
        .filter_map(|(number, raw)| {
            let content = raw.trim_start_matches(' ');
            let blank = content.trim().is_empty() || content.starts_with('#');
            let marker = content.starts_with("---") || content.starts_with("...");
            (!blank && !marker).then(|| Line {
                number,
                indent: raw.len() - content.len(),
                content: content.trim_end(),
            })
        })
        .collect();
    let mut scope: Vec<Line<'_>> = lines;
    let mut best = (0, 0);
    for (depth, step) in path.iter().enumerate() {
        let last = depth + 1 == path.len();
        let Some(block_indent) = scope.first().map(|line| line.indent) else {
            break;
        };
        let found = match step {
            Step::Key(key) => find_key(&scope, block_indent, key),
            Step::Index(index) => find_item(&scope, block_indent, *index),
        };
        let Some((at, key_col, value)) = found else {
            break;
        };
        let line = scope[at];
        let children = children(&scope, at, value);
        let value_pos = match (value, children.first()) {
            (Some(col), _) => (line.number + 1, col + 1),
            (None, Some(child)) => (child.number + 1, child.indent + 1),
            (None, None) => (line.number + 1, key_col + 1),
        };
        best = if last && at_key {
            (line.number + 1, key_col + 1)
        } else {
            value_pos
        };
        scope = children;
    }
    best
}

/// In a block at `indent`, the line holding `key:`: its index, the key's column, and the column
/// of an inline value.
fn find_key(scope: &[Line<'_>], indent: usize, key: &str) -> Option<(usize, usize, Option<usize>)> {
    scope.iter().enumerate().find_map(|(at, line)| {
        if line.indent != indent {
            return None;
        }
        let rest = strip_key(line.content, key)?;
        let trimmed = rest.trim_start();
        let value = (!trimmed.is_empty() && !trimmed.starts_with('#'))
            .then(|| line.indent + line.content.len() - rest.len() + (rest.len() - trimmed.len()));
        Some((at, line.indent, value))
    })
}

/// The text after `key:` when the line starts with that key (plain or quoted).
fn strip_key<'a>(content: &'a str, key: &str) -> Option<&'a str> {
    let after = [
        format!("{key}:"),
        format!("\"{key}\":"),
        format!("'{key}':"),
    ]
    .iter()
    .find_map(|prefix| content.strip_prefix(prefix.as_str()))?;
    (after.is_empty() || after.starts_with(' ')).then_some(after)
}

/// In a block at `indent`, the `index`-th `- ` item: its index, the dash's column, and the column
/// of the item's inline content.
fn find_item(
    scope: &[Line<'_>],
    indent: usize,
    index: usize,
) -> Option<(usize, usize, Option<usize>)> {
    scope
        .iter()
        .enumerate()
        .filter(|(_, line)| line.indent == indent && is_item(line.content))
        .nth(index)
        .map(|(at, line)| {
            let rest = line.content[1..].trim_start();
            let value = (!rest.is_empty()).then(|| line.indent + line.content.len() - rest.len());
            (at, line.indent, value)
        })
}

fn is_item(content: &str) -> bool {
    content == "-" || content.starts_with("- ")
}

/// The lines that belong to the entry at `scope[at]`: those indented deeper than it, up to the
/// next line at its level. An item's or key's inline mapping (`- name: x`) counts as its first
/// line, at the column where it starts.
fn children<'a>(scope: &[Line<'a>], at: usize, inline: Option<usize>) -> Vec<Line<'a>> {
    let head = scope[at];
    let mut out = Vec::new();
    if let Some(col) = inline {
        let content = &head.content[col - head.indent..];
        let is_mapping = content.contains(": ") || content.ends_with(':') || is_item(content);
        if is_mapping && !content.starts_with(['[', '{', '"', '\'', '|', '>']) {
            out.push(Line {
                number: head.number,
                indent: col,
                content,
            });
        }
    }
    out.extend(
        scope[at + 1..]
            .iter()
            .take_while(|line| line.indent > head.indent)
            .copied(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str) -> Step {
        Step::Key(k.into())
    }

    const RUNTIME: &str = "\
apiVersion: example.com/v1alpha1
kind: RuntimeConfig
# hooks run in file order
spec:
  providers:
    - name: openai
      timeout_ms: 1
  hooks:
    pii:
      command: ./hooks/pii.sh
      hook: provider
      phases: [before_call]
      timeout_ms: soon
    \"audit log\":
      command: ./hooks/audit.sh
      env:
        - LIT=1
        - HOSTVAR
";

    #[test]
    fn locates_nested_keys_by_indentation() {
        let path = [key("spec"), key("hooks"), key("pii"), key("timeout_ms")];
        assert_eq!(locate_yaml(RUNTIME, &path, false), (13, 19));
        assert_eq!(locate_yaml(RUNTIME, &path, true), (13, 7));
        let path = [key("spec"), key("hooks"), key("audit log")];
        assert_eq!(locate_yaml(RUNTIME, &path, true), (14, 5));
        assert_eq!(locate_yaml(RUNTIME, &path, false), (15, 7));
    }

    #[test]
    fn locates_list_items_and_keys_inside_them() {
        let env = [
            key("spec"),
            key("hooks"),
            key("audit log"),
            key("env"),
            Step::Index(1),
        ];
        assert_eq!(locate_yaml(RUNTIME, &env, false), (18, 11));
        let provider = [
            key("spec"),
            key("providers"),
            Step::Index(0),
            key("timeout_ms"),
        ];
        assert_eq!(locate_yaml(RUNTIME, &provider, false), (7, 19));
    }

    #[test]
    fn a_key_of_the_wrong_level_is_not_taken() {
        // `timeout_ms` exists under providers, not under hooks.audit log.
        let path = [
            key("spec"),
            key("hooks"),
            key("audit log"),
            key("timeout_ms"),
        ];
        assert_eq!(locate_yaml(RUNTIME, &path, false), (15, 7));
    }

    #[test]
    fn flow_collections_stop_at_the_deepest_block_position() {
        let path = [
            key("spec"),
            key("hooks"),
            key("pii"),
            key("phases"),
            Step::Index(0),
        ];
        assert_eq!(locate_yaml(RUNTIME, &path, false), (12, 15));
        assert_eq!(locate_yaml("", &path, false), (0, 0));
    }
}
