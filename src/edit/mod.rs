//! Editing hooks in the agents' own files (`hookrun hooks`; a server can call the same functions):
//! list, add, update, remove, and switch hooks on and off in any file whose dialect describes how
//! it is edited ([`Editing`]: where its hooks are, under which keys, with which switches), and in
//! hookrun's own `hookrun.toml`. Each operation is one locked read-modify-write of one file ([`store`]) that
//! keeps every other key and its order (`install`'s order-keeping [`Json`]; for TOML,
//! [`toml_hooks`] with `toml_edit`, which keeps comments too), passes `validate`'s checks before
//! anything is written ([`check`]), and returns typed errors. Hooks are named by content-derived [`id`]s; each file
//! state by a [`Version`] token a caller may require (`expect`) to refuse a concurrent edit.

mod check;
mod fields;
mod id;
pub(crate) mod shape;
mod store;
mod toml_fields;
mod toml_hooks;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::config::diagnostics::Diagnostic;
use crate::config::jsonc;
use crate::install::json::{self, Json};
use crate::model::editing::{Editing, Layout};
use crate::model::{Dialect, Level};
use shape::{Place, member, set};
pub(crate) use store::{Lock, Version};

/// Why an edit was not made. Nothing was written in any case.
#[derive(Debug, thiserror::Error)]
pub(crate) enum EditError {
    #[error("no hook has the id `{id}`")]
    NotFound { id: String },
    #[error("{file} changed since it was read (version {found}, expected {expected})")]
    Conflict {
        file: String,
        expected: Version,
        found: Version,
    },
    #[error("{file}: the edit was refused: {}", crate::config::diagnostics::render_errors(.diagnostics))]
    Invalid {
        file: String,
        diagnostics: Vec<Diagnostic>,
    },
    #[error("{file}: {what}")]
    Unsupported { file: String, what: String },
    #[error("{file}: cannot edit it: {why}")]
    Malformed { file: String, why: String },
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
}

/// One file `hookrun hooks` can edit.
#[derive(Debug, Clone)]
pub(crate) struct HookFile {
    pub(crate) path: PathBuf,
    /// As reports show it (relative to the project).
    pub(crate) display: String,
    pub(crate) dialect: Dialect,
    pub(crate) level: Level,
    pub(crate) project_dir: PathBuf,
}

/// One hook as `list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HookView {
    pub(crate) id: String,
    pub(crate) event: String,
    pub(crate) matcher: Option<String>,
    /// The program (exec form, with `args`) or the shell line.
    pub(crate) command: String,
    pub(crate) args: Vec<String>,
    /// The hook's own timeout, when it sets one.
    pub(crate) timeout_ms: Option<u64>,
    pub(crate) stdin_json: bool,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) enabled: bool,
}

/// A file's hooks and the version they were read at.
#[derive(Debug)]
pub(crate) struct Listing {
    pub(crate) version: Version,
    /// The file-wide switch (`disable --all`): `false` when every hook of the file is off.
    pub(crate) enabled: bool,
    pub(crate) hooks: Vec<HookView>,
}

/// What to set on a hook: for `add`, `event` and `command` are required; for `update`, each
/// field given replaces the hook's.
#[derive(Debug, Clone, Default)]
pub(crate) struct Change {
    pub(crate) event: Option<String>,
    /// The program, then its arguments.
    pub(crate) command: Option<Vec<String>>,
    pub(crate) matcher: Option<String>,
    pub(crate) timeout: Option<Duration>,
    pub(crate) stdin_json: Option<bool>,
    /// Variables set (added to the hook's `env`, replacing one of the same name).
    pub(crate) env: Vec<(String, String)>,
}

/// What an edit did: the hook's id after it (a content edit gives a new one) and the new version.
#[derive(Debug)]
pub(crate) struct Applied {
    pub(crate) id: String,
    pub(crate) version: Version,
}

/// A file opened for editing: its lock is held until this is dropped, so a caller can do more
/// under it (`hookrun hooks` records trust for what it wrote).
#[derive(Debug)]
pub(crate) struct Session<'f> {
    file: &'f HookFile,
    editing: Editing,
    text: Option<String>,
    lock: Lock,
}

impl HookFile {
    fn io(&self, source: std::io::Error) -> EditError {
        EditError::Io {
            file: self.display.clone(),
            source,
        }
    }

    /// How the file is edited, when its dialect can edit it.
    pub(crate) fn editing(&self) -> Option<Editing> {
        self.dialect.editing(&self.path)
    }

    fn editing_or_refuse(&self) -> Result<Editing, EditError> {
        self.editing().ok_or_else(|| EditError::Unsupported {
            file: self.display.clone(),
            what: format!("hookrun hooks cannot edit {} files", self.dialect.name()),
        })
    }

    /// The file's hooks, read under the lock (a consistent state).
    pub(crate) fn list(&self) -> Result<Listing, EditError> {
        let session = self.open(None)?;
        if session.editing.layout == Layout::Tables {
            return session.toml_listing();
        }
        let root = session.parse()?;
        let editing = session.editing;
        Ok(Listing {
            version: session.version(),
            enabled: !editing
                .file_switch
                .is_some_and(|switch| fields::is_off(&root, switch)),
            hooks: session.views(&root)?,
        })
    }

    /// Locks the file and reads it; with `expect`, refuses a file whose version differs.
    pub(crate) fn open(&self, expect: Option<&Version>) -> Result<Session<'_>, EditError> {
        let editing = self.editing_or_refuse()?;
        let lock = store::lock(&self.path).map_err(|e| self.io(e))?;
        let text = store::read(&self.path).map_err(|e| self.io(e))?;
        let session = Session {
            file: self,
            editing,
            text,
            lock,
        };
        if let Some(expected) = expect {
            let found = session.version();
            if found != *expected {
                return Err(EditError::Conflict {
                    file: self.display.clone(),
                    expected: expected.clone(),
                    found,
                });
            }
        }
        Ok(session)
    }
}

impl Session<'_> {
    /// The version of the file as it is now.
    pub(crate) fn version(&self) -> Version {
        Version::of(self.text.as_deref().map(str::as_bytes))
    }

    fn malformed(&self, why: impl Into<String>) -> EditError {
        EditError::Malformed {
            file: self.file.display.clone(),
            why: why.into(),
        }
    }

    fn unsupported(&self, what: impl Into<String>) -> EditError {
        EditError::Unsupported {
            file: self.file.display.clone(),
            what: what.into(),
        }
    }

    fn parse(&self) -> Result<Json, EditError> {
        let root = match self.text.as_deref() {
            Some(text) if !text.trim().is_empty() => {
                // Read as the agent reads it: comments are blanks where it allows them.
                let text = if self.file.dialect.json_comments() {
                    jsonc::strip_comments(text)
                } else {
                    text.into()
                };
                Json::parse(&text).map_err(|e| self.malformed(format!("not valid JSON: {e}")))?
            }
            _ => Json::Object(Vec::new()),
        };
        match root {
            Json::Object(_) => Ok(root),
            other => Err(self.malformed(format!("its root is {}, not an object", other.kind()))),
        }
    }

    fn views(&self, root: &Json) -> Result<Vec<HookView>, EditError> {
        let places = shape::places(self.editing.layout, root).map_err(|e| self.malformed(e))?;
        let matchers: Vec<Option<String>> = places
            .iter()
            .map(|p| shape::matcher(self.editing.layout, root, p))
            .collect();
        let ids = id::assign(
            &self.file.display,
            places
                .iter()
                .zip(&matchers)
                .map(|(p, m)| (p.event.as_str(), m.as_deref(), shape::entry(root, p))),
        );
        Ok(places
            .iter()
            .zip(matchers)
            .zip(ids)
            .map(|((place, matcher), id)| self.view(root, place, matcher, id))
            .collect())
    }

    fn view(&self, root: &Json, place: &Place, matcher: Option<String>, id: String) -> HookView {
        let entry = shape::entry(root, place);
        let editing = &self.editing;
        let (command, args) = fields::command_words(editing, entry);
        let env = match editing.env.and_then(|key| member(entry, key)) {
            Some(Json::Object(vars)) => vars
                .iter()
                .filter_map(|(k, v)| match v {
                    Json::String(v) => Some((k.clone(), v.clone())),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        HookView {
            id,
            event: place.event.clone(),
            matcher,
            command,
            args,
            timeout_ms: fields::timeout_ms(editing, entry),
            stdin_json: editing
                .stdin_json
                .is_some_and(|key| member(entry, key) == Some(&Json::Bool(true))),
            env,
            enabled: !editing
                .hook_switch
                .is_some_and(|switch| fields::is_off(entry, switch)),
        }
    }

    /// The place of the hook `id`.
    fn find(&self, root: &Json, id: &str) -> Result<Place, EditError> {
        let places = shape::places(self.editing.layout, root).map_err(|e| self.malformed(e))?;
        let views = self.views(root)?;
        views
            .iter()
            .position(|v| v.id == id)
            .map(|at| places[at].clone())
            .ok_or_else(|| EditError::NotFound { id: id.to_owned() })
    }

    /// Adds a hook running `change.command` on `change.event`.
    pub(crate) fn add(&mut self, change: &Change) -> Result<Applied, EditError> {
        if self.editing.layout == Layout::Tables {
            return self.toml_add(change);
        }
        let mut root = self.parse()?;
        self.file_keys(&mut root)?;
        shape::places(self.editing.layout, &root).map_err(|e| self.malformed(e))?;
        let (Some(event), Some(_)) = (&change.event, &change.command) else {
            return Err(self.unsupported("a new hook needs an event and a command"));
        };
        shape::check_event_list(&root, event).map_err(|e| self.malformed(e))?;
        let mut entry = fields::new_entry(&self.editing);
        self.apply_fields(&mut entry, change)?;
        let place = shape::insert(
            &self.editing,
            &mut root,
            event,
            change.matcher.as_deref(),
            entry,
        );
        self.commit(&root, &place)
    }

    /// Changes the fields `change` gives of the hook `id`; a new event or (matcher groups) a new
    /// matcher moves it to the end of that event's list.
    pub(crate) fn update(&mut self, id: &str, change: &Change) -> Result<Applied, EditError> {
        if self.editing.layout == Layout::Tables {
            return self.toml_update(id, change);
        }
        let mut root = self.parse()?;
        self.file_keys(&mut root)?;
        let mut place = self.find(&root, id)?;
        let old_matcher = shape::matcher(self.editing.layout, &root, &place);
        let moves_event = change.event.as_ref().is_some_and(|e| *e != place.event);
        let moves_group = self.editing.layout == Layout::Groups
            && change.matcher.is_some()
            && change.matcher != old_matcher;
        if moves_event || moves_group {
            let event = change.event.clone().unwrap_or_else(|| place.event.clone());
            shape::check_event_list(&root, &event).map_err(|e| self.malformed(e))?;
            let mut entry = shape::remove(&mut root, &place);
            self.apply_fields(&mut entry, change)?;
            let matcher = change.matcher.clone().or(old_matcher);
            place = shape::insert(&self.editing, &mut root, &event, matcher.as_deref(), entry);
        } else {
            let mut entry = shape::entry(&root, &place).clone();
            self.apply_fields(&mut entry, change)?;
            *shape::entry_mut(&mut root, &place) = entry;
        }
        self.commit(&root, &place)
    }

    /// Removes the hook `id`.
    pub(crate) fn remove(&mut self, id: &str) -> Result<Applied, EditError> {
        if self.editing.layout == Layout::Tables {
            return self.toml_remove(id);
        }
        let mut root = self.parse()?;
        self.file_keys(&mut root)?;
        let place = self.find(&root, id)?;
        shape::remove(&mut root, &place);
        let version = self.write(&root)?;
        Ok(Applied {
            id: id.to_owned(),
            version,
        })
    }

    /// Switches the hook `id` on or off with the dialect's switch in its entry.
    pub(crate) fn set_enabled(&mut self, id: &str, enabled: bool) -> Result<Applied, EditError> {
        if self.editing.layout == Layout::Tables {
            return self.toml_set_enabled(id, enabled);
        }
        let Some(switch) = self.editing.hook_switch else {
            return Err(self.unsupported(format!(
                "{} has no per-hook switch: remove the hook, or switch the whole file off with --all",
                self.file.dialect.name()
            )));
        };
        let mut root = self.parse()?;
        self.file_keys(&mut root)?;
        let place = self.find(&root, id)?;
        fields::set_switch(shape::entry_mut(&mut root, &place), switch, enabled)
            .map_err(|e| self.malformed(format!("the hook's {e}")))?;
        self.commit(&root, &place)
    }

    /// Switches every hook of the file on or off with the dialect's own file-wide switch.
    pub(crate) fn set_all_enabled(&mut self, enabled: bool) -> Result<Version, EditError> {
        if self.editing.layout == Layout::Tables {
            return self.toml_set_all_enabled(enabled);
        }
        let Some(switch) = self.editing.file_switch else {
            return Err(self.unsupported(format!(
                "{} has no switch for all its hooks",
                self.file.dialect.name()
            )));
        };
        let mut root = self.parse()?;
        self.file_keys(&mut root)?;
        fields::set_switch(&mut root, switch, enabled).map_err(|e| self.malformed(e))?;
        self.write(&root)
    }

    /// Writes the dialect's file keys into a new file; refuses a file whose own differ.
    fn file_keys(&self, root: &mut Json) -> Result<(), EditError> {
        let new = self.text.as_deref().is_none_or(|t| t.trim().is_empty());
        fields::check_file_keys(&self.editing, root, new).map_err(|e| self.malformed(e))
    }

    /// Writes what `change` sets into `entry`.
    fn apply_fields(&self, entry: &mut Json, change: &Change) -> Result<(), EditError> {
        let editing = &self.editing;
        let dialect = self.file.dialect.name();
        let lacks = |what: &str| self.unsupported(format!("{dialect} hooks have no {what}"));
        if let Some(words) = &change.command {
            if words.first().is_none_or(String::is_empty) {
                return Err(self.unsupported("the command is empty"));
            }
            if let Some(word) = words.iter().find(|w| w.contains('\0')) {
                return Err(self.unsupported(format!("the command {word:?} holds a NUL byte")));
            }
            fields::set_command(editing, entry, words).map_err(|e| self.unsupported(e))?;
        }
        if change.matcher.is_some() && editing.layout == Layout::Entries {
            if !editing.matcher {
                return Err(lacks("matcher"));
            }
            set(entry, "matcher", change.matcher.as_deref().map(Json::str));
        }
        if let Some(timeout) = change.timeout {
            fields::set_timeout(editing, dialect, entry, timeout)
                .map_err(|e| self.unsupported(e))?;
        }
        if let Some(stdin) = change.stdin_json {
            let key = editing.stdin_json.ok_or_else(|| lacks("--stdin-json"))?;
            set(entry, key, Some(Json::Bool(stdin)));
        }
        if !change.env.is_empty() {
            let key = editing.env.ok_or_else(|| lacks("--env"))?;
            if member(entry, key).is_none() {
                set(entry, key, Some(Json::Object(Vec::new())));
            }
            let env = entry.get_mut(key).expect("set above");
            if !matches!(env, Json::Object(_)) {
                return Err(self.malformed(format!("the hook's `{key}` is not an object")));
            }
            for (key, value) in &change.env {
                if key.contains('\0') || value.contains('\0') {
                    return Err(self.unsupported(format!("`env` {key:?} holds a NUL byte")));
                }
                set(env, key, Some(Json::str(value)));
            }
        }
        Ok(())
    }

    /// Writes `root` and returns the id of the hook now at `place`.
    fn commit(&mut self, root: &Json, place: &Place) -> Result<Applied, EditError> {
        let version = self.write(root)?;
        let id = self
            .views(root)?
            .into_iter()
            .zip(shape::places(self.editing.layout, root).map_err(|e| self.malformed(e))?)
            .find(|(_, p)| p == place)
            .map(|(view, _)| view.id)
            .expect("the hook is at its place");
        Ok(Applied { id, version })
    }

    /// Renders `root` in the file's own indent and writes it ([`Session::write_text`]).
    fn write(&mut self, root: &Json) -> Result<Version, EditError> {
        if self.text.as_deref().is_some_and(jsonc::has_comments) {
            return Err(self.malformed(jsonc::CANNOT_KEEP));
        }
        let text = match self.text.as_deref() {
            Some(original) if !original.trim().is_empty() => {
                let mut out = root.render_like(&json::indent_of(original), original);
                if !original.ends_with('\n') {
                    out.pop();
                }
                out
            }
            _ => root.render("  "),
        };
        self.write_text(text)
    }

    /// Checks `text` as `validate` would and writes it atomically; returns the new version.
    fn write_text(&mut self, text: String) -> Result<Version, EditError> {
        let file = self.file;
        let errors = |text: &str| {
            check::errors(
                &file.path,
                &file.display,
                file.dialect,
                file.level,
                text,
                &file.project_dir,
            )
        };
        let before = self.text.as_deref().map(errors).unwrap_or_default();
        let introduced = check::introduced(&before, errors(&text));
        if !introduced.is_empty() {
            return Err(EditError::Invalid {
                file: file.display.clone(),
                diagnostics: introduced,
            });
        }
        store::write(&file.path, &text, &self.lock).map_err(|e| file.io(e))?;
        self.text = Some(text);
        Ok(self.version())
    }
}

/// `path` as reports show it.
pub(crate) fn display(path: &Path, project_dir: &Path) -> String {
    crate::install::display(path, project_dir)
}

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;
