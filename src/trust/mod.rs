//! Trust before running: a hook that came with the project (a project-level source: any
//! dialect's project file, local settings, PRX's `hooks.json`, PromptKit's runtime YAML) runs only
//! once the user has trusted that source as it is now. User-level and managed sources, plugins
//! the user enabled, and files named with `-c` need no trust: the user put them there.
//!
//! A source is trusted by a record in the store ([`store`]): the project's canonical root, the
//! source's path in it, and a SHA-256 of its normalised hook definitions ([`fingerprint`]) — what
//! would run and when — so that reformatting a file keeps its trust and any change to what would
//! run revokes it.

pub(crate) mod fingerprint;
pub(crate) mod store;

use std::path::{Path, PathBuf};

use crate::model::Level;
use crate::sources::Config;

pub(crate) use fingerprint::Fingerprint;
pub(crate) use store::Store;

/// Whether a source at `level` needs the user's trust before its hooks run.
pub(crate) fn needs_trust(level: Level) -> bool {
    matches!(level, Level::Project | Level::Local)
}

/// Where a project-level source stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum State {
    Trusted,
    /// Never trusted (in this place).
    Untrusted,
    /// Trusted once; what it would run has changed since. The hooks as they were then.
    Changed {
        was: Vec<String>,
    },
}

impl State {
    pub(crate) fn word(&self) -> &'static str {
        match self {
            State::Trusted => "trusted",
            State::Untrusted => "untrusted",
            State::Changed { .. } => "changed",
        }
    }
}

/// One project-level source and its trust.
#[derive(Debug)]
pub(crate) struct SourceTrust {
    /// Index into `Config::sources`.
    pub(crate) source: usize,
    /// Its path relative to the project root (the record's key).
    pub(crate) key: String,
    pub(crate) fingerprint: Fingerprint,
    pub(crate) state: State,
}

/// The project's canonical root (a project moved or copied elsewhere is another project).
pub(crate) fn project_root(project_dir: &Path) -> PathBuf {
    std::fs::canonicalize(project_dir).unwrap_or_else(|_| project_dir.to_path_buf())
}

/// The trust of each project-level source in `wanted` (indices into `config.sources`; `None`:
/// every one) that defines hooks, by `store`.
pub(crate) fn assess(
    config: &Config,
    project_dir: &Path,
    store: &Store,
    wanted: Option<&[usize]>,
) -> Vec<SourceTrust> {
    let root = project_root(project_dir);
    config
        .sources
        .iter()
        .enumerate()
        .filter(|(index, source)| {
            needs_trust(source.level) && wanted.is_none_or(|wanted| wanted.contains(index))
        })
        .filter(|(index, _)| config.hooks.iter().any(|hook| hook.source == *index))
        .map(|(index, source)| {
            let key = source_key(&source.path, &root);
            let fingerprint = Fingerprint::of(config, index);
            let state = match store.record(&root, &key) {
                Some(record) if record.hash == fingerprint.hash => State::Trusted,
                Some(record) => State::Changed {
                    was: record.hooks.clone(),
                },
                None => State::Untrusted,
            };
            SourceTrust {
                source: index,
                key,
                fingerprint,
                state,
            }
        })
        .collect()
}

/// A source's path relative to the project root (as the store keys it).
fn source_key(path: &Path, root: &Path) -> String {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    absolute
        .strip_prefix(root)
        .unwrap_or(&absolute)
        .to_string_lossy()
        .into_owned()
}

/// What the user-level `hookrun.toml` says an untrusted hook does: held back (the default), or
/// blocks (`[trust] untrusted = "block"`, as its loader read it).
pub(crate) fn blocks_when_untrusted(config: &Config) -> bool {
    config
        .sources
        .iter()
        .any(|source| source.level == Level::User && source.switches.untrusted_blocks)
}

/// Whether this process runs in a CI job: `CI` set to anything but empty, `0` or `false` (GitHub
/// Actions, GitLab CI, CircleCI, Travis CI, Buildkite, Bitbucket Pipelines and others set
/// `CI=true`). Nobody there can review and trust a project's files, so held-back hooks block,
/// `hookrun test` fails and `validate` reports an error instead of passing quietly.
pub(crate) fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|value| truthy(&value.to_string_lossy()))
}

/// A variable's value read as a switch: anything but empty, `0`, `false`, `no` or `off`.
fn truthy(value: &str) -> bool {
    let value = value.trim();
    !(value.is_empty()
        || value == "0"
        || ["false", "no", "off"]
            .iter()
            .any(|word| value.eq_ignore_ascii_case(word)))
}

#[cfg(test)]
mod tests {
    use super::truthy;

    #[test]
    fn ci_is_on_for_any_value_but_the_falsey_ones() {
        for on in ["true", "1", "yes", "True", "github"] {
            assert!(truthy(on), "{on}");
        }
        for off in ["", " ", "0", "false", "FALSE", "no", "off"] {
            assert!(!truthy(off), "{off:?}");
        }
    }
}
