//! Adding and removing hookrun's entries in the block YAML of a PromptKit `RuntimeConfig`, by
//! editing lines: the entries go at the end of `spec.hooks` (created when missing), and every
//! other line — comments, quoting, order — stays as written. A file whose `spec` or `spec.hooks`
//! is written in flow style (`{…}`) is refused rather than rewritten.

use super::{Action, Edit, Unfit};

/// One entry hookrun writes: its key under `spec.hooks`, its event, and its lines after the key,
/// without indent (`command` first, as [`Entry::is_ours`] expects).
pub(crate) struct Entry {
    pub(crate) key: String,
    pub(crate) event: String,
    pub(crate) fields: Vec<String>,
}

impl Entry {
    /// Whether `fields` (an existing entry's, without indent) are this entry's with some
    /// `command`.
    fn is_ours(&self, fields: &[&str]) -> bool {
        fields.len() == self.fields.len()
            && fields[0].starts_with("command: ")
            && fields[1..]
                .iter()
                .zip(&self.fields[1..])
                .all(|(a, b)| a == b)
    }
}

/// The new text of `text` (or of a new file, which starts with `new_file`) with `entries` added
/// or removed.
pub(crate) fn edit(
    text: Option<&str>,
    new_file: &str,
    entries: &[Entry],
    action: Action,
) -> Result<Edit, Unfit> {
    let text = match (text, action) {
        (Some(text), _) => text.to_owned(),
        (None, Action::Uninstall) => return Ok(Edit::default()),
        (None, Action::Install) => new_file.to_owned(),
    };
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut edit = Edit::default();
    let spec = find_spec(&lines)?;
    if action == Action::Uninstall {
        let Some(spec) = spec else {
            return Ok(edit);
        };
        let Some(hooks) = find_hooks(&lines, spec)? else {
            return Ok(edit);
        };
        remove(&mut lines, hooks, entries, &mut edit);
        if edit.changed.is_empty() {
            return Ok(edit);
        }
        prune_empty(&mut lines, spec, hooks);
        let out = join(&lines, text.ends_with('\n'));
        edit.text = (out.trim() != new_file.trim()).then_some(out);
        return Ok(edit);
    }
    let spec = if let Some(spec) = spec {
        spec
    } else {
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        lines.push("spec:".to_owned());
        lines.len() - 1
    };
    let hooks = if let Some(hooks) = find_hooks(&lines, spec)? {
        hooks
    } else {
        let at = last_content(&lines, spec, block_end(&lines, spec));
        let indent = " ".repeat(child_indent(&lines, spec).unwrap_or(2));
        lines.insert(at + 1, format!("{indent}hooks:"));
        at + 1
    };
    add(&mut lines, hooks, entries, &mut edit)?;
    edit.text = Some(join(&lines, text.ends_with('\n') || text.is_empty()));
    Ok(edit)
}

fn join(lines: &[String], newline: bool) -> String {
    let mut out = lines.join("\n");
    if newline {
        out.push('\n');
    }
    out
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Whether the line says nothing (blank or a comment).
fn is_blank(line: &str) -> bool {
    let body = line.trim();
    body.is_empty() || body.starts_with('#')
}

/// The value after `key:` on a mapping line, without a trailing comment; `None` when the line is
/// not `key:`.
fn value_of<'l>(line: &'l str, key: &str) -> Option<&'l str> {
    let rest = line.trim_start().strip_prefix(key)?.strip_prefix(':')?;
    let value = match rest.find(" #") {
        Some(comment) => &rest[..comment],
        None => rest,
    };
    Some(value.trim())
}

/// The line just after the block that `start`'s line opens (its more-indented lines, blank
/// lines among them).
fn block_end(lines: &[String], start: usize) -> usize {
    let own = indent(&lines[start]);
    (start + 1..lines.len())
        .find(|&i| !is_blank(&lines[i]) && indent(&lines[i]) <= own)
        .unwrap_or(lines.len())
}

/// The last line of `start`'s block that says something (`start` itself when none).
fn last_content(lines: &[String], start: usize, end: usize) -> usize {
    (start + 1..end)
        .rev()
        .find(|&i| !is_blank(&lines[i]))
        .unwrap_or(start)
}

/// The indent of the first line inside `start`'s block.
fn child_indent(lines: &[String], start: usize) -> Option<usize> {
    (start + 1..block_end(lines, start))
        .find(|&i| !is_blank(&lines[i]))
        .map(|i| indent(&lines[i]))
}

/// The top-level `spec:` line.
fn find_spec(lines: &[String]) -> Result<Option<usize>, Unfit> {
    let Some(at) = lines
        .iter()
        .position(|l| indent(l) == 0 && value_of(l, "spec").is_some())
    else {
        return Ok(None);
    };
    match value_of(&lines[at], "spec") {
        Some("") => Ok(Some(at)),
        _ => Err(Unfit::NotBlock { at: "its `spec`" }),
    }
}

/// The `hooks:` line directly inside `spec`.
fn find_hooks(lines: &[String], spec: usize) -> Result<Option<usize>, Unfit> {
    let Some(child) = child_indent(lines, spec) else {
        return Ok(None);
    };
    let Some(at) = (spec + 1..block_end(lines, spec))
        .find(|&i| indent(&lines[i]) == child && value_of(&lines[i], "hooks").is_some())
    else {
        return Ok(None);
    };
    match value_of(&lines[at], "hooks") {
        Some("") => Ok(Some(at)),
        _ => Err(Unfit::NotBlock {
            at: "its `spec.hooks`",
        }),
    }
}

/// The entries under `hooks`: (key, first line, end line).
fn children(lines: &[String], hooks: usize) -> Vec<(String, usize, usize)> {
    let end = block_end(lines, hooks);
    let Some(own) = child_indent(lines, hooks) else {
        return Vec::new();
    };
    (hooks + 1..end)
        .filter(|&i| !is_blank(&lines[i]) && indent(&lines[i]) == own)
        .map(|i| {
            let key = lines[i].trim().trim_end_matches(':').to_owned();
            (key, i, last_content(lines, i, block_end(lines, i)) + 1)
        })
        .collect()
}

fn fields_of(lines: &[String], start: usize, end: usize) -> Vec<&str> {
    lines[start + 1..end]
        .iter()
        .filter(|l| !is_blank(l))
        .map(|l| l.trim())
        .collect()
}

fn add(
    lines: &mut Vec<String>,
    hooks: usize,
    entries: &[Entry],
    edit: &mut Edit,
) -> Result<(), Unfit> {
    let entry_indent = child_indent(lines, hooks).unwrap_or(indent(&lines[hooks]) + 2);
    let field_indent = " ".repeat(entry_indent + 2);
    for entry in entries {
        let existing = children(lines, hooks)
            .into_iter()
            .find(|(key, _, _)| *key == entry.key);
        if let Some((_, start, end)) = existing {
            let fields = fields_of(lines, start, end);
            if !entry.is_ours(&fields) {
                return Err(Unfit::Taken {
                    at: format!("`spec.hooks.{}`", entry.key),
                });
            }
            if fields[0] != entry.fields[0] {
                let line = (start + 1..end)
                    .find(|&i| lines[i].trim().starts_with("command: "))
                    .expect("is_ours checked it");
                lines[line] = format!("{}{}", " ".repeat(indent(&lines[line])), entry.fields[0]);
                edit.updated.push(entry.event.clone());
            }
            continue;
        }
        let at = last_content(lines, hooks, block_end(lines, hooks)) + 1;
        let mut block = vec![format!("{}{}:", " ".repeat(entry_indent), entry.key)];
        block.extend(entry.fields.iter().map(|f| format!("{field_indent}{f}")));
        lines.splice(at..at, block);
        edit.changed.push(entry.event.clone());
    }
    Ok(())
}

fn remove(lines: &mut Vec<String>, hooks: usize, entries: &[Entry], edit: &mut Edit) {
    for entry in entries {
        let found = children(lines, hooks)
            .into_iter()
            .find(|(key, start, end)| {
                *key == entry.key && entry.is_ours(&fields_of(lines, *start, *end))
            });
        if let Some((_, start, end)) = found {
            lines.drain(start..end);
            edit.changed.push(entry.event.clone());
        }
    }
}

/// Removes `hooks:` when nothing is left under it, then `spec:` likewise.
fn prune_empty(lines: &mut Vec<String>, spec: usize, hooks: usize) {
    if children(lines, hooks).is_empty() {
        lines.remove(hooks);
        if child_indent(lines, spec).is_none() {
            lines.remove(spec);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(program: &str) -> Vec<Entry> {
        vec![Entry {
            key: "hookrun-tool-before_execution".to_owned(),
            event: "tool.before_execution".to_owned(),
            fields: vec![
                format!("command: \"{program}\""),
                "hook: tool".to_owned(),
                "phases: [before_execution]".to_owned(),
            ],
        }]
    }

    const FILE: &str = "kind: RuntimeConfig # keep\nspec:\n  provider: x\n  hooks:\n    audit:\n      command: ./audit\n\n# tail comment\nother: 1\n";

    #[test]
    fn entries_go_at_the_end_of_spec_hooks_and_come_out_again() {
        let added = edit(Some(FILE), "", &entries("/bin/hookrun"), Action::Install).unwrap();
        let text = added.text.unwrap();
        assert_eq!(
            text,
            "kind: RuntimeConfig # keep\nspec:\n  provider: x\n  hooks:\n    audit:\n      command: ./audit\n    hookrun-tool-before_execution:\n      command: \"/bin/hookrun\"\n      hook: tool\n      phases: [before_execution]\n\n# tail comment\nother: 1\n"
        );
        let again = edit(Some(&text), "", &entries("/bin/hookrun"), Action::Install).unwrap();
        assert!(again.changed.is_empty() && again.updated.is_empty());
        let moved = edit(Some(&text), "", &entries("/opt/hookrun"), Action::Install).unwrap();
        assert_eq!(moved.updated, ["tool.before_execution"]);
        let removed = edit(Some(&text), "", &entries("/x"), Action::Uninstall).unwrap();
        assert_eq!(removed.text.as_deref(), Some(FILE));
    }

    #[test]
    fn a_missing_hooks_or_spec_is_added_and_removed_again() {
        for file in [
            "kind: RuntimeConfig\nspec:\n  provider: x\n",
            "kind: RuntimeConfig\n",
        ] {
            let added = edit(Some(file), "", &entries("h"), Action::Install).unwrap();
            let text = added.text.unwrap();
            assert!(
                text.contains(
                    "  hooks:\n    hookrun-tool-before_execution:\n      command: \"h\"\n"
                ),
                "{text}"
            );
            let removed = edit(Some(&text), "", &entries("h"), Action::Uninstall).unwrap();
            assert_eq!(removed.text.as_deref(), Some(file));
        }
    }

    #[test]
    fn flow_style_and_foreign_entries_under_our_name_are_refused() {
        assert!(edit(Some("spec: {}\n"), "", &entries("h"), Action::Install).is_err());
        let foreign = "spec:\n  hooks:\n    hookrun-tool-before_execution:\n      command: x\n";
        assert!(edit(Some(foreign), "", &entries("h"), Action::Install).is_err());
    }
}
