//! Configuration: every source of SPEC §2 loaded into one typed model, with every problem
//! collected as a positioned diagnostic. A file that cannot be loaded is an error, never "no hooks".

use std::path::{Path, PathBuf};

pub(crate) mod diagnostics;
pub(crate) mod dialect;
pub(crate) mod dialect_name;
pub(crate) mod duration;
pub(crate) mod locate;
pub(crate) mod locate_index;
pub(crate) mod locate_toml;
pub(crate) mod locate_yaml;
pub(crate) mod model;
pub(crate) mod reader;
pub(crate) mod sources;
pub(crate) mod tree;
pub(crate) mod yaml;
mod yaml_block;

use diagnostics::{Diagnostic, Severity};
use dialect_name::Dialect;
use model::{Hook, Source};

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
        let text = match sources::read_config(&path) {
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
                warning.code = Some(diagnostics::DANGLING_SYMLINK);
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
        let Some(dialect) = dialect.or_else(|| sources::dialect_from_content(&text)) else {
            config.diagnostics.push(
                Diagnostic::whole_file(Severity::Error, &display, "cannot tell this file's dialect from its path or content")
                    .with_help("name it with --dialect (hookrun, claude, gemini, cursor, proxyai, praison, prx, promptkit)"),
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
        let loaded = dialect::load(&dialect::LoadContext {
            source: &source,
            index,
            project_dir: options.project_dir,
        });
        config.diagnostics.extend(loaded.diagnostics);
        for hook in loaded.hooks {
            check_nul_bytes(&hook, &source, &mut config.diagnostics);
            config.hooks.push(hook);
        }
        config.sources.push(source);
    }
    model::make_names_unique(&mut config.hooks);
    config
}

/// The files to load, with the dialect their path implies (or `--dialect`), and whether named.
fn candidates(options: &LoadOptions<'_>) -> Vec<(PathBuf, Option<Dialect>, bool)> {
    if !options.config_files.is_empty() {
        return options
            .config_files
            .iter()
            .map(|path| {
                let dialect = sources::dialect_from_path(path).or(options.dialect);
                (path.clone(), dialect, true)
            })
            .collect();
    }
    let mut out: Vec<_> = sources::DISCOVERY
        .iter()
        .map(|(rel, dialect)| (options.project_dir.join(rel), Some(*dialect), false))
        .collect();
    if options.user_config
        && let Some(path) = sources::user_config_path()
    {
        out.push((path, Some(Dialect::Hookrun), false));
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
                hook_position(source, hook),
                format!("hook `{}`: its {field} contains a NUL byte", hook.name),
            ));
        }
    }
}

/// Where `hook`'s entry starts in its file (1-based line and column), for reports. Computed on
/// demand: scanning the file for every hook at load time would cost every `fire` for nothing.
pub(crate) fn hook_position(source: &Source, hook: &Hook) -> (usize, usize) {
    if hook.entry.is_empty() {
        return (0, 0);
    }
    // A PromptKit hook is a mapping entry: its name (the key) is where it starts.
    position_in(source, &hook.entry, source.dialect == Dialect::Promptkit)
}

/// The 1-based position of the value (or, with `at_key`, of the key) at `path` in `source`.
pub(crate) fn position_in(source: &Source, path: &[locate::Step], at_key: bool) -> (usize, usize) {
    match source.dialect {
        Dialect::Hookrun => locate_toml::locate_toml(&source.text, path, at_key),
        Dialect::Promptkit => locate_yaml::locate_yaml(&source.text, path, at_key),
        _ => locate::locate_json(&source.text, path, at_key),
    }
}
