//! The trust store: `$XDG_STATE_HOME/hookrun/trust.json` (default `~/.local/state/hookrun/`),
//! outside every project. Written atomically (a temporary file in the same directory, then a
//! rename) with mode 0600 in a 0700 directory. A store that another user owns, or that others
//! may write (the file or its directory), is ignored with a warning, as ssh treats such files:
//! whoever can write it could trust anything.
//!
//! Concurrent `hookrun trust` runs (ten projects of one user trusted at once) must not lose each
//! other's records: a store remembers the changes made to it, and [`Store::save`] takes the
//! store directory's lock (`install::write::lock`), reads the file again, applies those changes to
//! what is there now, and writes it before letting go.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// One trusted source.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) hash: String,
    /// Its hooks when trusted, one line each (to show what changed).
    pub(crate) hooks: Vec<String>,
    pub(crate) trusted_at: String,
}

/// The store's document.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Document {
    version: u32,
    /// Canonical project root → source path in it → record.
    projects: BTreeMap<String, BTreeMap<String, Record>>,
}

/// The loaded store.
#[derive(Debug, Default)]
pub(crate) struct Store {
    path: Option<PathBuf>,
    document: Document,
    /// Why the file on disk was not used (it is then never written either).
    pub(crate) ignored: Option<Unusable>,
    /// The changes made since the load, replayed onto the file as it is when saved.
    changes: Vec<Change>,
}

/// One change to the store.
#[derive(Debug)]
enum Change {
    Trust {
        root: String,
        key: String,
        record: Record,
    },
    Revoke {
        root: String,
    },
}

impl Document {
    fn apply(&mut self, change: &Change) {
        match change {
            Change::Trust { root, key, record } => {
                self.projects
                    .entry(root.clone())
                    .or_default()
                    .insert(key.clone(), record.clone());
            }
            Change::Revoke { root } => {
                self.projects.remove(root);
            }
        }
    }
}

/// The store's path; `None` when neither `XDG_STATE_HOME` nor `HOME` is set.
pub(crate) fn path() -> Option<PathBuf> {
    Some(crate::config::sources::state_dir()?.join("trust.json"))
}

impl Store {
    /// Reads the store (an empty one when there is none yet).
    pub(crate) fn load() -> Store {
        let Some(path) = path() else {
            return Store {
                ignored: Some(Unusable::NoPlace),
                ..Store::default()
            };
        };
        let mut store = Store {
            path: Some(path.clone()),
            ..Store::default()
        };
        match read_document(&path) {
            Ok(document) => store.document = document,
            Err(why) => store.ignored = Some(why),
        }
        store
    }

    /// Where the store is.
    pub(crate) fn location(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The record of `key` in the project at `root`.
    pub(crate) fn record(&self, root: &Path, key: &str) -> Option<&Record> {
        self.document
            .projects
            .get(&*root.to_string_lossy())?
            .get(key)
    }

    /// Trusts `key` of the project at `root` as it is now.
    pub(crate) fn trust(&mut self, root: &Path, key: &str, record: Record) {
        let change = Change::Trust {
            root: root.to_string_lossy().into_owned(),
            key: key.to_owned(),
            record,
        };
        self.document.apply(&change);
        self.changes.push(change);
    }

    /// Forgets the project at `root`; whether it had records.
    pub(crate) fn revoke(&mut self, root: &Path) -> bool {
        let root = root.to_string_lossy().into_owned();
        let had = self.document.projects.contains_key(&root);
        let change = Change::Revoke { root };
        self.document.apply(&change);
        self.changes.push(change);
        had
    }

    /// Every project and its records.
    pub(crate) fn projects(&self) -> impl Iterator<Item = (&String, &BTreeMap<String, Record>)> {
        self.document.projects.iter()
    }

    /// Applies this store's changes to the file as it is now, under the store directory's lock,
    /// and writes it atomically, mode 0600: a `trust` run beside this one loses nothing.
    pub(crate) fn save(&mut self) -> std::io::Result<()> {
        if let Some(why) = &self.ignored {
            return Err(std::io::Error::other(format!(
                "the trust store is not used ({why}): fix or remove it first"
            )));
        }
        let path = self
            .path
            .clone()
            .ok_or_else(|| std::io::Error::other("no place for the trust store"))?;
        let dir = path.parent().expect("the store is in a directory");
        std::fs::create_dir_all(dir)?;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
        let _lock = crate::install::write::lock(&path)?;
        let mut document = read_document(&path).map_err(|why| {
            std::io::Error::other(format!("the trust store changed under us: {why}"))
        })?;
        for change in &self.changes {
            document.apply(change);
        }
        document.version = 1;
        let mut text = serde_json::to_vec_pretty(&document).map_err(std::io::Error::other)?;
        text.push(b'\n');
        let temp = dir.join(format!(".trust.json.{}", std::process::id()));
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&temp)?;
        file.write_all(&text)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, &path).inspect_err(|_| {
            let _ = std::fs::remove_file(&temp);
        })?;
        self.document = document;
        self.changes.clear();
        Ok(())
    }
}

/// Why the store on disk is not used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unusable {
    #[error("neither XDG_STATE_HOME nor HOME is set")]
    NoPlace,
    /// Owned by another user or writable by others (see [`unsafe_place`]).
    #[error("{}: {problem}", path.display())]
    Unsafe { path: PathBuf, problem: String },
    #[error("{}: not a trust store: {source}", path.display())]
    NotAStore {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error("{}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// The store's document at `path` (an empty one when there is no file yet), or why it must not
/// be used.
fn read_document(path: &Path) -> Result<Document, Unusable> {
    if let Some(problem) = unsafe_place(path) {
        return Err(Unusable::Unsafe {
            path: path.to_owned(),
            problem,
        });
    }
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str::<Document>(&text).map_err(|source| Unusable::NotAStore {
            path: path.to_owned(),
            source,
        }),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Document::default()),
        Err(source) => Err(Unusable::Unreadable {
            path: path.to_owned(),
            source,
        }),
    }
}

/// Why the store at `path` must not be believed: owned by another user, or writable by others
/// (the file, or the directory it is in).
fn unsafe_place(path: &Path) -> Option<String> {
    let me = rustix::process::geteuid().as_raw();
    let dir = path.parent()?;
    for (what, place) in [("its directory", dir), ("the file", path)] {
        let Ok(meta) = std::fs::metadata(place) else {
            continue;
        };
        if meta.uid() != me {
            return Some(format!(
                "{what} is owned by another user (uid {})",
                meta.uid()
            ));
        }
        if meta.mode() & 0o022 != 0 {
            return Some(format!(
                "{what} may be written by others (mode {:o})",
                meta.mode() & 0o777
            ));
        }
    }
    None
}
