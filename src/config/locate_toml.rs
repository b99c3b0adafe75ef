//! Finds where a value sits in a TOML file, given its path: `hook[2].timeout` → the `timeout` key
//! of the third `[[hook]]` table, `hook[0].events[1]` → the second string inside its `events`
//! array, `llm.provider` → the key in the `[llm]` table. The positions are `toml_edit`'s spans of
//! the parsed document (every key, table header and array element has one), so an element on a
//! line of its own, an inline table, a dotted `[[a.b]]` header or a multi-line string is located
//! as exactly as a plain `key = value` line. It is parsed only when a diagnostic is made (once per
//! file: `PositionIndex`), never on `fire`'s happy path.

use std::ops::Range;

use toml_edit::{Array, ArrayOfTables, Document, Item, TableLike, Value};

use crate::config::locate::{Step, line_col};

/// A TOML text parsed for its positions.
pub(crate) struct TomlSpans<'t> {
    document: Document<&'t str>,
}

/// Where a walk down a path stands: something with keys, with elements, or a plain value.
enum Here<'d> {
    Keys(&'d dyn TableLike),
    Tables(&'d ArrayOfTables),
    Items(&'d Array),
    Leaf,
}

impl<'t> TomlSpans<'t> {
    /// `None` when the text is not TOML (its loader has reported why).
    pub(crate) fn parse(text: &'t str) -> Option<TomlSpans<'t>> {
        Document::parse(text)
            .ok()
            .map(|document| TomlSpans { document })
    }

    /// The byte offset of what `path` names: a key step's key (so that a report about a key or
    /// its value points at the key), an index step's element (the `[[table]]` header, or the
    /// value inside the array: the opening quote of a string). A step the document does not have
    /// stops the walk at the deepest position found; `None` when not even the first is found.
    pub(crate) fn offset(&self, path: &[Step]) -> Option<usize> {
        let mut here = Here::Keys(self.document.as_table());
        let mut found = None;
        for step in path {
            let (next, span) = match (here, step) {
                (Here::Keys(table), Step::Key(key)) => {
                    let Some((key, item)) = table.get_key_value(key) else {
                        break;
                    };
                    (of_item(item), key.span().or_else(|| item.span()))
                }
                (Here::Tables(tables), Step::Index(index)) => {
                    let Some(table) = tables.get(*index) else {
                        break;
                    };
                    (Here::Keys(table), table.span())
                }
                (Here::Items(items), Step::Index(index)) => {
                    let Some(value) = items.get(*index) else {
                        break;
                    };
                    (of_value(value), value.span())
                }
                _ => break,
            };
            found = span
                .as_ref()
                .map(|span: &Range<usize>| span.start)
                .or(found);
            here = next;
        }
        found
    }
}

fn of_item(item: &Item) -> Here<'_> {
    match item {
        Item::Table(table) => Here::Keys(table),
        Item::ArrayOfTables(tables) => Here::Tables(tables),
        Item::Value(value) => of_value(value),
        Item::None => Here::Leaf,
    }
}

fn of_value(value: &Value) -> Here<'_> {
    match value {
        Value::Array(items) => Here::Items(items),
        Value::InlineTable(table) => Here::Keys(table),
        _ => Here::Leaf,
    }
}

/// The 1-based line and column of what `path` names (see [`TomlSpans::offset`]), or `(0, 0)`
/// when the text is not TOML or has nothing of the path. One parse per call: a reader that
/// reports many problems keeps the parse (`Reader::toml`).
pub(crate) fn locate_toml(text: &str, path: &[Step], _at_key: bool) -> (usize, usize) {
    TomlSpans::parse(text)
        .and_then(|spans| spans.offset(path))
        .map_or((0, 0), |offset| line_col(text, offset))
}

#[cfg(test)]
#[path = "locate_toml_tests.rs"]
mod tests;
