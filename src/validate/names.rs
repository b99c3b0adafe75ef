//! Hook names written twice (the book, "Validating configuration"): within one file an error, across
//! files a note — both hooks run, and reports call the later one `name-2`. Only names a file
//! writes count; names derived from commands may repeat freely.

use std::collections::HashMap;

use super::{Finding, Site};
use crate::config::diagnostics::Severity;

/// Names written in a file: twice in one file is an error, in two files a note (both run; the
/// later one is renamed in reports).
pub(super) fn check(sites: &[Site<'_>], findings: &mut Vec<Finding>) {
    let mut first: HashMap<&str, &Site<'_>> = HashMap::new();
    for site in sites {
        let Some(name) = site.written_name() else {
            continue;
        };
        let Some(earlier) = first.get(name) else {
            first.insert(name, site);
            continue;
        };
        let position = site.field("name", &[]);
        let (line, _) = earlier.field("name", &[]);
        if earlier.source.display == site.source.display {
            let message = format!("hook name `{name}` is already used in this file (line {line})");
            let help = "give every hook of a file a unique name";
            findings.push(
                site.report(Severity::Error, "name", position, message)
                    .help(help),
            );
        } else {
            let message = format!(
                "hook name `{name}` is also used in {}:{line}; this one is reported as `{}`",
                earlier.source.display, site.hook.name
            );
            let help = "rename one of them to tell them apart in reports";
            findings.push(
                site.report(Severity::Note, "name", position, message)
                    .help(help),
            );
        }
    }
}
