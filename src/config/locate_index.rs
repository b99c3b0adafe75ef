//! Positions of a whole file, found in one pass, for reports about many hooks at once
//! (`validate`). The per-path locators (`locate_json`, `locate_toml`) rescan the file from the
//! top for every question, which costs a file's length per problem — quadratic on a file with
//! thousands of hooks. This index scans once and then answers each question exactly as those
//! locators do, from a tree of positions (JSON) or the spans of the parsed document (TOML). YAML
//! is answered by `locate_yaml` as before.

use std::collections::HashMap;

use crate::config::format::Format;
use crate::config::locate::{Step, locate_json};
use crate::config::locate_toml::TomlSpans;
use crate::config::locate_yaml::locate_yaml;

/// Where every line starts, so that an offset becomes a line and column without a rescan.
pub(crate) struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    pub(crate) fn new(text: &'t str) -> Lines<'t> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        Lines { text, starts }
    }

    /// The 1-based line and column of a byte offset, as `locate::line_col` gives them.
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().count())
            + 1;
        (line, column)
    }

    /// The text of a 1-based line, without its line break (as `str::lines` gives it).
    pub(crate) fn line(&self, number: usize) -> Option<&'t str> {
        let start = *self.starts.get(number.checked_sub(1)?)?;
        let end = self
            .starts
            .get(number)
            .map_or(self.text.len(), |next| next - 1);
        let line = self.text.get(start..end)?;
        if start == self.text.len() {
            return None;
        }
        Some(line.strip_suffix('\r').unwrap_or(line))
    }
}

/// One value of a JSON file: where its key and the value itself start, and its children.
struct Place {
    key: usize,
    value: usize,
    keys: HashMap<Box<str>, usize>,
    items: Vec<usize>,
}

/// Deeper than this the index stops (serde_json's own parser refuses beyond 128 levels).
const MAX_DEPTH: usize = 256;

/// The positions of one source, found in one pass.
pub(crate) struct PositionIndex<'t> {
    text: &'t str,
    format: Format,
    pub(crate) lines: Lines<'t>,
    json: Vec<Place>,
    /// TOML: the document parsed with its spans (`None`: not TOML, or not TOML at all).
    toml: Option<TomlSpans<'t>>,
}

impl<'t> PositionIndex<'t> {
    pub(crate) fn new(text: &'t str, format: Format) -> PositionIndex<'t> {
        let mut index = PositionIndex {
            text,
            format,
            lines: Lines::new(text),
            json: Vec::new(),
            toml: None,
        };
        match format {
            Format::Yaml => {}
            Format::Toml => index.toml = TomlSpans::parse(text),
            Format::Json => {
                let mut scanner = Scanner {
                    bytes: text.as_bytes(),
                    pos: 0,
                    places: &mut index.json,
                };
                scanner.skip_ws();
                let at = scanner.pos;
                if scanner.value(at, 0).is_none() {
                    // A file the scanner cannot follow (the loaders reported why): per path.
                    index.json.clear();
                }
            }
        }
        index
    }

    /// The 1-based position of the value (or, with `at_key`, the key) at `path`, as
    /// `config::position_in` gives it.
    pub(crate) fn position(&self, path: &[Step], at_key: bool) -> (usize, usize) {
        match self.format {
            Format::Yaml => locate_yaml(self.text, path, at_key),
            Format::Toml => self.toml_position(path),
            Format::Json if self.json.is_empty() => locate_json(self.text, path, at_key),
            Format::Json => self.lines.line_col(self.json_offset(path, at_key)),
        }
    }

    fn json_offset(&self, path: &[Step], at_key: bool) -> usize {
        if path.is_empty() {
            return 0;
        }
        let mut place = &self.json[0];
        for (depth, step) in path.iter().enumerate() {
            let child = match step {
                Step::Key(key) => place.keys.get(&**key),
                Step::Index(index) => place.items.get(*index),
            };
            let Some(&child) = child else {
                // The deepest position found on the way.
                return place.value;
            };
            place = &self.json[child];
            if depth + 1 == path.len() && at_key {
                return place.key;
            }
        }
        place.value
    }

    fn toml_position(&self, path: &[Step]) -> (usize, usize) {
        self.toml
            .as_ref()
            .and_then(|spans| spans.offset(path))
            .map_or((0, 0), |offset| self.lines.line_col(offset))
    }
}

/// A one-pass JSON scanner recording every value's place; it follows `locate::Scanner`'s reading
/// (first key wins, strings unescaped as serde_json does).
struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    places: &'a mut Vec<Place>,
}

impl Scanner<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// Records the value at `pos` (whose key starts at `key`) and everything inside it.
    fn value(&mut self, key: usize, depth: usize) -> Option<usize> {
        let id = self.places.len();
        self.places.push(Place {
            key,
            value: self.pos,
            keys: HashMap::new(),
            items: Vec::new(),
        });
        if depth > MAX_DEPTH {
            return None;
        }
        match self.bytes.get(self.pos)? {
            b'{' => {
                self.pos += 1;
                loop {
                    self.skip_ws();
                    match self.bytes.get(self.pos)? {
                        b',' => {
                            self.pos += 1;
                            continue;
                        }
                        b'}' => {
                            self.pos += 1;
                            break;
                        }
                        b'"' => {}
                        _ => return None,
                    }
                    let key_pos = self.pos;
                    let name = self.string()?;
                    self.skip_ws();
                    if self.bytes.get(self.pos) != Some(&b':') {
                        return None;
                    }
                    self.pos += 1;
                    self.skip_ws();
                    let child = self.value(key_pos, depth + 1)?;
                    self.places[id].keys.entry(name).or_insert(child);
                }
            }
            b'[' => {
                self.pos += 1;
                loop {
                    self.skip_ws();
                    match self.bytes.get(self.pos)? {
                        b',' => {
                            self.pos += 1;
                            continue;
                        }
                        b']' => {
                            self.pos += 1;
                            break;
                        }
                        _ => {}
                    }
                    let at = self.pos;
                    let child = self.value(at, depth + 1)?;
                    self.places[id].items.push(child);
                }
            }
            b'"' => {
                self.string()?;
            }
            _ => {
                let start = self.pos;
                while self.pos < self.bytes.len()
                    && !matches!(
                        self.bytes[self.pos],
                        b',' | b'}' | b']' | b'{' | b'[' | b':'
                    )
                    && !self.bytes[self.pos].is_ascii_whitespace()
                {
                    self.pos += 1;
                }
                if self.pos == start {
                    // Not a value (`[ }`): the file is not JSON the scanner can follow.
                    return None;
                }
            }
        }
        Some(id)
    }

    /// Reads a string at `pos` (which is `"`), returning its contents.
    fn string(&mut self) -> Option<Box<str>> {
        let start = self.pos + 1;
        let mut i = start;
        let mut escaped = false;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => {
                    escaped = true;
                    i += 2;
                }
                b'"' => {
                    self.pos = i + 1;
                    let raw = std::str::from_utf8(&self.bytes[start..i]).ok()?;
                    if !escaped {
                        return Some(raw.into());
                    }
                    return Some(
                        serde_json::from_str::<String>(&format!("\"{raw}\""))
                            .map_or_else(|_| raw.into(), String::into_boxed_str),
                    );
                }
                _ => i += 1,
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::locate::line_col;
    use crate::config::locate_toml::locate_toml;

    fn key(k: &str) -> Step {
        Step::Key(k.into())
    }

    const SETTINGS: &str = "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"a.sh\"}]},\n      {\n        \"matcher\": \"[\",\n        \"hooks\": [{\"type\": \"command\", \"command\": \"b\\u00e9.sh\", \"timeout\": \"5\"}]\n      }\n    ],\n    \"PreToolUse\": []\n  }\n}";

    #[test]
    fn json_positions_agree_with_the_per_path_locator() {
        let index = PositionIndex::new(SETTINGS, Format::Json);
        let entry = [key("hooks"), key("PreToolUse"), Step::Index(1)];
        let mut paths: Vec<Vec<Step>> = vec![
            vec![],
            vec![key("hooks")],
            vec![key("hooks"), key("Stop")],
            vec![key("hooks"), key("PreToolUse"), Step::Index(7)],
            entry.to_vec(),
        ];
        for field in ["matcher", "hooks", "nothing"] {
            let mut path = entry.to_vec();
            path.push(key(field));
            paths.push(path);
        }
        let mut handler = entry.to_vec();
        handler.extend([key("hooks"), Step::Index(0)]);
        for field in ["type", "command", "timeout", "x"] {
            let mut path = handler.clone();
            path.push(key(field));
            paths.push(path);
        }
        for path in &paths {
            for at_key in [false, true] {
                assert_eq!(
                    index.position(path, at_key),
                    locate_json(SETTINGS, path, at_key),
                    "{path:?} at_key {at_key}"
                );
            }
        }
    }

    #[test]
    fn broken_json_falls_back_to_the_per_path_locator() {
        for text in [
            "{\n  \"hooks\": {\n    \"Stop\": [\n  }\n}\n",
            "[1 2",
            "{\"a\" 1}",
            "{\"a\": [:]}",
            "",
        ] {
            let index = PositionIndex::new(text, Format::Json);
            let path = [key("hooks"), key("Stop"), Step::Index(0)];
            assert_eq!(
                index.position(&path, false),
                locate_json(text, &path, false),
                "{text:?}"
            );
        }
    }

    #[test]
    fn toml_positions_agree_with_the_per_path_locator() {
        let text = "timeout = \"5s\"\n\n[[hook]]\nname = \"a\"\ncommand = \"a.sh\"\n\n[settings]\nx = 1\n[[hook]]\nname = \"b\"\n  timeout = 0\n";
        let index = PositionIndex::new(text, Format::Toml);
        let paths = [
            vec![key("timeout")],
            vec![key("x")],
            vec![key("hook"), Step::Index(0)],
            vec![key("hook"), Step::Index(1), key("timeout")],
            vec![key("hook"), Step::Index(1), key("command")],
            vec![key("hook"), Step::Index(0), key("command"), Step::Index(2)],
            vec![key("hook"), Step::Index(2), key("name")],
            vec![key("other"), Step::Index(0)],
            vec![key("settings"), key("x")],
            vec![],
        ];
        for path in &paths {
            assert_eq!(
                index.position(path, false),
                locate_toml(text, path, false),
                "{path:?}"
            );
        }
    }

    #[test]
    fn lines_give_line_col_and_line_text_like_a_rescan() {
        let text = "ab\r\nçd\n\nlast";
        let lines = Lines::new(text);
        for offset in 0..=text.len() {
            if text.is_char_boundary(offset) {
                assert_eq!(lines.line_col(offset), line_col(text, offset), "{offset}");
            }
        }
        let expected: Vec<&str> = text.lines().collect();
        for (number, line) in expected.iter().enumerate() {
            assert_eq!(lines.line(number + 1), Some(*line));
        }
        assert_eq!(lines.line(expected.len() + 1), None);
        assert_eq!(Lines::new("a\n").line(2), None);
    }
}
