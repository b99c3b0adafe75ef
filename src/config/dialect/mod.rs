//! One loader per dialect, each turning its file into the one hook model. Adding a dialect means
//! adding a file here and a row in `sources.rs`.

use std::path::Path;

use crate::config::diagnostics::Diagnostic;
use crate::config::dialect_name::Dialect;
use crate::config::model::{Hook, Source};

pub(crate) mod claude;
pub(crate) mod hookrun;
pub(crate) mod proxyai;

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
}

impl DialectLoad {
    /// A file that could not be parsed at all.
    pub(crate) fn failed(diagnostic: Diagnostic) -> DialectLoad {
        DialectLoad { hooks: Vec::new(), diagnostics: vec![diagnostic] }
    }
}

/// Loads one source with its dialect's loader.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    match ctx.source.dialect {
        Dialect::Hookrun => hookrun::load(ctx),
        Dialect::Claude | Dialect::Gemini => claude::load(ctx, ctx.source.dialect),
        Dialect::Proxyai => proxyai::load(ctx),
        other => DialectLoad::failed(Diagnostic::whole_file(
            crate::config::diagnostics::Severity::Error,
            &ctx.source.display,
            format!("the {other} dialect is not supported by this build of hookrun"),
        )),
    }
}
