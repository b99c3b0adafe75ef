//! Sources: every configuration file the dialects' registry names (or `-c` names), read and
//! loaded by its dialect into one typed model, with every problem collected as a positioned
//! diagnostic. A file that cannot be loaded is an error, never "no hooks".

use std::path::{Path, PathBuf};

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::sources::read_config;
use crate::dialects;
use crate::model::dialect::{FileOrder, SourceFile};
use crate::model::hook::Switches;
use crate::model::load::LoadContext;
use crate::model::{Dialect, Hook, Level, Source};

/// What to load.
#[derive(Clone, Copy)]
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
    for candidate in candidates(options) {
        load_one(options, candidate, &mut config);
    }
    if options.config_files.is_empty() && options.user_config {
        for &dialect in dialects::ALL {
            let own: Vec<&Source> = config
                .sources
                .iter()
                .filter(|source| source.dialect == dialect)
                .collect();
            let plugins = dialect.plugin_files(&own, options.project_dir);
            for file in plugins {
                load_one(options, Candidate::outside(file, dialect), &mut config);
            }
        }
    }
    settle(&mut config);
    crate::model::hook::make_names_unique(&mut config.hooks);
    config
}

/// One file to load.
struct Candidate {
    path: PathBuf,
    /// The dialect its path implies (or `--dialect`).
    dialect: Option<Dialect>,
    level: Level,
    plugin_root: Option<PathBuf>,
    /// Why the directory at `path` could not be listed (its files are then not loaded).
    refused: Option<String>,
}

impl Candidate {
    fn outside(file: SourceFile, dialect: Dialect) -> Candidate {
        Candidate {
            path: file.path,
            dialect: Some(dialect),
            level: file.level,
            plugin_root: file.plugin_root,
            refused: None,
        }
    }

    /// A project file of `dialect` at `path`.
    fn project(path: PathBuf, dialect: Dialect, level: Level) -> Candidate {
        Candidate {
            path,
            dialect: Some(dialect),
            level,
            plugin_root: None,
            refused: None,
        }
    }
}

fn load_one(options: &LoadOptions<'_>, candidate: Candidate, config: &mut Config) {
    let Candidate {
        path,
        dialect,
        level,
        plugin_root,
        refused,
    } = candidate;
    let explicit = level == Level::Named;
    let display = display_path(&path, options.project_dir);
    if let Some(why) = refused {
        config
            .diagnostics
            .push(Diagnostic::whole_file(Severity::Error, &display, why));
        return;
    }
    let text = match read_config(&path) {
        Ok(Some(text)) => text,
        Ok(None) if !explicit => return,
        Ok(None) => {
            config.diagnostics.push(Diagnostic::whole_file(
                Severity::Error,
                &display,
                "no such file",
            ));
            return;
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound && !explicit => {
            // A dangling symlink: the file was meant to be there (`validate`: an error).
            let mut warning =
                Diagnostic::whole_file(Severity::Warning, &display, format!("{error}"))
                    .with_help("restore the link's target, or remove the link");
            warning.code = Some(crate::config::diagnostics::DANGLING_SYMLINK);
            config.diagnostics.push(warning);
            return;
        }
        Err(error) => {
            config.diagnostics.push(Diagnostic::whole_file(
                Severity::Error,
                &display,
                format!("cannot read: {error}"),
            ));
            return;
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
        return;
    };
    let mut source = Source::new(path, display, dialect, text, level);
    source.plugin_root = plugin_root.or_else(|| {
        explicit
            .then(|| dialect.plugin_root_of(&source.path))
            .flatten()
    });
    let index = config.sources.len();
    let mut loaded = dialect.load(&LoadContext {
        source: &source,
        index,
        project_dir: options.project_dir,
    });
    dialects::layout::check(&source, &mut loaded);
    config.diagnostics.extend(loaded.diagnostics);
    source.switches = loaded.switches;
    for hook in loaded.hooks {
        check_nul_bytes(&hook, &source, &mut config.diagnostics);
        config.hooks.push(hook);
    }
    config.sources.push(source);
}

/// Lets each dialect weigh its files' switches over one another's hooks.
fn settle(config: &mut Config) {
    for &dialect in dialects::ALL {
        let switched = config.sources.iter().any(|source| {
            source.dialect == dialect
                && (dialect.always_settles() || source.switches != Switches::default())
        });
        if switched {
            dialect.settle(&config.sources, &mut config.hooks);
        }
    }
}

/// The files to load: those named with `-c`, else every dialect's files in its
/// [`FileOrder`].
fn candidates(options: &LoadOptions<'_>) -> Vec<Candidate> {
    if !options.config_files.is_empty() {
        return options
            .config_files
            .iter()
            .map(|path| Candidate {
                path: path.clone(),
                dialect: dialects::by_path(path).or(options.dialect),
                level: Level::Named,
                plugin_root: None,
                refused: None,
            })
            .collect();
    }
    let mut out: Vec<Candidate> = Vec::new();
    for &dialect in dialects::ALL {
        match dialect.file_order() {
            FileOrder::ProjectFirst => {
                out.extend(discovered(dialect, options));
                out.extend(listed(dialect, options));
            }
            FileOrder::OutsideFirst => {
                out.extend(outside(dialect, options));
                out.extend(listed(dialect, options));
                out.extend(discovered(dialect, options));
            }
        }
    }
    for &dialect in dialects::ALL {
        if dialect.file_order() == FileOrder::ProjectFirst {
            out.extend(outside(dialect, options));
        }
    }
    out
}

/// `dialect`'s [`DialectSpec::discovery`](crate::model::dialect::DialectSpec::discovery) files.
fn discovered<'a>(
    dialect: Dialect,
    options: &'a LoadOptions<'_>,
) -> impl Iterator<Item = Candidate> + 'a {
    dialect.discovery().iter().map(move |rel| {
        let path = options.project_dir.join(rel);
        Candidate::project(path, dialect, dialect.discovery_level(rel))
    })
}

/// `dialect`'s managed files, and its user-level ones unless `--no-user-config`.
fn outside<'a>(
    dialect: Dialect,
    options: &'a LoadOptions<'_>,
) -> impl Iterator<Item = Candidate> + 'a {
    dialect
        .outside_files()
        .into_iter()
        .filter(|file| options.user_config || file.level == Level::Managed)
        .map(move |file| Candidate::outside(file, dialect))
}

/// `dialect`'s listed project files, or the reason their listing is refused.
fn listed(dialect: Dialect, options: &LoadOptions<'_>) -> Vec<Candidate> {
    match dialect.listed_files(options.project_dir) {
        Ok(files) => files
            .into_iter()
            .map(|path| Candidate::project(path, dialect, Level::Project))
            .collect(),
        Err(why) => vec![Candidate {
            refused: Some(why),
            ..Candidate::project(options.project_dir.to_path_buf(), dialect, Level::Project)
        }],
    }
}

/// Every place discovery looks, in order (what the environment and the options decide), before
/// any file is read: the configuration cache is valid only for the same list.
pub(crate) fn discovery_paths(options: &LoadOptions<'_>) -> Vec<PathBuf> {
    candidates(options)
        .into_iter()
        .map(|candidate| candidate.path)
        .collect()
}

/// A path as reports show it: relative to the project dir when inside it.
fn display_path(path: &Path, project_dir: &Path) -> String {
    path.strip_prefix(project_dir)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// A NUL byte in any string handed to the OS is a configuration error.
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
