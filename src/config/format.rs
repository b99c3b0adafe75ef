//! The three file formats configuration is written in, and what hookrun does with each: parse a
//! text into the shared [`Node`] tree, and find where a path into it is written.

use crate::config::locate::{Step, locate_json};
use crate::config::locate_toml::locate_toml;
use crate::config::locate_yaml::locate_yaml;
use crate::config::tree::Node;

/// A configuration file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Json,
    Toml,
    Yaml,
}

impl Format {
    /// `text` parsed into the tree the loaders read; `None` when it does not parse (the loader
    /// has reported why). `display` names the file in YAML's errors.
    pub(crate) fn parse<'a>(self, display: &str, text: &'a str) -> Option<Node<'a>> {
        match self {
            Format::Json => Node::from_json(text).ok(),
            Format::Toml => Node::from_toml(text).ok(),
            Format::Yaml => crate::config::yaml::parse(display, text).ok(),
        }
    }

    /// The 1-based position of the value (or, with `at_key`, of the key) at `path` in `text`.
    pub(crate) fn locate(self, text: &str, path: &[Step], at_key: bool) -> (usize, usize) {
        match self {
            Format::Json => locate_json(text, path, at_key),
            Format::Toml => locate_toml(text, path, at_key),
            Format::Yaml => locate_yaml(text, path, at_key),
        }
    }
}
