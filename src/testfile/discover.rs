//! Finds test files under a directory: every `*.hooktest.{toml,yaml,yml,json}`, skipping `.git`,
//! `target`, `node_modules` and what the project root's `.gitignore` ignores.
//!
//! The `.gitignore` support is deliberately small: one file (the root's), `#` comments, a leading
//! `/` or an inner `/` anchors a pattern at the root, otherwise it matches at any depth; a pattern
//! also ignores everything below a matching directory; a trailing `/` is accepted (but also matches
//! files); negations (`!pattern`) are not supported and are skipped. Symlinked directories are not
//! followed.

use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use super::is_test_file;

/// Directories never searched.
const SKIPPED_DIRS: &[&str] = &[".git", "target", "node_modules"];

/// The root's `.gitignore` as a glob set over root-relative paths.
pub(crate) struct Ignore {
    root: PathBuf,
    set: GlobSet,
}

impl Ignore {
    /// Reads `root/.gitignore` (no file: nothing ignored).
    pub(crate) fn load(root: &Path) -> Ignore {
        // Read as configuration is: a FIFO `.gitignore` must not hang discovery.
        let text = crate::config::sources::read_config(&root.join(".gitignore"))
            .ok()
            .flatten()
            .unwrap_or_default();
        Ignore::from_text(root, &text)
    }

    fn from_text(root: &Path, text: &str) -> Ignore {
        let mut builder = GlobSetBuilder::new();
        for line in text.lines() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
                continue;
            }
            let pattern = line.trim_end_matches('/');
            let anchored = pattern.starts_with('/') || pattern.contains('/');
            let pattern = pattern.trim_start_matches('/');
            let base = if anchored {
                pattern.to_owned()
            } else {
                format!("**/{pattern}")
            };
            for glob in [base.clone(), format!("{base}/**")] {
                if let Ok(glob) = GlobBuilder::new(&glob).literal_separator(true).build() {
                    builder.add(glob);
                }
            }
        }
        Ignore {
            root: root.to_path_buf(),
            set: builder.build().unwrap_or_else(|_| GlobSet::empty()),
        }
    }

    pub(crate) fn ignores(&self, path: &Path) -> bool {
        path.strip_prefix(&self.root)
            .is_ok_and(|relative| self.set.is_match(relative))
    }
}

/// Every test file under `dir`, sorted by path.
pub(crate) fn find(dir: &Path, ignore: &Ignore) -> Vec<PathBuf> {
    let mut found = Vec::new();
    walk(dir, ignore, &mut found);
    found.sort();
    found
}

fn walk(dir: &Path, ignore: &Ignore, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if ignore.ignores(&path) {
            continue;
        }
        if kind.is_dir() {
            let name = entry.file_name();
            if !SKIPPED_DIRS.iter().any(|skip| name == *skip) {
                walk(&path, ignore, found);
            }
        } else if is_test_file(&path) {
            found.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gitignore_patterns_anchor_and_cover_directories() {
        let root = Path::new("/p");
        let ignore = Ignore::from_text(
            root,
            "# comment\nbuild/\n/out\ndocs/gen\n*.bak.hooktest.toml\n!keep\n",
        );
        assert!(ignore.ignores(Path::new("/p/build/a.hooktest.toml")));
        assert!(ignore.ignores(Path::new("/p/sub/build/x/a.hooktest.toml")));
        assert!(ignore.ignores(Path::new("/p/out/a.hooktest.toml")));
        assert!(!ignore.ignores(Path::new("/p/sub/out/a.hooktest.toml")));
        assert!(ignore.ignores(Path::new("/p/docs/gen/a.hooktest.toml")));
        assert!(ignore.ignores(Path::new("/p/x/old.bak.hooktest.toml")));
        assert!(!ignore.ignores(Path::new("/p/tests/a.hooktest.toml")));
    }
}
