//! An owned JSON value that keeps its objects' key order, read from the crate's parsed tree and
//! written back the way the agents write their own settings (two-space indent, `"key": value`),
//! so that `install` can add entries to a file without reordering or dropping anything else. The
//! crate's `serde_json` has no `preserve_order`, and turning it on would change every map `fire`
//! builds: this small value is the order-keeping copy `install` edits instead.

use std::fmt::Write as _;

use serde_json::Number;

use crate::config::tree::Node;

/// One JSON value; objects are vectors in the file's order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Parses JSON text, keeping key order.
    pub(crate) fn parse(text: &str) -> Result<Json, serde_json::Error> {
        Node::from_json(text).map(|node| Json::from(&node))
    }

    /// A string value.
    pub(crate) fn str(text: &str) -> Json {
        Json::String(text.to_owned())
    }

    /// An object of `entries`, in their order.
    pub(crate) fn object<const N: usize>(entries: [(&str, Json); N]) -> Json {
        Json::Object(
            entries
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value))
                .collect(),
        )
    }

    /// The value of `key`, mutable, when this is an object holding it.
    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        match self {
            Json::Object(entries) => entries.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The JSON type's name, for messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Number(_) => "a number",
            Json::String(_) => "a string",
            Json::Array(_) => "an array",
            Json::Object(_) => "an object",
        }
    }

    /// The text of the value, indented by `indent` per level, ending with a newline.
    pub(crate) fn render(&self, indent: &str) -> String {
        let mut out = String::new();
        write_value(&mut out, self, indent, 0, None);
        out.push('\n');
        out
    }

    /// As [`Json::render`], but every value found unchanged at its place in `original` (the JSON
    /// text this value was read from) is copied from it byte for byte, so only what an edit
    /// touched is rewritten: a compact array elsewhere in the file stays compact.
    pub(crate) fn render_like(&self, indent: &str, original: &str) -> String {
        let mut out = String::new();
        let span = Span::scan(original);
        let source = span.as_ref().map(|span| Source {
            span,
            text: original,
        });
        write_value(&mut out, self, indent, 0, source);
        out.push('\n');
        out
    }
}

impl From<&Node<'_>> for Json {
    fn from(node: &Node<'_>) -> Json {
        match node {
            Node::Null => Json::Null,
            Node::Bool(flag) => Json::Bool(*flag),
            Node::Number(number) => Json::Number(number.clone()),
            Node::String(text) => Json::String(text.as_ref().to_owned()),
            Node::Array(items) => Json::Array(items.iter().map(Json::from).collect()),
            Node::Object(object) => Json::Object(
                object
                    .iter()
                    .map(|(key, value)| (key.to_owned(), Json::from(value)))
                    .collect(),
            ),
        }
    }
}

/// The indent unit a file is written with: the leading white space of its first indented line
/// (two spaces when it has none), so a rewritten file keeps its own style.
pub(crate) fn indent_of(text: &str) -> String {
    text.lines()
        .map(|line| {
            let body = line.trim_start_matches([' ', '\t']);
            &line[..line.len() - body.len()]
        })
        .find(|lead| !lead.is_empty())
        .unwrap_or("  ")
        .to_owned()
}

/// Where one value of a JSON text is, and where its members or items are.
#[derive(Debug)]
struct Span {
    range: std::ops::Range<usize>,
    items: Vec<(Option<String>, Span)>,
}

impl Span {
    /// The spans of valid JSON `text` (it has been parsed before); `None` if it is not.
    fn scan(text: &str) -> Option<Span> {
        let mut at = 0;
        let span = scan_value(text.as_bytes(), &mut at)?;
        Some(span)
    }
}

fn skip_ws(bytes: &[u8], at: &mut usize) {
    while bytes.get(*at).is_some_and(u8::is_ascii_whitespace) {
        *at += 1;
    }
}

fn scan_string(bytes: &[u8], at: &mut usize) -> Option<std::ops::Range<usize>> {
    let start = *at;
    *at += 1;
    loop {
        match bytes.get(*at)? {
            b'\\' => *at += 2,
            b'"' => {
                *at += 1;
                return Some(start..*at);
            }
            _ => *at += 1,
        }
    }
}

fn scan_value(bytes: &[u8], at: &mut usize) -> Option<Span> {
    skip_ws(bytes, at);
    let start = *at;
    let close = match bytes.get(*at)? {
        b'"' => {
            let range = scan_string(bytes, at)?;
            return Some(Span {
                range,
                items: Vec::new(),
            });
        }
        b'{' => b'}',
        b'[' => b']',
        _ => {
            while bytes
                .get(*at)
                .is_some_and(|b| !b",]}".contains(b) && !b.is_ascii_whitespace())
            {
                *at += 1;
            }
            return Some(Span {
                range: start..*at,
                items: Vec::new(),
            });
        }
    };
    *at += 1;
    let mut items = Vec::new();
    loop {
        skip_ws(bytes, at);
        match bytes.get(*at)? {
            b',' => *at += 1,
            b if *b == close => {
                *at += 1;
                return Some(Span {
                    range: start..*at,
                    items,
                });
            }
            _ if close == b'}' => {
                let key = scan_string(bytes, at)?;
                let key = serde_json::from_slice::<String>(&bytes[key]).ok()?;
                skip_ws(bytes, at);
                *at += 1; // the colon
                items.push((Some(key), scan_value(bytes, at)?));
            }
            _ => items.push((None, scan_value(bytes, at)?)),
        }
    }
}

/// A value's place in the original text.
#[derive(Clone, Copy)]
struct Source<'s> {
    span: &'s Span,
    text: &'s str,
}

impl<'s> Source<'s> {
    /// The original text of `value` when this place holds it unchanged.
    fn unchanged(self, value: &Json) -> Option<&'s str> {
        let slice = &self.text[self.span.range.clone()];
        (Json::parse(slice).ok().as_ref() == Some(value)).then_some(slice)
    }

    /// The place in the original of an object's member `key`, or of an array's first item not
    /// `used` yet that equals `item`.
    fn counterpart(self, key: Option<&str>, item: &Json, used: &mut [bool]) -> Option<Source<'s>> {
        let found = self
            .span
            .items
            .iter()
            .enumerate()
            .position(|(i, (k, span))| match key {
                Some(key) => k.as_deref() == Some(key),
                None => {
                    !used[i]
                        && Source {
                            span,
                            text: self.text,
                        }
                        .unchanged(item)
                        .is_some()
                }
            })?;
        used[found] = true;
        Some(Source {
            span: &self.span.items[found].1,
            text: self.text,
        })
    }
}

fn write_value(
    out: &mut String,
    value: &Json,
    indent: &str,
    depth: usize,
    source: Option<Source<'_>>,
) {
    if let Some(slice) = source.and_then(|source| source.unchanged(value)) {
        out.push_str(slice);
        return;
    }
    let mut used = source
        .map(|s| vec![false; s.span.items.len()])
        .unwrap_or_default();
    let mut child = |key: Option<&str>, item: &Json| {
        source.and_then(|source| source.counterpart(key, item, &mut used))
    };
    match value {
        Json::Null => out.push_str("null"),
        Json::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Json::Number(number) => {
            let _ = write!(out, "{number}");
        }
        Json::String(text) => write_string(out, text),
        Json::Array(items) if items.is_empty() => out.push_str("[]"),
        Json::Object(entries) if entries.is_empty() => out.push_str("{}"),
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                separator(out, i, indent, depth + 1);
                let place = child(None, item);
                write_value(out, item, indent, depth + 1, place);
            }
            newline(out, indent, depth);
            out.push(']');
        }
        Json::Object(entries) => {
            out.push('{');
            for (i, (key, item)) in entries.iter().enumerate() {
                separator(out, i, indent, depth + 1);
                write_string(out, key);
                out.push_str(": ");
                let place = child(Some(key), item);
                write_value(out, item, indent, depth + 1, place);
            }
            newline(out, indent, depth);
            out.push('}');
        }
    }
}

fn separator(out: &mut String, index: usize, indent: &str, depth: usize) {
    if index > 0 {
        out.push(',');
    }
    newline(out, indent, depth);
}

fn newline(out: &mut String, indent: &str, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str(indent);
    }
}

fn write_string(out: &mut String, text: &str) {
    // serde_json escapes as JSON.stringify does: quotes, backslashes and control characters.
    out.push_str(&serde_json::to_string(text).unwrap_or_else(|_| String::from("\"\"")));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_as_the_agents_write_it_comes_back_byte_for_byte() {
        let text = "{\n  \"z\": 1,\n  \"a\": [\n    true,\n    null,\n    \"é \\\"q\\\"\"\n  ],\n  \"m\": {},\n  \"e\": [],\n  \"f\": 1.5\n}\n";
        assert_eq!(Json::parse(text).unwrap().render("  "), text);
    }

    #[test]
    fn what_an_edit_did_not_touch_keeps_its_bytes() {
        let text = "{\n  \"env\": {\"A\":  1e3},\n  \"hooks\": {\n    \"Stop\": [{\"command\": \"x\"}]\n  },\n  \"list\": [1,2]\n}\n";
        let mut value = Json::parse(text).unwrap();
        let Json::Object(root) = &mut value else {
            panic!()
        };
        let Json::Object(hooks) = &mut root[1].1 else {
            panic!()
        };
        hooks.push(("Start".to_owned(), Json::Array(vec![Json::str("y")])));
        assert_eq!(
            value.render_like("  ", text),
            "{\n  \"env\": {\"A\":  1e3},\n  \"hooks\": {\n    \"Stop\": [{\"command\": \"x\"}],\n    \"Start\": [\n      \"y\"\n    ]\n  },\n  \"list\": [1,2]\n}\n"
        );
        let Json::Object(root) = &mut value else {
            panic!()
        };
        let Json::Object(hooks) = &mut root[1].1 else {
            panic!()
        };
        hooks.pop();
        assert_eq!(value.render_like("  ", text), text);
    }

    #[test]
    fn the_indent_unit_is_the_files_own() {
        assert_eq!(indent_of("{\n    \"a\": 1\n}"), "    ");
        assert_eq!(indent_of("{\n\t\"a\": 1\n}"), "\t");
        assert_eq!(indent_of("{\"a\": 1}"), "  ");
    }
}
