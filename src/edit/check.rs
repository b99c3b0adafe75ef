//! The gate every edit passes before it is written: the new text is loaded by its dialect and
//! checked exactly as `hookrun validate` checks it (the loader's diagnostics, `validate`'s checks,
//! the warnings `validate` counts as errors). An edit that brings an error the file did not have
//! is refused; errors already in the file are not the edit's, and do not block it.

use std::path::Path;

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::model::load::LoadContext;
use crate::model::{Dialect, Level, Source};
use crate::sources::Config;

/// The errors `validate` reports for `text` as `dialect`'s file at `path`.
pub(crate) fn errors(
    path: &Path,
    display: &str,
    dialect: Dialect,
    level: Level,
    text: &str,
    project_dir: &Path,
) -> Vec<Diagnostic> {
    let source = Source::new(
        path.to_path_buf(),
        display.to_owned(),
        dialect,
        text.to_owned(),
        level,
    );
    let loaded = dialect.load(&LoadContext {
        source: &source,
        index: 0,
        project_dir,
    });
    let config = Config {
        sources: vec![source],
        hooks: loaded.hooks,
        diagnostics: loaded.diagnostics,
    };
    let checked = crate::validate::check(&config, project_dir);
    let mut all = config.diagnostics;
    all.extend(checked);
    for diagnostic in &mut all {
        if diagnostic.code.is_some_and(crate::dialects::validate_error) {
            diagnostic.severity = Severity::Error;
        }
    }
    all.retain(Diagnostic::is_error);
    all
}

/// The errors of `after` that `before` did not have (compared by message: positions move).
pub(crate) fn introduced(before: &[Diagnostic], after: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut old: Vec<&str> = before.iter().map(|d| d.message.as_str()).collect();
    after
        .into_iter()
        .filter(|d| match old.iter().position(|m| *m == d.message) {
            Some(at) => {
                old.swap_remove(at);
                false
            }
            None => true,
        })
        .collect()
}
