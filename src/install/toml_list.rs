//! Adding and removing hookrun's entries in a TOML file whose hooks are one array of tables,
//! `[[hooks]]`, each entry naming its own event (Kimi's `config.toml`, Mistral Vibe's
//! `hooks.toml`). The edit goes through `toml_edit`, so every other table, key and comment of the
//! file stays as written: hookrun's entries are appended, and only they are changed or removed.

use std::path::PathBuf;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, Value};

use super::{Action, Edit, Installer, Invocation, Unfit};

/// The keys and values of hookrun's entry for one event, in the order they are written.
pub(crate) type TomlEntryFn = fn(event: &str, how: &Invocation) -> Vec<(&'static str, Value)>;

/// A `[[hooks]]` agent's installation, described as data.
pub(crate) struct TomlHooks {
    /// The project's file, relative to the project directory (`None`: the agent reads none).
    pub(crate) project_file: Option<&'static str>,
    /// The user-level file, when the agent reads one.
    pub(crate) user_file: fn() -> Option<PathBuf>,
    pub(crate) events: &'static [&'static str],
    pub(crate) entry: TomlEntryFn,
}

impl Installer for TomlHooks {
    fn project_file(&self) -> Option<&'static str> {
        self.project_file
    }

    fn user_file(&self) -> Option<PathBuf> {
        (self.user_file)()
    }

    fn edit(&self, text: Option<&str>, how: &Invocation, action: Action) -> Result<Edit, Unfit> {
        let original = text.unwrap_or_default();
        if original.trim().is_empty() && action == Action::Uninstall {
            return Ok(Edit::default());
        }
        let mut doc: DocumentMut = original.parse().map_err(Unfit::Toml)?;
        let mut edit = Edit::default();
        if doc.get("hooks").is_none() {
            if action == Action::Uninstall {
                return Ok(edit);
            }
            doc.insert("hooks", Item::ArrayOfTables(ArrayOfTables::new()));
        }
        let Some(list) = doc.get_mut("hooks").and_then(Item::as_array_of_tables_mut) else {
            return Err(Unfit::NotTables { key: "hooks" });
        };
        let any = how.any_program();
        for event in self.events {
            let pattern = (self.entry)(event, &any);
            let ours = (0..list.len()).find(|&at| {
                list.get(at)
                    .is_some_and(|table| same_but_program(&pattern, table))
            });
            match (action, ours) {
                (Action::Install, None) => {
                    list.push(table_of((self.entry)(event, how)));
                    edit.changed.push((*event).to_owned());
                }
                (Action::Install, Some(at)) => {
                    let wanted = table_of((self.entry)(event, how));
                    let table = list.get_mut(at).expect("found above");
                    if table.to_string() != wanted.to_string() {
                        for (key, value) in &wanted {
                            table.insert(key, value.clone());
                        }
                        edit.updated.push((*event).to_owned());
                    }
                }
                (Action::Uninstall, Some(at)) => {
                    list.remove(at);
                    edit.changed.push((*event).to_owned());
                }
                (Action::Uninstall, None) => {}
            }
        }
        if edit.changed.is_empty() && edit.updated.is_empty() {
            return Ok(edit);
        }
        if list.is_empty() {
            doc.remove("hooks");
        }
        let out = doc.to_string();
        edit.text = (!(action == Action::Uninstall && out.trim().is_empty())).then_some(out);
        Ok(edit)
    }
}

/// A new `[[hooks]]` table of `fields`.
fn table_of(fields: Vec<(&'static str, Value)>) -> Table {
    let mut table = Table::new();
    for (key, value) in fields {
        table.insert(key, Item::Value(value));
    }
    table
}

/// Whether `table` holds exactly the `pattern`'s keys and values, some program standing where
/// the pattern has [`Invocation::ANY_PROGRAM`].
fn same_but_program(pattern: &[(&'static str, Value)], table: &Table) -> bool {
    table.len() == pattern.len()
        && pattern.iter().all(|(key, expected)| {
            let Some(actual) = table.get(key).and_then(Item::as_value) else {
                return false;
            };
            match (expected, actual) {
                (Value::String(expected), Value::String(actual)) => {
                    let (expected, actual) = (expected.value(), actual.value());
                    match expected.split_once(Invocation::ANY_PROGRAM) {
                        Some((before, after)) => {
                            actual.len() > before.len() + after.len()
                                && actual.starts_with(before)
                                && actual.ends_with(after)
                        }
                        None => expected == actual,
                    }
                }
                _ => expected.to_string().trim() == actual.to_string().trim(),
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    static HOOKS: TomlHooks = TomlHooks {
        project_file: None,
        user_file: super::super::no_user_file,
        events: &["Stop", "PreToolUse"],
        entry: |event, how| {
            vec![
                ("event", Value::from(event)),
                (
                    "command",
                    Value::from(format!("{} fire {event}", how.shell_program())),
                ),
            ]
        },
    };

    fn how(program: &str) -> Invocation {
        Invocation {
            program: program.to_owned(),
            project_dir: "/p".into(),
        }
    }

    #[test]
    fn install_appends_one_table_per_event_and_keeps_the_rest_of_the_file() {
        let text = "# mine\ndefault_model = \"k2\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"say done\"\n";
        let edit = HOOKS
            .edit(Some(text), &how("hookrun"), Action::Install)
            .unwrap();
        let out = edit.text.unwrap();
        assert!(out.starts_with(text), "{out}");
        assert!(out.contains("command = \"hookrun fire Stop\""), "{out}");
        assert!(
            out.contains("command = \"hookrun fire PreToolUse\""),
            "{out}"
        );
        assert_eq!(edit.changed, ["Stop", "PreToolUse"]);
    }

    #[test]
    fn install_twice_changes_nothing_and_another_program_is_updated_in_place() {
        let first = HOOKS
            .edit(None, &how("hookrun"), Action::Install)
            .unwrap()
            .text
            .unwrap();
        let again = HOOKS
            .edit(Some(&first), &how("hookrun"), Action::Install)
            .unwrap();
        assert!(again.text.is_none() && again.changed.is_empty());
        let moved = HOOKS
            .edit(Some(&first), &how("/opt/hookrun"), Action::Install)
            .unwrap();
        assert_eq!(moved.updated, ["Stop", "PreToolUse"]);
        assert!(moved.text.unwrap().contains("/opt/hookrun fire Stop"));
    }

    #[test]
    fn uninstall_removes_only_hookruns_tables() {
        let text =
            "default_model = \"k2\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"say done\"\n";
        let installed = HOOKS
            .edit(Some(text), &how("hookrun"), Action::Install)
            .unwrap()
            .text
            .unwrap();
        let edit = HOOKS
            .edit(Some(&installed), &how("hookrun"), Action::Uninstall)
            .unwrap();
        assert_eq!(edit.text.as_deref(), Some(text));
    }

    #[test]
    fn a_file_of_only_hookruns_entries_is_removed_on_uninstall() {
        let installed = HOOKS
            .edit(None, &how("hookrun"), Action::Install)
            .unwrap()
            .text
            .unwrap();
        let edit = HOOKS
            .edit(Some(&installed), &how("hookrun"), Action::Uninstall)
            .unwrap();
        assert_eq!(edit.text, None);
        assert_eq!(edit.changed.len(), 2);
    }

    #[test]
    fn hooks_that_are_not_an_array_of_tables_are_refused() {
        let error = HOOKS
            .edit(Some("hooks = 1\n"), &how("hookrun"), Action::Install)
            .unwrap_err();
        assert!(
            matches!(error, super::Unfit::NotTables { key: "hooks" }),
            "{error}"
        );
    }
}
