//! `hookrun.toml` (and `.hookrun.toml`, and the user-level file) edited in place: its `[[hook]]`
//! tables are read and changed through `toml_edit`, which keeps the comments, blank lines, key
//! order and quoting of everything the edit does not touch, so the rest of the file (`[trust]`,
//! `[llm]`, `[http]`, unknown keys, other hooks) comes back byte for byte. A hook's fields are
//! hookrun.toml's own: `events` (the event text splits on commas), `matcher`, `command` (with
//! `args`: exec form), `timeout` (a duration string), `env`, and `enabled`, the per-hook switch;
//! the top-level `enabled` is the file's. A value that is replaced keeps the comments around it.
//! Hooks written as an inline array (`hook = [{…}]`) are refused, not rewritten.

use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use super::toml_fields::{
    duration_ms, duration_text, events, keep_decor, set_value, string, strings, table_json,
};
use super::{Applied, Change, EditError, HookView, Listing, Session, Version, id};
use crate::install::json::Json;
use crate::install::shell;
use crate::model::Source;
use crate::model::hook::{CommandForm, Handler};
use crate::model::load::LoadContext;

impl Session<'_> {
    /// The file's hooks and its switch.
    pub(super) fn toml_listing(&self) -> Result<Listing, EditError> {
        let doc = self.document()?;
        Ok(Listing {
            version: self.version(),
            enabled: doc.get("enabled").and_then(Item::as_bool) != Some(false),
            hooks: self.toml_views(&doc)?,
        })
    }

    /// Appends a `[[hook]]` table after the file's last one.
    pub(super) fn toml_add(&mut self, change: &Change) -> Result<Applied, EditError> {
        let mut doc = self.document()?;
        let (Some(_), Some(_)) = (&change.event, &change.command) else {
            return Err(self.unsupported("a new hook needs an event and a command"));
        };
        let index = self.tables(&doc)?.len();
        let mut table = Table::new();
        self.apply_toml(&mut table, change)?;
        let table = match self.free_name(&doc, &table, None) {
            Some(name) => {
                let mut named = Table::new();
                named.insert("name", toml_edit::value(name));
                for (key, item) in &table {
                    named.insert(key, item.clone());
                }
                named
            }
            None => table,
        };
        hook_tables_mut(&mut doc)
            .map_err(|e| self.unsupported(e))?
            .push(table);
        self.commit_toml(&doc, index)
    }

    /// Changes the fields `change` gives, in place (a hook's events are a field: it never moves).
    pub(super) fn toml_update(&mut self, id: &str, change: &Change) -> Result<Applied, EditError> {
        let mut doc = self.document()?;
        let index = self.find_toml(&doc, id)?;
        let mut table = self.tables(&doc)?[index].clone();
        self.apply_toml(&mut table, change)?;
        if change.command.is_some()
            && let Some(name) = self.free_name(&doc, &table, Some(index))
        {
            table.insert("name", toml_edit::value(name));
        }
        *self.table_mut(&mut doc, index)? = table;
        self.commit_toml(&doc, index)
    }

    /// Removes the hook's table (and `hook` with the last one).
    pub(super) fn toml_remove(&mut self, id: &str) -> Result<Applied, EditError> {
        let mut doc = self.document()?;
        let index = self.find_toml(&doc, id)?;
        let tables = hook_tables_mut(&mut doc).map_err(|e| self.unsupported(e))?;
        tables.remove(index);
        if tables.is_empty() {
            doc.remove("hook");
        }
        let version = self.write_toml(&doc)?;
        Ok(Applied {
            id: id.to_owned(),
            version,
        })
    }

    /// `enabled = false` in the hook's table; switching it on removes the key (on is the default).
    pub(super) fn toml_set_enabled(
        &mut self,
        id: &str,
        enabled: bool,
    ) -> Result<Applied, EditError> {
        let mut doc = self.document()?;
        let index = self.find_toml(&doc, id)?;
        let table = self.table_mut(&mut doc, index)?;
        if enabled {
            table.remove("enabled");
        } else {
            set_value(table, "enabled", Value::from(false));
        }
        self.commit_toml(&doc, index)
    }

    /// The top-level `enabled = false` (every hook of the file off); on removes it.
    pub(super) fn toml_set_all_enabled(&mut self, enabled: bool) -> Result<Version, EditError> {
        let mut doc = self.document()?;
        if enabled {
            doc.remove("enabled");
        } else {
            set_value(doc.as_table_mut(), "enabled", Value::from(false));
        }
        self.write_toml(&doc)
    }

    fn document(&self) -> Result<DocumentMut, EditError> {
        let text = self.text.as_deref().unwrap_or_default();
        text.parse::<DocumentMut>().map_err(|e| {
            let (line, col) = e.span().map_or((0, 0), |span| {
                crate::config::locate::line_col(text, span.start)
            });
            self.malformed(format!(
                "not valid TOML at {line}:{col}: {}",
                e.message().trim()
            ))
        })
    }

    /// The `[[hook]]` tables, in file order.
    fn tables<'d>(&self, doc: &'d DocumentMut) -> Result<Vec<&'d Table>, EditError> {
        match doc.get("hook") {
            None => Ok(Vec::new()),
            Some(Item::ArrayOfTables(tables)) => Ok(tables.iter().collect()),
            Some(other) => Err(self.unsupported(not_tables(other))),
        }
    }

    fn table_mut<'d>(
        &self,
        doc: &'d mut DocumentMut,
        index: usize,
    ) -> Result<&'d mut Table, EditError> {
        hook_tables_mut(doc)
            .map_err(|e| self.unsupported(e))?
            .get_mut(index)
            .ok_or_else(|| self.malformed("the hook moved while it was edited"))
    }

    fn toml_views(&self, doc: &DocumentMut) -> Result<Vec<HookView>, EditError> {
        let tables = self.tables(doc)?;
        let keys: Vec<(String, Option<String>, Json)> = tables
            .iter()
            .map(|t| (events(t).join(","), string(t, "matcher"), table_json(t)))
            .collect();
        let ids = id::assign(
            &self.file.display,
            keys.iter()
                .map(|(event, matcher, json)| (event.as_str(), matcher.as_deref(), json)),
        );
        Ok(tables
            .iter()
            .zip(keys)
            .zip(ids)
            .map(|((table, (event, matcher, _)), id)| HookView {
                id,
                event,
                matcher,
                command: ["command", "url", "prompt"]
                    .iter()
                    .find_map(|key| string(table, key))
                    .unwrap_or_default(),
                args: strings(table, "args"),
                timeout_ms: table.get("timeout").and_then(duration_ms),
                // A command hook always reads the payload on stdin.
                stdin_json: table.contains_key("command"),
                env: table
                    .get("env")
                    .and_then(Item::as_table_like)
                    .map(|env| {
                        env.iter()
                            .filter_map(|(k, v)| Some((k.to_owned(), v.as_str()?.to_owned())))
                            .collect()
                    })
                    .unwrap_or_default(),
                enabled: table.get("enabled").and_then(Item::as_bool) != Some(false),
            })
            .collect())
    }

    fn find_toml(&self, doc: &DocumentMut, id: &str) -> Result<usize, EditError> {
        self.toml_views(doc)?
            .iter()
            .position(|view| view.id == id)
            .ok_or_else(|| EditError::NotFound { id: id.to_owned() })
    }

    /// Writes what `change` sets into `table`, each in hookrun.toml's own field.
    fn apply_toml(&self, table: &mut Table, change: &Change) -> Result<(), EditError> {
        if let Some(event) = &change.event {
            let events: Vec<&str> = event
                .split(',')
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .collect();
            if events.is_empty() {
                return Err(self.unsupported("the event is empty"));
            }
            set_value(table, "events", Value::Array(events.into_iter().collect()));
        }
        if let Some(matcher) = &change.matcher {
            set_value(table, "matcher", Value::from(matcher.as_str()));
        }
        if let Some(words) = &change.command {
            if words.first().is_none_or(String::is_empty) {
                return Err(self.unsupported("the command is empty"));
            }
            if let Some(word) = words.iter().find(|w| w.contains('\0')) {
                return Err(self.unsupported(format!("the command {word:?} holds a NUL byte")));
            }
            set_value(table, "command", Value::from(words[0].as_str()));
            // One plain word in a hook without `args` stays a plain `command` (the shell runs it
            // as that word); anything else is exec form, each word one argument, as the words
            // are in the other dialects.
            let plain = words.len() == 1 && shell::quote(&words[0]) == words[0];
            if !plain || table.contains_key("args") {
                let args: Array = words[1..].iter().map(String::as_str).collect();
                set_value(table, "args", Value::Array(args));
            }
        }
        if let Some(timeout) = change.timeout {
            let text = duration_text(timeout).ok_or_else(|| {
                self.unsupported(format!(
                    "hookrun.toml timeouts are whole milliseconds: {timeout:?} is not"
                ))
            })?;
            set_value(table, "timeout", Value::from(text));
        }
        if change.stdin_json == Some(false) {
            return Err(self.unsupported(
                "a hookrun.toml hook always reads the payload on stdin: it has no switch for it \
                 (payload_file = true also gives it a file)",
            ));
        }
        if !change.env.is_empty() {
            if !table.contains_key("env") {
                table.insert("env", Item::Value(Value::InlineTable(InlineTable::new())));
            }
            let Some(env) = table.get_mut("env").and_then(Item::as_table_like_mut) else {
                return Err(self.malformed("the hook's `env` is not a table"));
            };
            for (key, value) in &change.env {
                if key.contains('\0') || value.contains('\0') {
                    return Err(self.unsupported(format!("`env` {key:?} holds a NUL byte")));
                }
                match env.get_mut(key) {
                    Some(Item::Value(old)) => *old = keep_decor(old, Value::from(value.as_str())),
                    _ => {
                        env.insert(key, toml_edit::value(value.as_str()));
                    }
                }
            }
        }
        Ok(())
    }

    /// A name for the hook in `table` (to be at `index`, `None`: a new one) when it has none and
    /// its default name, derived from its command, is another hook's: `<name>-2`, `-3`, … (names
    /// are unique in a hookrun.toml; two hooks of one script would otherwise be refused).
    fn free_name(&self, doc: &DocumentMut, table: &Table, index: Option<usize>) -> Option<String> {
        if table.contains_key("name") {
            return None;
        }
        let command = string(table, "command")?;
        let form = if table.contains_key("args") {
            CommandForm::Exec {
                program: command,
                args: strings(table, "args"),
            }
        } else {
            CommandForm::Shell(command)
        };
        let wanted = Handler::Command(form).default_name();
        let taken = self.names(&doc.to_string(), index);
        if !taken.contains(&wanted) {
            return None;
        }
        // Of these `taken.len() + 1` names, one is free.
        (2..=taken.len() + 2)
            .map(|n| format!("{wanted}-{n}"))
            .find(|name| !taken.contains(name))
    }

    /// The names the loader gives the hooks of `text`, but the one at `except`.
    fn names(&self, text: &str, except: Option<usize>) -> Vec<String> {
        let file = self.file;
        let source = Source::new(
            file.path.clone(),
            file.display.clone(),
            file.dialect,
            text.to_owned(),
            file.level,
        );
        let loaded = file.dialect.load(&LoadContext {
            source: &source,
            index: 0,
            project_dir: &file.project_dir,
        });
        loaded
            .hooks
            .into_iter()
            .filter(|hook| {
                let at = match hook.entry.get(1) {
                    Some(crate::config::locate::Step::Index(at)) => Some(*at),
                    _ => None,
                };
                except.is_none() || at != except
            })
            .map(|hook| hook.name)
            .collect()
    }

    /// Writes `doc` and returns the id of the hook now at `index`.
    fn commit_toml(&mut self, doc: &DocumentMut, index: usize) -> Result<Applied, EditError> {
        let version = self.write_toml(doc)?;
        let id = self
            .toml_views(doc)?
            .into_iter()
            .nth(index)
            .map(|view| view.id)
            .expect("the hook is at its index");
        Ok(Applied { id, version })
    }

    fn write_toml(&mut self, doc: &DocumentMut) -> Result<Version, EditError> {
        let mut text = doc.to_string();
        let original = self.text.as_deref().unwrap_or_default();
        if !original.is_empty() && !original.ends_with('\n') && text.ends_with('\n') {
            text.pop();
        }
        self.write_text(text)
    }
}

/// The `[[hook]]` tables, created when the file has none.
fn hook_tables_mut(doc: &mut DocumentMut) -> Result<&mut ArrayOfTables, String> {
    if !doc.contains_key("hook") {
        doc.insert("hook", Item::ArrayOfTables(ArrayOfTables::new()));
    }
    match doc.get_mut("hook") {
        Some(Item::ArrayOfTables(tables)) => Ok(tables),
        Some(other) => Err(not_tables(other)),
        None => unreachable!("inserted above"),
    }
}

fn not_tables(item: &Item) -> String {
    format!(
        "`hook` is not written as [[hook]] tables (found: {}): hookrun hooks edits [[hook]] \
         tables only (write each hook as a [[hook]] table)",
        item.type_name()
    )
}

#[cfg(test)]
#[path = "toml_hooks_tests.rs"]
mod tests;
