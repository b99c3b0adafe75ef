//! What the JSON dialect loaders share: parsing the file into its root object, walking an array
//! of hook entries, warning about event names the dialect does not know, and reading a flat
//! entry's `matcher` and its `timeout` number of seconds.

use crate::model::hook::Switches;
use std::time::Duration;

use crate::config::diagnostics::{Severity, did_you_mean};
use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index, json_syntax_error};
use crate::config::tree::{Node, Object};
use crate::matching::{Flavour, Matcher};
use crate::model::Dialect;
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};

/// Parses the source as JSON and checks that its root is an object. On failure the load is
/// finished: the `Err` holds every diagnostic so far.
pub(crate) fn root<'s>(
    ctx: &LoadContext<'s>,
    what: &str,
) -> Result<(Reader<'s>, Object<'s>), DialectLoad> {
    parse(ctx, &ctx.source.text, what)
}

/// [`root`] of `text`, the source as its agent's parser reads it (Gemini's with its comments
/// blanked by [`crate::config::jsonc::strip_comments`]): positions are found in `text`, snippets
/// shown from the source as written.
pub(crate) fn parse<'s>(
    ctx: &LoadContext<'s>,
    text: &'s str,
    what: &str,
) -> Result<(Reader<'s>, Object<'s>), DialectLoad> {
    let source = ctx.source;
    let mut reader = Reader::json(&source.display, text);
    if !std::ptr::eq(text, source.text.as_str()) {
        reader = reader.showing(&source.text);
    }
    let root = Node::from_json(text).map_err(|error| {
        DialectLoad::failed(json_syntax_error(&source.display, &source.text, &error))
    })?;
    match root {
        Node::Object(map) => Ok((reader, map)),
        other => {
            reader.object(&other, &[], what);
            Err(DialectLoad {
                hooks: Vec::new(),
                diagnostics: reader.diagnostics,
                switches: Switches::default(),
            })
        }
    }
}

/// Reads the two fields every flat hook entry (cursor, proxyai, praison) has: `matcher`, read in
/// the dialect's `flavour`, and `timeout` in seconds over the dialect's default.
pub(crate) fn read_matcher_and_timeout(
    reader: &mut Reader<'_>,
    hook: &mut Hook,
    entry: &Object<'_>,
    path: &[Step],
    flavour: Flavour,
) {
    hook.matcher = Matcher::new(reader.opt_str(entry, "matcher", path), flavour);
    if let Some(timeout) = timeout_seconds(reader, entry, path) {
        hook.timeout = timeout;
    }
}

/// The entry's `timeout` in seconds, if present; zero, negative or absurd values are errors.
fn timeout_seconds(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Option<Duration> {
    let seconds = reader.opt_number(entry, "timeout", path)?;
    let duration = seconds_to_duration(seconds);
    if duration.is_none() {
        reader.error(
            &child(path, "timeout"),
            "`timeout` must be greater than 0 (seconds)",
        );
    }
    duration
}

/// Reads every object of the array `entries` (at `path`) with `read`, collecting the hooks.
pub(crate) fn read_entries<I: IntoIterator<Item = Hook>>(
    reader: &mut Reader<'_>,
    entries: &Node<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
    mut read: impl FnMut(&mut Reader<'_>, &Object<'_>, &[Step]) -> I,
) {
    let Some(entries) = reader.array(entries, path, "the hook entries") else {
        return;
    };
    for (index, entry) in entries.iter().enumerate() {
        let entry_path = child_index(path, index);
        let Some(entry) = reader.object(entry, &entry_path, "a hook entry") else {
            continue;
        };
        hooks.extend(read(reader, entry, &entry_path));
    }
}

/// Reads the flat event map under the root's `hooks` (`{"<event>": [entry…]}`, a hook or a few
/// per entry: Cursor's and Copilot's files): each event name is checked against `dialect`'s,
/// each entry read with `read(reader, event, entry, path)`.
pub(crate) fn read_event_map<I: IntoIterator<Item = Hook>>(
    reader: &mut Reader<'_>,
    root: &Object<'_>,
    dialect: Dialect,
    mut read: impl FnMut(&mut Reader<'_>, &str, &Object<'_>, &[Step]) -> I,
) -> Vec<Hook> {
    let mut hooks = Vec::new();
    let path = vec![Step::Key("hooks".into())];
    let events = root
        .get("hooks")
        .and_then(|events| reader.object(events, &path, "hooks"));
    for (event, entries) in events.into_iter().flatten() {
        let event_path = child(&path, event);
        warn_unknown_event(reader, dialect, event, &event_path, true);
        read_entries(reader, entries, &event_path, &mut hooks, |r, e, p| {
            read(r, event, e, p)
        });
    }
    hooks
}

/// An `http` handler's request: `url`, `headers`, `allowedEnvVars` (Claude's and Copilot's
/// keys); `None`, reported, without a `url`.
pub(crate) fn http_hook(
    reader: &mut Reader<'_>,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<crate::model::hook::HttpHook> {
    let url = reader.req_str(entry, "url", path, "the http hook")?;
    Some(crate::model::hook::HttpHook {
        url: url.to_owned(),
        headers: reader
            .opt_str_map(entry, "headers", path)
            .unwrap_or_default(),
        allowed_env_vars: reader
            .opt_str_list(entry, "allowedEnvVars", path)
            .unwrap_or_default(),
        payload_template: None,
    })
}

/// Warns (with a did-you-mean) when `event` is not a name `dialect` documents. `at_key`: the
/// event is an object key (claude, cursor, proxyai) rather than a value (praison). A dialect that
/// compares names case-insensitively has its suggestions found from the lower-cased spelling.
pub(crate) fn warn_unknown_event(
    reader: &mut Reader<'_>,
    dialect: Dialect,
    event: &str,
    path: &[Step],
    at_key: bool,
) {
    let known = dialect.known_events();
    if known.is_empty() || dialect.is_known_event(event) {
        return;
    }
    let spelled = if dialect.folds_event_case() {
        event.to_ascii_lowercase()
    } else {
        event.to_owned()
    };
    let help = did_you_mean(&spelled, known).map_or_else(
        || format!("{dialect} events: {}", known.join(", ")),
        |e| format!("did you mean `{e}`?"),
    );
    reader
        .report(
            Severity::Warning,
            path,
            at_key,
            format!("unknown {dialect} event `{event}`"),
        )
        .help = Some(help);
}

/// Loads `text` as the file `path` of `dialect` with `load`, for loader unit tests.
#[cfg(test)]
pub(crate) fn load_for_test(
    load: fn(&LoadContext<'_>) -> DialectLoad,
    path: &str,
    dialect: Dialect,
    text: &str,
) -> DialectLoad {
    let source = crate::model::hook::Source::new(
        path.into(),
        path.into(),
        dialect,
        text.into(),
        crate::model::Level::Project,
    );
    load(&LoadContext {
        source: &source,
        index: 0,
        project_dir: std::path::Path::new("/p"),
    })
}
