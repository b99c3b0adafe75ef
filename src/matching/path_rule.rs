//! File-path specs of `if` rules (`Edit(src/**/*.ts)`): gitignore-style globs anchored at the
//! project, the home directory or the file-system root (the book, "Matching").
//!
//! - `//p` is the absolute path `/p`; `~/p` is under the home directory; `/p`, `./p` and any `p`
//!   containing a `/` are under the project dir (leading `../` steps out of it).
//! - A pattern with no `/` except a trailing one (`*.env`, `build/`) matches that name in any
//!   directory, as in `.gitignore`: `**/` is prepended.
//! - A trailing `/` means the directory's contents: `**` is appended.
//! - `*` stays within one path segment, `**` spans segments, `{a,b}` alternates.
//!
//! The glob is compiled relative to its anchor, so it does not depend on where the project is
//! (and needs no escaping of the project path); the file path is made absolute against the
//! project dir, normalised lexically (`.`, `..`), and made relative to the anchor before
//! matching. A file outside the anchor never matches.

use std::path::{Component, Path, PathBuf};

use globset::{GlobBuilder, GlobMatcher};

/// Where a path pattern is anchored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Base {
    /// The project dir (`/p`, `./p`, `dir/p`).
    Project,
    /// The home directory (`~/p`).
    Home,
    /// The file-system root (`//p`, and name-only patterns).
    Root,
}

/// A parsed file-path spec: an anchor and a glob relative to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PathPattern {
    base: Base,
    /// How many `..` steps the pattern takes above its anchor.
    up: usize,
    glob: String,
}

impl PathPattern {
    /// Splits a spec into its anchor and glob (string operations only).
    pub(super) fn parse(spec: &str) -> PathPattern {
        let spec = spec.trim();
        let (base, rest) = if let Some(absolute) = spec.strip_prefix("//") {
            (Base::Root, absolute)
        } else if let Some(home) = spec.strip_prefix("~/") {
            (Base::Home, home)
        } else if let Some(project) = spec.strip_prefix('/') {
            (Base::Project, project)
        } else if !spec.trim_end_matches('/').contains('/') {
            // gitignore: a bare name matches in any directory.
            return PathPattern {
                base: Base::Root,
                up: 0,
                glob: with_contents(format!("**/{spec}")),
            };
        } else {
            (Base::Project, spec)
        };
        let mut rest = rest;
        let mut up = 0;
        loop {
            if let Some(after) = rest.strip_prefix("./") {
                rest = after;
            } else if let Some(after) = rest.strip_prefix("../") {
                rest = after;
                up += 1;
            } else {
                break;
            }
        }
        let glob = if base == Base::Root {
            with_contents(format!("/{rest}"))
        } else if rest.is_empty() {
            "**".to_owned()
        } else {
            with_contents(rest.to_owned())
        };
        PathPattern { base, up, glob }
    }

    /// Compiles the glob with `*` kept inside one segment.
    pub(super) fn compile(&self) -> Result<GlobMatcher, String> {
        GlobBuilder::new(&self.glob)
            .literal_separator(true)
            .build()
            .map(|glob| glob.compile_matcher())
            .map_err(|e| e.to_string())
    }

    /// Whether `file` (absolute, or relative to `project_dir`) matches, given the compiled glob.
    pub(super) fn matches(
        &self,
        glob: &GlobMatcher,
        file: &str,
        project_dir: &Path,
        home: Option<&Path>,
    ) -> bool {
        let project_dir = normalize(project_dir);
        let file = normalize(&project_dir.join(file));
        let anchor = match self.base {
            Base::Root => return glob.is_match(&file),
            Base::Project => project_dir,
            Base::Home => match home {
                Some(home) => normalize(home),
                None => return false,
            },
        };
        let anchor = normalize(&anchor.join("../".repeat(self.up)));
        file.strip_prefix(&anchor)
            .is_ok_and(|relative| glob.is_match(relative))
    }
}

/// A trailing `/` selects everything inside the directory.
fn with_contents(mut glob: String) -> String {
    if glob.ends_with('/') {
        glob.push_str("**");
    }
    glob
}

/// Resolves `.` and `..` without touching the file system (the file may not exist yet).
pub(super) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
#[path = "path_rule_tests.rs"]
mod tests;
