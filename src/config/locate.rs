//! Finds where a value sits in a JSON file, given its path (`hooks.PreToolUse[0].hooks[1]`).
//! serde_json gives positions only for syntax errors; this scanner gives them for the problems
//! found afterwards. It runs only when a diagnostic is made, never on the happy path.

/// One step of a path into a document. Keys are shared (`Arc`, so that a loaded configuration
/// can be shared by `hookrun serve`'s threads): loaders extend a path for every entry they read,
/// and a hook keeps its entry's path, so copying a path copies no text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Step {
    Key(std::sync::Arc<str>),
    Index(usize),
}

/// A path into a configuration document.
pub(crate) type Path = Vec<Step>;

/// Renders a path as `hooks.PreToolUse[0].command`.
pub(crate) fn path_to_string(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Step::Index(index) => {
                use std::fmt::Write as _;
                let _ = write!(out, "[{index}]");
            }
        }
    }
    out
}

/// The 1-based line and column of the value at `path` in the JSON `text` (for a key step that is
/// last, the position of the key itself when `at_key`), or the deepest position found on the way.
pub(crate) fn locate_json(text: &str, path: &[Step], at_key: bool) -> (usize, usize) {
    let bytes = text.as_bytes();
    let mut scanner = Scanner { bytes, pos: 0 };
    let mut best = 0;
    scanner.skip_ws();
    for (depth, step) in path.iter().enumerate() {
        best = scanner.pos;
        let found = match step {
            Step::Key(key) => scanner.find_key(key),
            Step::Index(index) => scanner.find_index(*index),
        };
        match found {
            Some(key_pos) => {
                let last = depth + 1 == path.len();
                best = if last && at_key { key_pos } else { scanner.pos };
            }
            None => break,
        }
    }
    line_col(text, best)
}

/// 1-based line and column of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// Inside an object at `pos`, moves to the value of `key`; returns the key's offset.
    fn find_key(&mut self, key: &str) -> Option<usize> {
        if self.bytes.get(self.pos) != Some(&b'{') {
            return None;
        }
        self.pos += 1;
        loop {
            self.skip_ws();
            match self.bytes.get(self.pos)? {
                b',' => {
                    self.pos += 1;
                    continue;
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
            if name == key {
                return Some(key_pos);
            }
            self.skip_value()?;
        }
    }

    /// Inside an array at `pos`, moves to element `index`; returns its offset.
    fn find_index(&mut self, index: usize) -> Option<usize> {
        if self.bytes.get(self.pos) != Some(&b'[') {
            return None;
        }
        self.pos += 1;
        for _ in 0..index {
            self.skip_ws();
            self.skip_value()?;
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b',') {
                return None;
            }
            self.pos += 1;
        }
        self.skip_ws();
        Some(self.pos)
    }

    /// Reads a string at `pos` (which is `"`), returning its raw contents.
    fn string(&mut self) -> Option<String> {
        let start = self.pos + 1;
        let mut i = start;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => i += 2,
                b'"' => {
                    self.pos = i + 1;
                    let raw = std::str::from_utf8(&self.bytes[start..i]).ok()?;
                    return Some(
                        serde_json::from_str(&format!("\"{raw}\""))
                            .unwrap_or_else(|_| raw.to_owned()),
                    );
                }
                _ => i += 1,
            }
        }
        None
    }

    fn skip_value(&mut self) -> Option<()> {
        match self.bytes.get(self.pos)? {
            b'"' => {
                self.string()?;
            }
            b'{' | b'[' => {
                let mut depth = 0usize;
                while self.pos < self.bytes.len() {
                    match self.bytes[self.pos] {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.pos += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.pos += 1;
                }
                return None;
            }
            _ => {
                while self.pos < self.bytes.len()
                    && !matches!(self.bytes[self.pos], b',' | b'}' | b']')
                {
                    self.pos += 1;
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str) -> Step {
        Step::Key(k.into())
    }

    const SETTINGS: &str = r#"{
  "permissions": {"allow": ["Bash(ls)"]},
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "a.sh"}]},
      {
        "matcher": "[",
        "hooks": [{"type": "command", "command": "b.sh", "timeout": "5"}]
      }
    ]
  }
}"#;

    #[test]
    fn locates_nested_values_through_objects_and_arrays() {
        let path = [
            key("hooks"),
            key("PreToolUse"),
            Step::Index(1),
            key("matcher"),
        ];
        assert_eq!(locate_json(SETTINGS, &path, false), (7, 20));
        assert_eq!(locate_json(SETTINGS, &path, true), (7, 9));
        let timeout = [
            key("hooks"),
            key("PreToolUse"),
            Step::Index(1),
            key("hooks"),
            Step::Index(0),
            key("timeout"),
        ];
        assert_eq!(locate_json(SETTINGS, &timeout, false), (8, 69));
    }

    #[test]
    fn missing_steps_fall_back_to_the_deepest_known_position() {
        let path = [key("hooks"), key("Stop")];
        assert_eq!(locate_json(SETTINGS, &path, false), (3, 12));
    }

    #[test]
    fn paths_render_with_dots_and_indexes() {
        let path = [
            key("hooks"),
            key("PreToolUse"),
            Step::Index(0),
            key("command"),
        ];
        assert_eq!(path_to_string(&path), "hooks.PreToolUse[0].command");
    }
}
