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
        write_value(&mut out, self, indent, 0);
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

fn write_value(out: &mut String, value: &Json, indent: &str, depth: usize) {
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
                write_value(out, item, indent, depth + 1);
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
                write_value(out, item, indent, depth + 1);
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
    fn the_indent_unit_is_the_files_own() {
        assert_eq!(indent_of("{\n    \"a\": 1\n}"), "    ");
        assert_eq!(indent_of("{\n\t\"a\": 1\n}"), "\t");
        assert_eq!(indent_of("{\"a\": 1}"), "  ");
    }
}
