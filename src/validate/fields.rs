//! Where one field of a hook sits in its file, for `validate`'s own checks. The loaders record
//! each hook's entry path (`Hook::entry`); here a field of that entry is looked up in the parsed
//! document (to know it is really there) and then located in the text. Without an entry path, or
//! for a field the entry does not have, reports point at the entry itself (`Hook::location`).

use crate::config::locate::Step;
use crate::config::locate_index::PositionIndex;
use crate::config::reader::child;
use crate::config::tree::Node;
use crate::model::{Hook, Source};

/// One source's text parsed again into the tree the loaders read.
pub(super) fn document(source: &Source) -> Option<Node<'_>> {
    source
        .dialect
        .format_of(&source.path)
        .parse(&source.display, &source.text)
}

/// The value at `path` in `doc`.
pub(super) fn value_at<'v, 'a>(doc: &'v Node<'a>, path: &[Step]) -> Option<&'v Node<'a>> {
    path.iter().try_fold(doc, |value, step| match step {
        Step::Key(key) => value.get(key),
        Step::Index(index) => value.as_array()?.get(*index),
    })
}

/// A hook together with what is needed to point into its file.
pub(super) struct Site<'a> {
    pub(super) hook: &'a Hook,
    pub(super) source: &'a Source,
    pub(super) doc: Option<&'a Node<'a>>,
    /// The source's positions, found once for all its hooks.
    pub(super) positions: &'a PositionIndex<'a>,
}

impl Site<'_> {
    /// The hook's entry: where reports about it point when nothing more precise is known.
    pub(super) fn entry(&self) -> (usize, usize) {
        if self.hook.entry.is_empty() {
            return (0, 0);
        }
        // A mapping entry (PromptKit's) starts at its name, the key.
        let at_key = self.source.dialect.entry_is_key();
        self.positions.position(&self.hook.entry, at_key)
    }

    /// The value of `key` in the hook's entry, or in the first of `fallbacks` (paths of their
    /// own, e.g. a Claude matcher group's `matcher`) that has it.
    pub(super) fn field(&self, key: &str, fallbacks: &[Vec<Step>]) -> (usize, usize) {
        let own = (!self.hook.entry.is_empty()).then(|| child(&self.hook.entry, key));
        own.iter()
            .chain(fallbacks)
            .find(|path| self.has(path))
            .map_or_else(|| self.entry(), |path| self.locate(path, false))
    }

    /// Whether the document has a value at `path`.
    pub(super) fn has(&self, path: &[Step]) -> bool {
        self.doc.and_then(|doc| value_at(doc, path)).is_some()
    }

    /// The position of the value (or, with `at_key`, of the key) at `path`.
    pub(super) fn locate(&self, path: &[Step], at_key: bool) -> (usize, usize) {
        self.positions.position(path, at_key)
    }

    /// The hook's `name` exactly as its file writes it (not the one made unique across files).
    pub(super) fn written_name(&self) -> Option<&str> {
        if self.hook.entry.is_empty() {
            return None;
        }
        self.doc
            .and_then(|doc| value_at(doc, &child(&self.hook.entry, "name")))
            .and_then(|name| match name {
                Node::String(name) => Some(name.as_ref()),
                _ => None,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_at_walks_keys_and_indexes() {
        let doc = Node::from_json(r#"{"hooks": {"Stop": [{"command": "x"}]}}"#).unwrap();
        let path = [
            Step::Key("hooks".into()),
            Step::Key("Stop".into()),
            Step::Index(0),
            Step::Key("command".into()),
        ];
        assert_eq!(value_at(&doc, &path), Some(&Node::String("x".into())));
        assert_eq!(value_at(&doc, &child(&path[..3], "matcher")), None);
    }
}
