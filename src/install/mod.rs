//! Wiring hookrun into an agent's own configuration (`hookrun install`, `uninstall`): the
//! [`Installer`] interface a dialect implements in its own `install.rs`, and the edits the JSON
//! agents share. Each edit is a pure function from the file's text to the new text and what
//! changed; the command (`commands/install.rs`) reads, prints and writes.

pub(crate) mod json;
pub(crate) mod program;
pub(crate) mod shell;
pub(crate) mod toml_list;
pub(crate) mod write;
pub(crate) mod yaml;

use std::path::{Path, PathBuf};

use json::Json;

/// Add hookrun's entries, or take them away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    Install,
    Uninstall,
}

/// How the agent runs hookrun: the program, and the project the installation is for.
#[derive(Debug, Clone)]
pub(crate) struct Invocation {
    /// The hookrun executable, as written into the agent's file.
    pub(crate) program: String,
    /// The project directory, absolute (for agents that name it in the file itself).
    pub(crate) project_dir: PathBuf,
}

impl Invocation {
    /// Stands for "any program" when recognising hookrun's entries: an entry is hookrun's when it
    /// is what install writes with some program in this place.
    const ANY_PROGRAM: &'static str = "\u{0}hookrun-program\u{0}";

    fn any_program(&self) -> Invocation {
        Invocation {
            program: Invocation::ANY_PROGRAM.to_owned(),
            project_dir: self.project_dir.clone(),
        }
    }

    /// The program as one word of a `/bin/sh` command line.
    pub(crate) fn shell_program(&self) -> String {
        if self.program == Invocation::ANY_PROGRAM {
            return self.program.clone();
        }
        shell::quote(&self.program)
    }
}

/// What an edit did to one file.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Edit {
    /// The new text; `None` when the file is to be removed (uninstall left nothing in it).
    pub(crate) text: Option<String>,
    /// Events whose hookrun entry was added (install) or removed (uninstall).
    pub(crate) changed: Vec<String>,
    /// Events whose hookrun entry ran another program and now runs this one.
    pub(crate) updated: Vec<String>,
}

/// How hookrun is wired into one agent: which file, which events, and the edit. A dialect offers
/// one through [`DialectSpec::installer`](crate::model::dialect::DialectSpec::installer).
pub(crate) trait Installer: Sync {
    /// The file written for the project, relative to the project directory; `None` when the agent
    /// reads no project file (its hooks live in the user's own file only: install with `--user`).
    fn project_file(&self) -> Option<&'static str>;
    /// The user-level file, when the agent reads one.
    fn user_file(&self) -> Option<PathBuf> {
        None
    }
    /// The fixed `PATH` the agent runs its hooks with, when it does not pass on its own (PRX's
    /// sanitised environment): where a project entry's bare `hookrun` must be.
    fn hook_path(&self) -> Option<&'static str> {
        None
    }
    /// The file's new text with hookrun's entries added or removed; `text` is `None` when the
    /// file does not exist. An `Err` says why the file cannot be edited.
    fn edit(&self, text: Option<&str>, how: &Invocation, action: Action) -> Result<Edit, Unfit>;
    /// For an agent that runs one executable file per event, named after it, in a folder (the
    /// folder is then [`Installer::project_file`] or [`Installer::user_file`]): the events
    /// install writes a file for, each read and edited on its own by
    /// [`Installer::edit_event`] and created executable. Empty for an agent of one file.
    fn event_files(&self) -> &'static [&'static str] {
        &[]
    }
    /// The event file of `event`'s new text, as [`Installer::edit`] for one file. An `Err` (a
    /// file of the user's own there) refuses the whole installation: nothing is written.
    fn edit_event(
        &self,
        _event: &str,
        text: Option<&str>,
        how: &Invocation,
        action: Action,
    ) -> Result<Edit, Unfit> {
        self.edit(text, how, action)
    }
}

/// Why `install` left a file as it was.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unedited {
    #[error("cannot read it: {0}")]
    Unreadable(#[source] std::io::Error),
    #[error("not a regular file")]
    NotAFile,
    #[error("cannot edit it: {0}")]
    Unfit(#[from] Unfit),
}

/// Why hookrun leaves an agent's file as it is rather than edit it.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unfit {
    /// Comments, which hookrun's JSON writer would lose.
    #[error("{}", crate::config::jsonc::CANNOT_KEEP)]
    Comments,
    #[error("not valid JSON: {0}")]
    Json(#[source] serde_json::Error),
    #[error("not valid TOML: {}", .0.message().trim())]
    Toml(#[source] toml_edit::TomlError),
    /// A TOML key that is not the array of tables hookrun appends to.
    #[error("`{key}` is not an array of tables (`[[{key}]]`)")]
    NotTables { key: &'static str },
    /// A value of another kind where hookrun writes: `at` names it (`its root`,
    /// `` `hooks.PreToolUse` ``), `found` and `wanted` are kinds (`an array`).
    #[error("{at} is {found}, not {wanted}")]
    Kind {
        at: String,
        found: &'static str,
        wanted: &'static str,
    },
    /// A part written in a style hookrun cannot edit line by line (YAML in flow style).
    #[error("{at} is not written as a block mapping")]
    NotBlock { at: &'static str },
    /// The user's own entry where hookrun's would go.
    #[error("{at} is already there and is not hookrun's entry")]
    Taken { at: String },
    /// A hook file of the user's own where hookrun's would go, in an agent that runs one file
    /// per event (so the two cannot both run).
    #[error(
        "a hook of your own is there and the agent runs one file per event: hookrun will not \
         overwrite it (move what it does into hookrun.toml, remove it, and install again)"
    )]
    Occupied,
    /// Asked to edit one file of an agent whose hooks are one file per event.
    #[error("its hooks are one file per event")]
    PerEvent,
}

/// Whether `actual` is `expected` with some non-empty program where `expected` has
/// [`Invocation::ANY_PROGRAM`].
fn same_but_program(expected: &Json, actual: &Json) -> bool {
    match (expected, actual) {
        (Json::String(pattern), Json::String(text)) => {
            match pattern.split_once(Invocation::ANY_PROGRAM) {
                Some((before, after)) => {
                    text.len() > before.len() + after.len()
                        && text.starts_with(before)
                        && text.ends_with(after)
                }
                None => pattern == text,
            }
        }
        (Json::Array(a), Json::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_but_program(x, y))
        }
        (Json::Object(a), Json::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, va), (kb, vb))| ka == kb && same_but_program(va, vb))
        }
        _ => expected == actual,
    }
}

/// The entry an installer writes for one event.
pub(crate) type EntryFn = fn(event: &str, how: &Invocation) -> Json;

/// The JSON file shapes of the agents.
#[derive(Clone, Copy)]
pub(crate) enum Layout {
    /// `{"hooks": {"<event>": [entry…]}}` (Claude, Codex, Gemini, Cursor, ProxyAI, PRX).
    EventMap,
    /// `{"hooks": [entry…]}`, each entry naming its event (PraisonAI).
    EntryList,
}

impl Layout {
    /// The kind of value `hooks` is in this layout, as [`Json::kind`] words it.
    fn kind(self) -> &'static str {
        match self {
            Layout::EventMap => "an object",
            Layout::EntryList => "an array",
        }
    }
}

/// A JSON agent's installation, described as data: each JSON dialect's `install.rs` holds one.
pub(crate) struct JsonHooks {
    /// The project's file, relative to the project directory.
    pub(crate) project_file: &'static str,
    /// The user-level file, when the agent reads one.
    pub(crate) user_file: fn() -> Option<PathBuf>,
    pub(crate) layout: Layout,
    /// Keys a new file starts with, before `hooks` (Cursor's `"version": 1`).
    pub(crate) preamble: fn() -> Vec<(String, Json)>,
    pub(crate) events: &'static [&'static str],
    pub(crate) entry: EntryFn,
    /// See [`Installer::hook_path`].
    pub(crate) hook_path: Option<&'static str>,
}

impl Installer for JsonHooks {
    fn project_file(&self) -> Option<&'static str> {
        Some(self.project_file)
    }

    fn user_file(&self) -> Option<PathBuf> {
        (self.user_file)()
    }

    fn hook_path(&self) -> Option<&'static str> {
        self.hook_path
    }

    fn edit(&self, text: Option<&str>, how: &Invocation, action: Action) -> Result<Edit, Unfit> {
        let (mut root, indent, newline) = match text {
            Some(text) if crate::config::jsonc::has_comments(text) => return Err(Unfit::Comments),
            Some(text) if !text.trim().is_empty() => (
                Json::parse(text).map_err(Unfit::Json)?,
                json::indent_of(text),
                text.ends_with('\n'),
            ),
            _ if action == Action::Uninstall => return Ok(Edit::default()),
            _ => (Json::Object((self.preamble)()), "  ".to_owned(), true),
        };
        let Json::Object(_) = root else {
            return Err(Unfit::Kind {
                at: "its root".to_owned(),
                found: root.kind(),
                wanted: "an object",
            });
        };
        let mut edit = Edit::default();
        match action {
            Action::Install => self.install(&mut root, how, &mut edit)?,
            Action::Uninstall => self.uninstall(&mut root, how, &mut edit)?,
        }
        if action == Action::Uninstall && edit.changed.is_empty() {
            return Ok(edit);
        }
        let Json::Object(entries) = &root else {
            unreachable!("checked above")
        };
        let left_only_preamble = *entries == (self.preamble)() || entries.is_empty();
        edit.text = if action == Action::Uninstall && left_only_preamble {
            None
        } else {
            let mut out = match text {
                Some(original) if !original.trim().is_empty() => {
                    root.render_like(&indent, original)
                }
                _ => root.render(&indent),
            };
            if !newline {
                out.pop();
            }
            Some(out)
        };
        Ok(edit)
    }
}

impl JsonHooks {
    fn install(&self, root: &mut Json, how: &Invocation, edit: &mut Edit) -> Result<(), Unfit> {
        let Json::Object(keys) = root else {
            return Ok(());
        };
        if !keys.iter().any(|(k, _)| k == "hooks") {
            let empty = match self.layout {
                Layout::EventMap => Json::Object(Vec::new()),
                Layout::EntryList => Json::Array(Vec::new()),
            };
            keys.push(("hooks".to_owned(), empty));
        }
        let hooks = root.get_mut("hooks").expect("added above");
        let any = how.any_program();
        for &event in self.events {
            let wanted = (self.entry)(event, how);
            let pattern = (self.entry)(event, &any);
            let list = self.list_mut(hooks, event)?;
            match list.iter_mut().find(|e| same_but_program(&pattern, e)) {
                Some(existing) if *existing == wanted => {}
                Some(existing) => {
                    *existing = wanted;
                    edit.updated.push(event.to_owned());
                }
                None => {
                    list.push(wanted);
                    edit.changed.push(event.to_owned());
                }
            }
        }
        Ok(())
    }

    /// The entries of `event` (Layout::EventMap), created empty when missing; for
    /// Layout::EntryList the one list of every event.
    fn list_mut<'j>(&self, hooks: &'j mut Json, event: &str) -> Result<&'j mut Vec<Json>, Unfit> {
        let hooks_kind = hooks.kind();
        match (self.layout, hooks) {
            (Layout::EntryList, Json::Array(items)) => Ok(items),
            (Layout::EventMap, Json::Object(events)) => {
                if !events.iter().any(|(k, _)| k == event) {
                    events.push((event.to_owned(), Json::Array(Vec::new())));
                }
                let (_, list) = events
                    .iter_mut()
                    .find(|(k, _)| k == event)
                    .expect("added above");
                let kind = list.kind();
                match list {
                    Json::Array(items) => Ok(items),
                    _ => Err(Unfit::Kind {
                        at: format!("`hooks.{event}`"),
                        found: kind,
                        wanted: "an array",
                    }),
                }
            }
            (layout, _) => Err(Unfit::Kind {
                at: "`hooks`".to_owned(),
                found: hooks_kind,
                wanted: layout.kind(),
            }),
        }
    }

    fn uninstall(&self, root: &mut Json, how: &Invocation, edit: &mut Edit) -> Result<(), Unfit> {
        let any = how.any_program();
        let Some(hooks) = root.get_mut("hooks") else {
            return Ok(());
        };
        let ours = |event: &str, entry: &Json| same_but_program(&(self.entry)(event, &any), entry);
        match (self.layout, hooks) {
            (Layout::EventMap, Json::Object(events)) => {
                for (event, list) in events.iter_mut() {
                    let Json::Array(items) = list else { continue };
                    let before = items.len();
                    items.retain(|entry| !ours(event, entry));
                    if items.len() < before {
                        edit.changed.push(event.clone());
                    }
                }
                let emptied = |event: &String, list: &Json| {
                    edit.changed.contains(event) && *list == Json::Array(Vec::new())
                };
                events.retain(|(event, list)| !emptied(event, list));
                if !events.is_empty() {
                    return Ok(());
                }
            }
            (Layout::EntryList, Json::Array(items)) => {
                for event in self.events {
                    let before = items.len();
                    items.retain(|entry| !ours(event, entry));
                    if items.len() < before {
                        edit.changed.push((*event).to_owned());
                    }
                }
                if !items.is_empty() {
                    return Ok(());
                }
            }
            (layout, other) => {
                return Err(Unfit::Kind {
                    at: "`hooks`".to_owned(),
                    found: other.kind(),
                    wanted: layout.kind(),
                });
            }
        }
        if !edit.changed.is_empty()
            && let Json::Object(keys) = root
        {
            keys.retain(|(k, _)| k != "hooks");
        }
        Ok(())
    }
}

/// No user-level file.
pub(crate) fn no_user_file() -> Option<PathBuf> {
    None
}

/// `$HOME/<rel>`, when `HOME` is set.
pub(crate) fn in_home(rel: &str) -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|home| !home.is_empty())
        .map(|home| PathBuf::from(home).join(rel))
}

/// `path` shown relative to `base` when it is inside it.
pub(crate) fn display(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}
