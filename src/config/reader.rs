//! A checked reader over a parsed configuration document: typed field access that turns every
//! wrong type, missing field and unknown key into a positioned diagnostic instead of stopping at
//! the first. Every dialect walks its file with it, so all of them report problems alike.

use crate::config::diagnostics::{Diagnostic, Severity, UNKNOWN_KEY, did_you_mean};
use crate::config::format::Format;
use crate::config::locate::{Path, Step, locate_json, path_to_string};
use crate::config::locate_index::PositionIndex;
use crate::config::locate_toml::locate_toml;
use crate::config::tree::{Node, Object};

/// Maps a path in the document to a 1-based (line, column) in its text.
pub(crate) type Locator = fn(&str, &[Step], bool) -> (usize, usize);

/// Collects the problems of one file while a dialect reads it.
pub(crate) struct Reader<'s> {
    file: &'s str,
    text: &'s str,
    /// The file as written, when `text` is what the agent's parser reads of it (Gemini's comments
    /// blanked, every position unchanged): snippets show the file's own lines.
    shown: Option<&'s str>,
    locator: Locator,
    /// JSON and TOML files: every position found in one pass at the first problem, so that a
    /// file with thousands of problems is not rescanned for each.
    index: Option<(Format, std::cell::OnceCell<PositionIndex<'s>>)>,
    /// Unknown keys get the [`UNKNOWN_KEY`] code (hookrun's own file: see [`Reader::typos_count`]).
    typos_count: bool,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl<'s> Reader<'s> {
    pub(crate) fn new(file: &'s str, text: &'s str, locator: Locator) -> Reader<'s> {
        Reader {
            file,
            text,
            shown: None,
            locator,
            index: None,
            typos_count: false,
            diagnostics: Vec::new(),
        }
    }

    /// A reader for JSON files.
    pub(crate) fn json(file: &'s str, text: &'s str) -> Reader<'s> {
        Reader {
            index: Some((Format::Json, std::cell::OnceCell::new())),
            ..Reader::new(file, text, locate_json)
        }
    }

    /// A reader for TOML files.
    pub(crate) fn toml(file: &'s str, text: &'s str) -> Reader<'s> {
        Reader {
            index: Some((Format::Toml, std::cell::OnceCell::new())),
            ..Reader::new(file, text, locate_toml)
        }
    }

    /// Unknown keys are typos that count: they get the [`UNKNOWN_KEY`] code, so that `validate`
    /// reports them as errors and `fire` shows them without `-v`. For hookrun's own file, where a
    /// misspelt key (`on_eror = "deny"`) would quietly weaken a guard; the agents' files keep
    /// their agents' reading (an unknown key is ignored there), so theirs stay plain warnings.
    pub(crate) fn typos_count(mut self) -> Reader<'s> {
        self.typos_count = true;
        self
    }

    /// Snippets are taken from `original`, the file as written, which has the same lines and
    /// columns as the text read.
    pub(crate) fn showing(mut self, original: &'s str) -> Reader<'s> {
        self.shown = Some(original);
        self
    }

    fn index(&self) -> Option<&PositionIndex<'s>> {
        let (format, cell) = self.index.as_ref()?;
        // Any dialect of the format: the index reads it the same for all of them.
        Some(cell.get_or_init(|| PositionIndex::new(self.text, *format)))
    }

    /// The 1-based position of the value (or, with `at_key`, the key) at `path`.
    pub(crate) fn position(&self, path: &[Step], at_key: bool) -> (usize, usize) {
        match self.index() {
            Some(index) => index.position(path, at_key),
            None => (self.locator)(self.text, path, at_key),
        }
    }

    /// Records a problem at `path`; returns it so a fix can be attached.
    pub(crate) fn report(
        &mut self,
        severity: Severity,
        path: &[Step],
        at_key: bool,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let position = self.position(path, at_key);
        let diagnostic = match (self.shown, self.index()) {
            (Some(shown), _) => Diagnostic::at(severity, self.file, shown, position, message),
            (None, Some(index)) => {
                let line = index.lines.line(position.0);
                Diagnostic::at_line(severity, self.file, line, position, message)
            }
            (None, None) => Diagnostic::at(severity, self.file, self.text, position, message),
        };
        self.diagnostics.push(diagnostic);
        self.diagnostics.last_mut().expect("just pushed")
    }

    pub(crate) fn error(&mut self, path: &[Step], message: impl Into<String>) -> &mut Diagnostic {
        self.report(Severity::Error, path, false, message)
    }

    pub(crate) fn warn(&mut self, path: &[Step], message: impl Into<String>) -> &mut Diagnostic {
        self.report(Severity::Warning, path, false, message)
    }

    /// The value as an object, or an error naming what was expected.
    pub(crate) fn object<'v, 'a>(
        &mut self,
        value: &'v Node<'a>,
        path: &[Step],
        what: &str,
    ) -> Option<&'v Object<'a>> {
        if let Some(map) = value.as_object() {
            Some(map)
        } else {
            self.type_error(path, what, "an object", value);
            None
        }
    }

    /// The value as an array, or an error naming what was expected.
    pub(crate) fn array<'v, 'a>(
        &mut self,
        value: &'v Node<'a>,
        path: &[Step],
        what: &str,
    ) -> Option<&'v [Node<'a>]> {
        if let Some(items) = value.as_array() {
            Some(items)
        } else {
            self.type_error(path, what, "an array", value);
            None
        }
    }

    fn type_error(&mut self, path: &[Step], what: &str, expected: &str, found: &Node<'_>) {
        let shown = path_to_string(path);
        let message = format!(
            "`{shown}` ({what}) must be {expected}, found {}",
            kind_of(found)
        );
        self.error(path, message);
    }

    /// An optional string field; a wrong type is an error and reads as absent.
    pub(crate) fn opt_str<'v>(
        &mut self,
        map: &'v Object<'_>,
        key: &str,
        path: &[Step],
    ) -> Option<&'v str> {
        match map.get(key)? {
            Node::String(text) => Some(text),
            other => {
                let at = child(path, key);
                self.type_error(&at, key, "a string", other);
                None
            }
        }
    }

    /// A required string field.
    pub(crate) fn req_str<'v>(
        &mut self,
        map: &'v Object<'_>,
        key: &str,
        path: &[Step],
        what: &str,
    ) -> Option<&'v str> {
        if map.contains_key(key) {
            self.opt_str(map, key, path)
        } else {
            let shown = path_to_string(path);
            self.error(path, format!("{what} `{shown}` has no `{key}`"))
                .help = Some(format!("add \"{key}\" to this entry"));
            None
        }
    }

    pub(crate) fn opt_bool(&mut self, map: &Object<'_>, key: &str, path: &[Step]) -> Option<bool> {
        match map.get(key)? {
            Node::Bool(flag) => Some(*flag),
            other => {
                let at = child(path, key);
                self.type_error(&at, key, "true or false", other);
                None
            }
        }
    }

    /// An optional number field (integer or float).
    pub(crate) fn opt_number(&mut self, map: &Object<'_>, key: &str, path: &[Step]) -> Option<f64> {
        match map.get(key)? {
            Node::Number(number) => number.as_f64(),
            other => {
                let at = child(path, key);
                let message = format!(
                    "`{}` must be a number, found {}",
                    path_to_string(&at),
                    kind_of(other)
                );
                let help = match other {
                    Node::String(text) if text.trim().parse::<f64>().is_ok() => {
                        Some(format!("write {} without quotes", text.trim()))
                    }
                    _ => None,
                };
                self.error(&at, message).help = help;
                None
            }
        }
    }

    /// An optional array of strings (`args`, `phases`, `events`).
    pub(crate) fn opt_str_list(
        &mut self,
        map: &Object<'_>,
        key: &str,
        path: &[Step],
    ) -> Option<Vec<String>> {
        let value = map.get(key)?;
        let at = child(path, key);
        let items = self.array(value, &at, key)?;
        let mut out = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            match item {
                Node::String(text) => out.push(text.to_string()),
                other => {
                    let at = child_index(&at, index);
                    self.type_error(&at, key, "a string", other);
                }
            }
        }
        Some(out)
    }

    /// An optional object of string values (`env`); numbers and booleans are taken as their text.
    pub(crate) fn opt_str_map(
        &mut self,
        map: &Object<'_>,
        key: &str,
        path: &[Step],
    ) -> Option<Vec<(String, String)>> {
        let value = map.get(key)?;
        let at = child(path, key);
        let entries = self.object(value, &at, key)?;
        let mut out = Vec::with_capacity(entries.len());
        for (name, value) in entries {
            match value {
                Node::String(text) => out.push((name.to_owned(), text.to_string())),
                Node::Number(_) | Node::Bool(_) => out.push((name.to_owned(), value.to_string())),
                other => {
                    let at = child(&at, name);
                    self.type_error(&at, name, "a string", other);
                }
            }
        }
        Some(out)
    }

    /// Warns about keys of `map` that are not in `known`, with a did-you-mean; the caret is at the
    /// key. Coded as typos that count when the reader says so ([`Reader::typos_count`]).
    pub(crate) fn unknown_keys(
        &mut self,
        map: &Object<'_>,
        known: &[&str],
        path: &[Step],
        what: &str,
    ) {
        for key in map.keys() {
            // In a file that counts typos (hookrun's own), `x-` keys are the user's: notes for
            // people and tools (`x-owner`), which hookrun never reads.
            if known.contains(&key) || (self.typos_count && key.starts_with("x-")) {
                continue;
            }
            let at = child(path, key);
            let help = match did_you_mean(key, known) {
                Some(close) => format!("did you mean `{close}`?"),
                None => format!("known keys: {}", known.join(", ")),
            };
            let typos_count = self.typos_count;
            let diagnostic = self.report(
                Severity::Warning,
                &at,
                true,
                format!("unknown key `{key}` in {what}"),
            );
            diagnostic.help = Some(help);
            if typos_count {
                diagnostic.code = Some(UNKNOWN_KEY);
            }
        }
    }
}

/// `path` extended by an object key.
pub(crate) fn child(path: &[Step], key: &str) -> Path {
    extended(path, Step::Key(key.into()))
}

/// `path` extended by an array index.
pub(crate) fn child_index(path: &[Step], index: usize) -> Path {
    extended(path, Step::Index(index))
}

/// `path` and one more step, in one allocation (loaders extend a path for every entry).
fn extended(path: &[Step], step: Step) -> Path {
    let mut out = Vec::with_capacity(path.len() + 1);
    out.extend_from_slice(path);
    out.push(step);
    out
}

/// A JSON value's kind, for messages (the payload's), in [`kind_of`]'s words. Only the top
/// level is described, so containers are not copied.
pub(crate) fn kind_of_value(value: &serde_json::Value) -> String {
    use serde_json::Value;
    let top = match value {
        Value::Null => Node::Null,
        Value::Bool(flag) => Node::Bool(*flag),
        Value::Number(number) => Node::Number(number.clone()),
        Value::String(text) => Node::String(text.as_str().into()),
        Value::Array(_) => Node::Array(Vec::new()),
        Value::Object(_) => Node::Object(Object::default()),
    };
    kind_of(&top)
}

/// A configuration value's kind, for messages.
pub(crate) fn kind_of(value: &Node<'_>) -> String {
    match value {
        Node::Null => "null".to_owned(),
        Node::Bool(flag) => format!("{flag}"),
        Node::Number(number) => format!("the number {number}"),
        Node::String(text) => format!("the string {:?}", truncate(text, 40)),
        Node::Array(_) => "an array".to_owned(),
        Node::Object(_) => "an object".to_owned(),
    }
}

fn truncate(text: &str, max: usize) -> &str {
    match text.char_indices().nth(max) {
        Some((cut, _)) => &text[..cut],
        None => text,
    }
}

/// Diagnostic for a JSON syntax or shape error reported by serde_json.
pub(crate) fn json_syntax_error(file: &str, text: &str, error: &serde_json::Error) -> Diagnostic {
    let message = error.to_string();
    let message = message
        .rsplit_once(" at line ")
        .map_or(message.as_str(), |(head, _)| head)
        .to_owned();
    Diagnostic::at(
        Severity::Error,
        file,
        text,
        (error.line(), error.column()),
        format!("invalid JSON: {message}"),
    )
}
