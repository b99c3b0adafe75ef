//! Sources: every configuration file the dialects' registry names (or `-c` names), read and
//! loaded by its dialect into one typed model, with every problem collected as a positioned
//! diagnostic. A file that cannot be loaded is an error, never "no hooks".

use std::path::{Path, PathBuf};

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::sources::read_config;
use crate::dialects;
use crate::model::load::LoadContext;
use crate::model::{Dialect, Hook, Source};

/// What to load.
pub(crate) struct LoadOptions<'a> {
    pub(crate) project_dir: &'a Path,
    /// Files named with `-c`: they replace discovery.
    pub(crate) config_files: &'a [PathBuf],
    /// `--dialect`, for `-c` files whose path does not tell.
    pub(crate) dialect: Option<Dialect>,
    pub(crate) user_config: bool,
}

/// Everything loaded: sources in run order, their hooks in run order, and every problem.
#[derive(Debug)]
pub(crate) struct Config {
    pub(crate) sources: Vec<Source>,
    pub(crate) hooks: Vec<Hook>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl Config {
    pub(crate) fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Loads every configuration source.
pub(crate) fn load(options: &LoadOptions<'_>) -> Config {
    let mut config = Config {
        sources: Vec::new(),
        hooks: Vec::new(),
        diagnostics: Vec::new(),
    };
    for (path, dialect, explicit) in candidates(options) {
        let display = display_path(&path, options.project_dir);
        let text = match read_config(&path) {
            Ok(Some(text)) => text,
            Ok(None) if !explicit => continue,
            Ok(None) => {
                config.diagnostics.push(Diagnostic::whole_file(
                    Severity::Error,
                    &display,
                    "no such file",
                ));
                continue;
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound && !explicit => {
                // A dangling symlink: the file was meant to be there (`validate`: an error).
                let mut warning =
                    Diagnostic::whole_file(Severity::Warning, &display, format!("{error}"))
                        .with_help("restore the link's target, or remove the link");
                warning.code = Some(crate::config::diagnostics::DANGLING_SYMLINK);
                config.diagnostics.push(warning);
                continue;
            }
            Err(error) => {
                config.diagnostics.push(Diagnostic::whole_file(
                    Severity::Error,
                    &display,
                    format!("cannot read: {error}"),
                ));
                continue;
            }
        };
        let Some(dialect) = dialect.or_else(|| dialects::by_content(&text)) else {
            config.diagnostics.push(
                Diagnostic::whole_file(
                    Severity::Error,
                    &display,
                    "cannot tell this file's dialect from its path or content",
                )
                .with_help(format!(
                    "name it with --dialect ({})",
                    dialects::names().join(", ")
                )),
            );
            continue;
        };
        let source = Source {
            path,
            display,
            dialect,
            text,
            explicit,
        };
        let index = config.sources.len();
        let mut loaded = dialect.load(&LoadContext {
            source: &source,
            index,
            project_dir: options.project_dir,
        });
        dialects::layout::check(&source, &mut loaded);
        config.diagnostics.extend(loaded.diagnostics);
        for hook in loaded.hooks {
            check_nul_bytes(&hook, &source, &mut config.diagnostics);
            config.hooks.push(hook);
        }
        config.sources.push(source);
    }
    crate::model::hook::make_names_unique(&mut config.hooks);
    config
}

/// The files to load, with the dialect their path implies (or `--dialect`), and whether named.
fn candidates(options: &LoadOptions<'_>) -> Vec<(PathBuf, Option<Dialect>, bool)> {
    if !options.config_files.is_empty() {
        return options
            .config_files
            .iter()
            .map(|path| {
                let dialect = dialects::by_path(path).or(options.dialect);
                (path.clone(), dialect, true)
            })
            .collect();
    }
    let mut out: Vec<_> = dialects::ALL
        .iter()
        .flat_map(|&dialect| {
            dialect
                .discovery()
                .iter()
                .map(move |rel| (options.project_dir.join(rel), Some(dialect), false))
        })
        .collect();
    if options.user_config {
        for &dialect in dialects::ALL {
            out.extend(
                dialect
                    .user_files()
                    .into_iter()
                    .map(|path| (path, Some(dialect), false)),
            );
        }
    }
    out
}

/// A path as reports show it: relative to the project dir when inside it.
fn display_path(path: &Path, project_dir: &Path) -> String {
    path.strip_prefix(project_dir)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// SPEC §11: a NUL byte in any string handed to the OS is a configuration error.
fn check_nul_bytes(hook: &Hook, source: &Source, diagnostics: &mut Vec<Diagnostic>) {
    for (field, value) in hook.os_strings() {
        if value.contains('\0') {
            diagnostics.push(Diagnostic::at(
                Severity::Error,
                &source.display,
                &source.text,
                source.position_of(hook),
                format!("hook `{}`: its {field} contains a NUL byte", hook.name),
            ));
        }
    }
}
