//! What the flat JSON dialects (cursor, praison) share: parsing the file into its root object,
//! and reading a `timeout` number in the dialect's unit into a `Duration`.

use std::time::Duration;

use serde_json::{Map, Value};

use crate::config::dialect::{DialectLoad, LoadContext};
use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, json_syntax_error};

/// Parses the source as JSON and checks that its root is an object. On failure the load is
/// finished: the `Err` holds every diagnostic so far.
pub(crate) fn root<'s>(
    ctx: &LoadContext<'s>,
    what: &str,
) -> Result<(Reader<'s>, Map<String, Value>), DialectLoad> {
    let source = ctx.source;
    let mut reader = Reader::json(&source.display, &source.text);
    let root: Value = serde_json::from_str(&source.text).map_err(|error| {
        DialectLoad::failed(json_syntax_error(&source.display, &source.text, &error))
    })?;
    match root {
        Value::Object(map) => Ok((reader, map)),
        other => {
            reader.object(&other, &[], what);
            Err(DialectLoad {
                hooks: Vec::new(),
                diagnostics: reader.diagnostics,
            })
        }
    }
}

/// The entry's `timeout` in seconds, if present; zero, negative or absurd values are errors.
pub(crate) fn timeout_seconds(
    reader: &mut Reader<'_>,
    entry: &Map<String, Value>,
    path: &[Step],
) -> Option<Duration> {
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
