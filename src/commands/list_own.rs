//! `list`'s text rows for the entries `install` wrote: an agent file holds one entry per event
//! that runs hookrun itself (twenty for Cursor), and a row each, named after the program, says
//! nothing twenty times. They are shown as one row named `hookrun`: how many events, the command
//! with `<event>` in the event's place, and each other column's value when all agree (`…` when
//! not). `list --format json` keeps every entry.

use super::list::ListedHook;

/// One text row per hook of a source, hookrun's own entries (two or more) as one row where the
/// first of them was.
pub(super) fn rows(hooks: &[ListedHook], row: fn(&ListedHook) -> [String; 8]) -> Vec<[String; 8]> {
    let own: Vec<&ListedHook> = hooks.iter().filter(|hook| hook.runs_hookrun).collect();
    if own.len() < 2 {
        return hooks.iter().map(row).collect();
    }
    let mut out = Vec::with_capacity(hooks.len() - own.len() + 1);
    let mut summarised = false;
    for hook in hooks {
        if !hook.runs_hookrun {
            out.push(row(hook));
        } else if !summarised {
            out.push(summary(&own, row));
            summarised = true;
        }
    }
    out
}

fn summary(own: &[&ListedHook], row: fn(&ListedHook) -> [String; 8]) -> [String; 8] {
    let rows: Vec<[String; 8]> = own.iter().map(|hook| row(hook)).collect();
    let events: usize = own.iter().map(|hook| hook.events.len()).sum();
    let agreed = |column: usize| {
        let first = &rows[0][column];
        if rows.iter().all(|r| &r[column] == first) {
            first.clone()
        } else {
            "…".to_owned()
        }
    };
    // Each command is the same but for its event, at the end: `… fire --output cursor stop`.
    let forms: Vec<Option<&str>> = own
        .iter()
        .zip(&rows)
        .map(|(hook, r)| match hook.events.as_slice() {
            [event] => r[7].strip_suffix(event.as_str()),
            _ => None,
        })
        .collect();
    let command = match forms.first().copied().flatten() {
        Some(form) if forms.iter().all(|f| *f == Some(form)) => format!("{form}<event>"),
        _ => format!("{} …", rows[0][7]),
    };
    [
        "hookrun".to_owned(),
        format!("{events} events ({} entries)", own.len()),
        agreed(2),
        agreed(3),
        agreed(4),
        agreed(5),
        agreed(6),
        command,
    ]
}
