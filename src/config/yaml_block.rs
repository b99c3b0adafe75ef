//! The plain block subset of YAML that RuntimeConfig files are written in, read directly into the
//! configuration tree: block mappings with plain keys, block sequences, plain and simply quoted
//! scalars, and one-line flow sequences of scalars. `hookrun fire` loads every discovered file on
//! every event, and serde-saphyr's general parser spent more on one 12-hook `runtime.yaml` than
//! every JSON and TOML file of the benchmark project together (bench/README.md).
//!
//! This reader never decides anything on its own: whatever lies outside the subset, is an error,
//! or might be read differently (anchors, tags, block scalars, escapes, multi-line scalars,
//! repeated keys, number-like text other than plain integers, YAML 1.1 words), makes it answer
//! `None`, and the caller parses with serde-saphyr. Where it answers, the tree is the one
//! serde-saphyr builds (`yaml_block_tests.rs` holds it to that on generated documents).

use std::borrow::Cow;

use crate::config::tree::{Node, Object};

/// Larger files go to serde-saphyr, whose node and event budgets (docs/limits.md) then apply.
const MAX_TEXT: usize = 256 * 1024;
/// Below serde-saphyr's own nesting budget (64).
const MAX_DEPTH: usize = 32;

/// The tree of `text`, or `None` when serde-saphyr must read it.
pub(crate) fn parse(text: &str) -> Option<Node<'_>> {
    if text.len() > MAX_TEXT
        || text
            .bytes()
            .any(|byte| (byte < b' ' && byte != b'\n') || byte >= 0x7f)
    {
        return None;
    }
    let mut lines = Vec::with_capacity(text.len() / 16);
    for line in text.split('\n') {
        let content = line.trim_start_matches(' ');
        let indent = line.len() - content.len();
        let content = content.trim_end_matches(' ');
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if indent == 0
            && (content.starts_with("---")
                || content.starts_with("...")
                || content.starts_with('%'))
        {
            return None;
        }
        lines.push(Line { indent, content });
    }
    let mut reader = Reader {
        lines,
        at: 0,
        depth: 0,
    };
    let indent = reader.lines.first()?.indent;
    let root = reader.block(indent)?;
    (reader.at == reader.lines.len()).then_some(root)
}

/// A line that holds more than a comment: its indentation and its text, trailing blanks cut.
#[derive(Clone, Copy)]
struct Line<'a> {
    indent: usize,
    content: &'a str,
}

struct Reader<'a> {
    lines: Vec<Line<'a>>,
    /// The next line to read.
    at: usize,
    depth: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<Line<'a>> {
        self.lines.get(self.at).copied()
    }

    /// Whether the next line is indented deeper than `indent` (a scalar continued, or a node
    /// where none may start).
    fn deeper_follows(&self, indent: usize) -> bool {
        self.peek().is_some_and(|next| next.indent > indent)
    }

    /// The block node (mapping or sequence) starting at the next line, whose indentation is
    /// `indent`.
    fn block(&mut self, indent: usize) -> Option<Node<'a>> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let node = if is_item(self.peek()?.content) {
            self.sequence(indent)
        } else {
            self.mapping(indent)
        };
        self.depth -= 1;
        node
    }

    /// The value after `key:` or `-` with nothing else on the line: the block below, or null.
    fn nested(&mut self, indent: usize, sequence_may_align: bool) -> Option<Node<'a>> {
        match self.peek() {
            Some(next) if next.indent > indent => self.block(next.indent),
            // `key:` followed by `- item` lines at the key's own indentation.
            Some(next) if sequence_may_align && next.indent == indent && is_item(next.content) => {
                self.block(indent)
            }
            _ => Some(Node::Null),
        }
    }

    fn mapping(&mut self, indent: usize) -> Option<Node<'a>> {
        let mut entries: Vec<(Cow<'a, str>, Node<'a>)> = Vec::new();
        while let Some(line) = self.peek() {
            if line.indent < indent {
                break;
            }
            if line.indent > indent {
                return None;
            }
            let (key, rest) = split_key(line.content)?;
            self.at += 1;
            let value = if rest.is_empty() {
                self.nested(indent, true)?
            } else {
                let value = inline(rest)?;
                if self.deeper_follows(indent) {
                    return None;
                }
                value
            };
            entries.push((Cow::Borrowed(key), value));
        }
        Object::without_repeats(entries).map(Node::Object)
    }

    fn sequence(&mut self, indent: usize) -> Option<Node<'a>> {
        let mut items = Vec::new();
        while let Some(line) = self.peek() {
            if line.indent < indent || (line.indent == indent && !is_item(line.content)) {
                // The end of the sequence; a mapping at the same indentation goes on.
                break;
            }
            if line.indent > indent {
                return None;
            }
            let rest = line.content[1..].trim_start_matches(' ');
            let rest = if rest.starts_with('#') { "" } else { rest };
            let item = if rest.is_empty() {
                self.at += 1;
                self.nested(indent, false)?
            } else if is_item(rest) || split_key(rest).is_some() {
                // `- key: value` or `- - item`: a node starting at that column, read as if
                // its line began there.
                let column = indent + (line.content.len() - rest.len());
                self.lines[self.at] = Line {
                    indent: column,
                    content: rest,
                };
                self.block(column)?
            } else {
                self.at += 1;
                let item = inline(rest)?;
                if self.deeper_follows(indent) {
                    return None;
                }
                item
            };
            items.push(item);
        }
        Some(Node::Array(items))
    }
}

/// Whether a line's text is a sequence item (`- …` or a bare `-`).
fn is_item(content: &str) -> bool {
    content == "-" || content.starts_with("- ")
}

/// `key: rest` with a plain key of letters, digits, `_`, `-`, `.` and `/` that starts with a letter
/// or `_` and is none of YAML's special words: the key and the rest of the line (empty when
/// only a comment follows).
fn split_key(content: &str) -> Option<(&str, &str)> {
    let bytes = content.as_bytes();
    if !bytes.first()?.is_ascii_alphabetic() && bytes[0] != b'_' {
        return None;
    }
    let end = bytes
        .iter()
        .position(|&byte| !(byte.is_ascii_alphanumeric() || b"_-./".contains(&byte)))?;
    if bytes[end] != b':' || !matches!(bytes.get(end + 1), None | Some(b' ')) {
        return None;
    }
    let key = &content[..end];
    if is_special_word(key) {
        return None;
    }
    let rest = content[end + 1..].trim_start_matches(' ');
    Some((key, if rest.starts_with('#') { "" } else { rest }))
}

/// A value written on the key's or the item's line (never empty, never a comment).
fn inline(rest: &str) -> Option<Node<'_>> {
    let bytes = rest.as_bytes();
    match bytes[0] {
        b'"' | b'\'' => {
            let (text, after) = quoted(rest)?;
            ends_line(after).then_some(Node::String(Cow::Borrowed(text)))
        }
        b'[' => flow_sequence(&rest[1..]),
        b'{' => {
            let after = rest[1..].trim_start_matches(' ').strip_prefix('}')?;
            ends_line(after).then(|| Node::Object(Object::default()))
        }
        _ => {
            let text = rest.find(" #").map_or(rest, |end| &rest[..end]);
            let text = text.trim_end_matches(' ');
            if starts_with_indicator(text) || text.contains(": ") || text.ends_with(':') {
                return None;
            }
            plain(text)
        }
    }
}

/// Whether what follows a quoted scalar or a flow sequence ends the line (nothing, or a comment
/// after a blank).
fn ends_line(after: &str) -> bool {
    after.is_empty() || (after.starts_with(' ') && after.trim_start_matches(' ').starts_with('#'))
}

/// A quoted scalar at the start of `text` without escapes: its content and what follows it.
fn quoted(text: &str) -> Option<(&str, &str)> {
    let quote = text.as_bytes()[0];
    let end = 1 + text[1..].bytes().position(|byte| byte == quote)?;
    let content = &text[1..end];
    let after = &text[end + 1..];
    if (quote == b'"' && content.contains('\\')) || (quote == b'\'' && after.starts_with('\'')) {
        return None;
    }
    Some((content, after))
}

/// `a, "b", 3]` (after the `[`): a one-line flow sequence of scalars.
fn flow_sequence(mut text: &str) -> Option<Node<'_>> {
    let mut items = Vec::new();
    loop {
        text = text.trim_start_matches(' ');
        if items.is_empty() && text.starts_with(']') {
            text = &text[1..];
            break;
        }
        let after = if matches!(text.as_bytes().first(), Some(b'"' | b'\'')) {
            let (content, after) = quoted(text)?;
            items.push(Node::String(Cow::Borrowed(content)));
            after
        } else {
            let end = text.find([',', ']'])?;
            let item = text[..end].trim_end_matches(' ');
            if item.is_empty()
                || starts_with_indicator(item)
                || item.contains(['[', '{', '}', '#', ':', '"', '\''])
            {
                return None;
            }
            items.push(plain(item)?);
            &text[end..]
        };
        text = after.trim_start_matches(' ');
        if let Some(rest) = text.strip_prefix(']') {
            text = rest;
            break;
        }
        text = text.strip_prefix(',')?;
    }
    ends_line(text).then_some(Node::Array(items))
}

/// Whether a plain scalar would start with one of YAML's indicators (an anchor, alias, tag,
/// block scalar, flow end, reserved character, or `-`, `?`, `:` followed by a blank).
fn starts_with_indicator(text: &str) -> bool {
    let bytes = text.as_bytes();
    match bytes.first() {
        None
        | Some(b'&' | b'*' | b'!' | b'|' | b'>' | b'%' | b'@' | b'`' | b']' | b'}' | b',' | b'#') => {
            true
        }
        Some(b'-' | b'?' | b':') => matches!(bytes.get(1), None | Some(b' ')),
        Some(_) => false,
    }
}

/// A plain scalar as YAML 1.2's core schema types it with strict booleans: null, a boolean, a
/// plain decimal integer, or a string. `None` for anything a number parser might read
/// (`0x1F`, `1e3`, `.5`, `+1`, `1_000`, `inf`) and for YAML 1.1's words.
fn plain(text: &str) -> Option<Node<'_>> {
    match text {
        "~" | "null" | "Null" | "NULL" => return Some(Node::Null),
        "true" | "True" | "TRUE" => return Some(Node::Bool(true)),
        "false" | "False" | "FALSE" => return Some(Node::Bool(false)),
        _ => {}
    }
    let bytes = text.as_bytes();
    let number_like = matches!(bytes[0], b'0'..=b'9' | b'+' | b'-' | b'_')
        || (bytes[0] == b'.' && !matches!(bytes.get(1), Some(b'/' | b'.')));
    if !number_like {
        return (!is_special_word(text)).then_some(Node::String(Cow::Borrowed(text)));
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.len() <= 18
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if !canonical {
        return None;
    }
    let number: i64 = text.parse().ok()?;
    Some(Node::Number(number.into()))
}

/// Words some YAML reader gives a meaning (YAML 1.1 booleans, null, the non-finite floats), in
/// any case.
fn is_special_word(text: &str) -> bool {
    const WORDS: [&str; 12] = [
        "y", "n", "yes", "no", "on", "off", "true", "false", "null", "inf", "infinity", "nan",
    ];
    text.len() <= 8 && WORDS.iter().any(|word| text.eq_ignore_ascii_case(word))
}

#[cfg(test)]
#[path = "yaml_block_tests.rs"]
mod tests;
