//! A load's warnings and notes in the cache's byte format, so that a fire from the cache prints
//! them exactly as a load of the files does (`fire` shows the coded ones always, the others with
//! `-v`). A load with an error is not cached: it stops the fire, and its report points into the
//! file's text. Each diagnostic is taken apart and built with every field named (no `..`), so a
//! field added to it does not compile here until the cache stores it.

use super::codec::{Reader, Writer};
use crate::config::diagnostics::{Diagnostic, Severity};

/// `None` when one of them cannot be stored: an error, or a code the cache cannot name back.
pub(super) fn put(w: &mut Writer, diagnostics: &[Diagnostic]) -> Option<()> {
    w.len(diagnostics.len())?;
    for diagnostic in diagnostics {
        let Diagnostic {
            severity,
            file,
            line,
            column,
            message,
            help,
            snippet,
            snippet_column,
            code,
        } = diagnostic;
        w.u8(match severity {
            Severity::Error => return None,
            Severity::Warning => 0,
            Severity::Note => 1,
        });
        w.str(file)?;
        w.u64(u64::try_from(*line).ok()?);
        w.u64(u64::try_from(*column).ok()?);
        w.str(message)?;
        w.opt_str(help.as_deref())?;
        w.opt_str(snippet.as_deref())?;
        w.u64(u64::try_from(*snippet_column).ok()?);
        if let Some(code) = code {
            crate::dialects::warning_code(code)?;
        }
        w.opt_str(*code)?;
    }
    Some(())
}

pub(super) fn get(r: &mut Reader<'_>) -> Option<Vec<Diagnostic>> {
    (0..r.len()?)
        .map(|_| {
            let severity = match r.u8()? {
                0 => Severity::Warning,
                1 => Severity::Note,
                _ => return None,
            };
            let file = r.str()?.to_owned();
            let line = usize::try_from(r.u64()?).ok()?;
            let column = usize::try_from(r.u64()?).ok()?;
            let message = r.str()?.to_owned();
            let help = r.opt_str()?.map(str::to_owned);
            let snippet = r.opt_str()?.map(str::to_owned);
            let snippet_column = usize::try_from(r.u64()?).ok()?;
            let code = match r.opt_str()? {
                Some(name) => Some(crate::dialects::warning_code(name)?),
                None => None,
            };
            Some(Diagnostic {
                severity,
                file,
                line,
                column,
                message,
                help,
                snippet,
                snippet_column,
                code,
            })
        })
        .collect()
}
