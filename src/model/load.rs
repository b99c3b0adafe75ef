//! What a dialect's loader is given and what it gives back, and the path helpers every loader
//! shares. The loaders themselves live in the dialects' modules.

use std::path::{Path, PathBuf};

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::locate::Step;
use crate::config::locate::line_col;
use crate::config::reader::{Reader, child_index};
use crate::config::tree::{Node, Object};
use crate::model::hook::{Hook, Source, Switches};

/// What a loader is given.
pub(crate) struct LoadContext<'a> {
    pub(crate) source: &'a Source,
    /// Index of `source` among the loaded sources.
    pub(crate) index: usize,
    pub(crate) project_dir: &'a Path,
}

/// What a loader found: the hooks it could read, and every problem.
pub(crate) struct DialectLoad {
    pub(crate) hooks: Vec<Hook>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// What the file says about other files' hooks.
    pub(crate) switches: Switches,
}

impl DialectLoad {
    /// A file that could not be parsed at all.
    pub(crate) fn failed(diagnostic: Diagnostic) -> DialectLoad {
        DialectLoad {
            hooks: Vec::new(),
            diagnostics: vec![diagnostic],
            switches: Switches::default(),
        }
    }
}

/// The TOML file `source` as a tree, or the load that reports its syntax error where it is.
pub(crate) fn parse_toml(source: &Source) -> Result<Node<'_>, DialectLoad> {
    Node::from_toml(&source.text).map_err(|error| {
        let position = error
            .span()
            .map_or((0, 0), |span| line_col(&source.text, span.start));
        DialectLoad::failed(Diagnostic::at(
            Severity::Error,
            &source.display,
            &source.text,
            position,
            format!("invalid TOML: {}", error.message().trim()),
        ))
    })
}

/// The load of a TOML file whose hooks are its `[[hooks]]` tables: each table that is one is
/// read by `read_entry` (given the reader, the table and its path), anything else reported.
pub(crate) fn load_hook_tables(
    source: &Source,
    mut read_entry: impl FnMut(&mut Reader<'_>, &Object<'_>, &[Step]) -> Option<Hook>,
) -> DialectLoad {
    let root = match parse_toml(source) {
        Ok(root) => root,
        Err(failed) => return failed,
    };
    let mut reader = Reader::toml(&source.display, &source.text);
    let mut hooks = Vec::new();
    let root = root.as_object().expect("TOML parses to a table");
    if let Some(list) = root.get("hooks") {
        let path = vec![Step::Key("hooks".into())];
        if let Some(entries) = reader.array(list, &path, "the [[hooks]] tables") {
            for (index, entry) in entries.iter().enumerate() {
                let at = child_index(&path, index);
                if let Some(entry) = reader.object(entry, &at, "a [[hooks]] table") {
                    hooks.extend(read_entry(&mut reader, entry, &at));
                }
            }
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// The absolute directory of a configuration file (the base of its relative programs).
pub(crate) fn source_dir(source: &Source) -> PathBuf {
    let path = std::path::absolute(&source.path).unwrap_or_else(|_| source.path.clone());
    path.parent()
        .map_or_else(|| PathBuf::from("/"), Path::to_path_buf)
}

/// An exec-form program as spawned: a relative path (`./hooks/a.sh`, `hooks/a.sh`) resolves
/// against `dir()` (asked only then); a bare name (`python3`) is looked up in `PATH`; `${…}`
/// placeholders are left for the spawner to replace.
pub(crate) fn resolve_program(program: &str, dir: impl FnOnce() -> PathBuf) -> String {
    let path = Path::new(program);
    if program.contains('/') && path.is_relative() && !program.starts_with("${") {
        let rest = program.strip_prefix("./").unwrap_or(program);
        dir().join(rest).to_string_lossy().into_owned()
    } else {
        program.to_owned()
    }
}
