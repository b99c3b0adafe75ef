//! The values of a `hookrun.toml` hook as `hookrun hooks` reads and writes them through
//! `toml_edit`: a value set in place keeps the comments around it, strings and lists read out,
//! durations both ways, and a table as the order-free [`Json`] its id is derived from.

use std::time::Duration;

use toml_edit::{Item, Table, Value};

use crate::install::json::Json;

/// Sets `key` to `value`; a value already there is replaced in place, keeping its comments.
pub(super) fn set_value(table: &mut Table, key: &str, value: Value) {
    match table.get_mut(key) {
        Some(Item::Value(old)) => *old = keep_decor(old, value),
        _ => {
            table.insert(key, Item::Value(value));
        }
    }
}

/// `new` with the spacing and comments `old` had around it.
pub(super) fn keep_decor(old: &Value, mut new: Value) -> Value {
    *new.decor_mut() = old.decor().clone();
    new
}

pub(super) fn string(table: &Table, key: &str) -> Option<String> {
    table.get(key).and_then(Item::as_str).map(str::to_owned)
}

pub(super) fn strings(table: &Table, key: &str) -> Vec<String> {
    table
        .get(key)
        .and_then(Item::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

pub(super) fn events(table: &Table) -> Vec<String> {
    strings(table, "events")
}

/// A `timeout` as milliseconds: `"5s"`, `"500ms"`, or a number of seconds.
pub(super) fn duration_ms(item: &Item) -> Option<u64> {
    let duration = match item {
        Item::Value(Value::String(text)) => {
            crate::config::duration::parse_duration(text.value()).ok()
        }
        Item::Value(Value::Integer(n)) =>
        {
            #[expect(clippy::cast_precision_loss, reason = "timeouts are far below 2^52 s")]
            crate::config::duration::seconds_to_duration(*n.value() as f64)
        }
        Item::Value(Value::Float(n)) => crate::config::duration::seconds_to_duration(*n.value()),
        _ => None,
    }?;
    u64::try_from(duration.as_millis()).ok()
}

/// `"5s"` for whole seconds, `"1500ms"` for whole milliseconds; `None` for finer durations.
pub(super) fn duration_text(duration: Duration) -> Option<String> {
    if duration.subsec_nanos() == 0 {
        Some(format!("{}s", duration.as_secs()))
    } else if duration.subsec_nanos().is_multiple_of(1_000_000) {
        Some(format!("{}ms", duration.as_millis()))
    } else {
        None
    }
}

/// A hook's table as the order-free value its id is derived from (datetimes as their text).
pub(super) fn table_json(table: &Table) -> Json {
    Json::Object(
        table
            .iter()
            .map(|(key, item)| (key.to_owned(), item_json(item)))
            .collect(),
    )
}

fn item_json(item: &Item) -> Json {
    match item {
        Item::None => Json::Null,
        Item::Value(value) => value_json(value),
        Item::Table(table) => table_json(table),
        Item::ArrayOfTables(tables) => Json::Array(tables.iter().map(table_json).collect()),
    }
}

fn value_json(value: &Value) -> Json {
    match value {
        Value::String(s) => Json::String(s.value().clone()),
        Value::Integer(n) => Json::Number((*n.value()).into()),
        Value::Float(f) => serde_json::Number::from_f64(*f.value())
            .map_or_else(|| Json::String(f.value().to_string()), Json::Number),
        Value::Boolean(b) => Json::Bool(*b.value()),
        Value::Datetime(d) => Json::String(d.value().to_string()),
        Value::Array(items) => Json::Array(items.iter().map(value_json).collect()),
        Value::InlineTable(table) => Json::Object(
            table
                .iter()
                .map(|(key, value)| (key.to_owned(), value_json(value)))
                .collect(),
        ),
    }
}
