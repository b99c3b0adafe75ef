//! Values nested deeper than serde_json's recursion limit (128 levels): parsed and serialised on
//! a stack that grows as needed (`serde_stacker`), and dropped level by level in a loop, since
//! the recursive drop of a 100 000-level value would overflow the stack.

use serde::Deserialize as _;
use serde_json::Value;

/// Deeper payloads are refused: far beyond what agents send, and it bounds the recursion the
/// rest of hookrun does over a payload (a rewritten `tool_input` cloned, the decision
/// document's `updated_input` serialised).
pub(crate) const MAX_DEPTH: usize = 10_000;

/// Parses `bytes` with no recursion limit, growing the stack as the nesting needs.
pub(crate) fn parse(bytes: &[u8]) -> serde_json::Result<Value> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let value = Value::deserialize(serde_stacker::Deserializer::new(&mut de))?;
    de.end()?;
    Ok(value)
}

/// Appends `value` as compact JSON to `out`, growing the stack as its nesting needs.
pub(crate) fn write(out: &mut Vec<u8>, value: &(impl serde::Serialize + ?Sized)) {
    let mut ser = serde_json::Serializer::new(out);
    value
        .serialize(serde_stacker::Serializer::new(&mut ser))
        .expect("a JSON value serialises to a Vec");
}

/// Drops `value` without recursing: its containers are emptied into a work list first.
pub(crate) fn drop(value: Value) {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => pending.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_values_parse_serialise_and_drop() {
        let levels = MAX_DEPTH;
        let text = format!(
            "{}1{}",
            r#"{"a":["#.repeat(levels / 2),
            "]}".repeat(levels / 2)
        );
        let value = parse(text.as_bytes()).unwrap();
        let mut out = Vec::new();
        write(&mut out, &value);
        assert_eq!(out, text.as_bytes());
        drop(value);
    }
}
