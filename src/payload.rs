//! The event payload hookrun is given: read from stdin or `--payload FILE`, bounded in size,
//! required to be a JSON object, and edited by `--set key.path=value`. It is kept twice: the
//! caller's bytes, which hooks get as they came, and the parsed value hookrun reads fields from.

use std::io::{IsTerminal, Read};
use std::path::Path;
use std::rc::Rc;

use serde_json::{Map, Value};

pub(crate) mod deep;
mod long;
pub(crate) mod raw;
pub(crate) mod template;

/// Default `--max-payload`: 64 MiB.
pub(crate) const DEFAULT_MAX_PAYLOAD: u64 = 64 * 1024 * 1024;

/// Why a payload could not be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PayloadError {
    #[error("cannot read the payload from {from}: {source}")]
    Read {
        from: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the payload from {from} is larger than {max} bytes (raise --max-payload)")]
    TooLarge { from: String, max: u64 },
    #[error("the payload from {from} is empty: send a JSON object (or use --set)")]
    Empty { from: String },
    #[error("the payload from {from} is not valid JSON: {source}")]
    Invalid {
        from: String,
        #[source]
        source: serde_json::Error,
    },
    #[error(
        "the payload from {from} nests objects and arrays {depth} levels deep (hookrun reads up to {})",
        deep::MAX_DEPTH
    )]
    TooDeep { from: String, depth: usize },
    #[error("the payload from {from} must be a JSON object, found {found}")]
    NotObject { from: String, found: String },
    #[error("--set {0}: expected key.path=value")]
    SetSyntax(String),
    #[error("--set {0}: `{1}` is not an object, cannot set a field inside it")]
    SetThroughScalar(String, String),
}

/// The event payload: the parsed object hookrun reads fields from (matchers, `if` rules, rewrite
/// chaining), and the caller's bytes while they still say what the object says. In the parsed
/// object a lone surrogate escape reads as U+FFFD; the bytes keep it.
pub(crate) struct Payload {
    /// Always an object.
    value: Value,
    /// The caller's payload as one line ending in `\n` (see [`raw::one_line`]); `None` once the
    /// object was changed (`--set`, a chained rewrite), when hooks get it serialised.
    raw: Option<Rc<Vec<u8>>>,
}

impl Payload {
    /// A payload with no bytes of its own, serialised when a hook needs it.
    pub(crate) fn from_map(map: Map<String, Value>) -> Payload {
        Payload {
            value: Value::Object(map),
            raw: None,
        }
    }

    /// The payload as a value (always an object), for the plan.
    pub(crate) fn value(&self) -> &Value {
        &self.value
    }

    pub(crate) fn map(&self) -> &Map<String, Value> {
        self.value.as_object().expect("a payload is an object")
    }

    /// The object, to change: the caller's bytes no longer match it and are let go.
    pub(crate) fn map_mut(&mut self) -> &mut Map<String, Value> {
        self.raw = None;
        self.value.as_object_mut().expect("a payload is an object")
    }

    /// The caller's bytes as one line, while the object is unchanged.
    pub(crate) fn raw(&self) -> Option<&Rc<Vec<u8>>> {
        self.raw.as_ref()
    }
}

impl Drop for Payload {
    fn drop(&mut self) {
        deep::drop(std::mem::take(&mut self.value));
    }
}

/// Reads the payload object from `file`, or from stdin when `None`.
pub(crate) fn read(
    file: Option<&Path>,
    sets: &[String],
    max: u64,
) -> Result<Payload, PayloadError> {
    let from = file.map_or_else(|| "stdin".to_owned(), |f| f.display().to_string());
    let bytes = match file {
        Some(path) => match std::fs::File::open(path) {
            Ok(file) => {
                let len = regular_file_len(&file);
                read_bounded(file, len, max)
            }
            Err(source) => return Err(PayloadError::Read { from, source }),
        },
        // With --set, a terminal on stdin means "no payload": never wait for a human to type one.
        None if !sets.is_empty() && std::io::stdin().is_terminal() => Ok(Some(Vec::new())),
        None => {
            let stdin = std::io::stdin();
            let len = regular_file_len(&stdin);
            read_bounded(stdin.lock(), len, max)
        }
    };
    let bytes = match bytes {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Err(PayloadError::TooLarge { from, max }),
        Err(source) => return Err(PayloadError::Read { from, source }),
    };
    from_bytes(bytes, from, sets)
}

/// The payload object in `bytes` (read from `from`, as errors name it), with `sets` applied.
pub(crate) fn from_bytes(
    bytes: Vec<u8>,
    from: String,
    sets: &[String],
) -> Result<Payload, PayloadError> {
    let mut payload = if bytes.iter().all(u8::is_ascii_whitespace) {
        if sets.is_empty() {
            return Err(PayloadError::Empty { from });
        }
        Payload::from_map(Map::new())
    } else {
        match parse_payload(&bytes).map_err(|error| error.from(from.clone()))? {
            Value::Object(map) => Payload {
                value: Value::Object(map),
                raw: Some(Rc::new(raw::one_line(bytes))),
            },
            other => {
                let found = crate::config::reader::kind_of_value(&other);
                deep::drop(other);
                return Err(PayloadError::NotObject { from, found });
            }
        }
    };
    for set in sets {
        apply_set(payload.map_mut(), set)?;
    }
    Ok(payload)
}

/// Why parsing failed, before the source is named.
enum ParseError {
    Invalid(serde_json::Error),
    TooDeep(usize),
}

impl ParseError {
    fn from(self, from: String) -> PayloadError {
        match self {
            ParseError::Invalid(source) => PayloadError::Invalid { from, source },
            ParseError::TooDeep(depth) => PayloadError::TooDeep { from, depth },
        }
    }
}

/// Parses the payload's bytes; a long payload's long strings are decoded without serde_json's
/// scratch copy ([`long`]), so that the bytes, which hooks get, and the value fit in twice the
/// payload.
fn parse_payload(bytes: &[u8]) -> Result<Value, ParseError> {
    if bytes.len() >= long::LONG_PAYLOAD
        && let Some(value) = long::parse(bytes)
    {
        return Ok(value);
    }
    parse(bytes)
}

/// Parses the payload's bytes. The usual payload parses at once; only one serde_json refuses is
/// looked at again: nested deeper than its 128 levels (parsed on a growing stack, up to
/// [`deep::MAX_DEPTH`]), or holding lone surrogate escapes (parsed from a copy where they read
/// as U+FFFD).
fn parse(bytes: &[u8]) -> Result<Value, ParseError> {
    let error = match serde_json::from_slice::<Value>(bytes) {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    let depth = raw::depth(bytes);
    if depth > deep::MAX_DEPTH {
        return Err(ParseError::TooDeep(depth));
    }
    let replaced = raw::without_lone_surrogates(bytes);
    if replaced.is_none() && depth < 128 {
        return Err(ParseError::Invalid(error));
    }
    deep::parse(replaced.as_deref().unwrap_or(bytes)).map_err(ParseError::Invalid)
}

/// The length of the input when it is a regular file (a `--payload FILE`, or stdin redirected
/// from one); `None` for a pipe, a terminal or a socket, whose length is known only once read.
fn regular_file_len(input: &impl std::os::fd::AsFd) -> Option<u64> {
    let stat = rustix::fs::fstat(input).ok()?;
    (rustix::fs::FileType::from_raw_mode(stat.st_mode) == rustix::fs::FileType::RegularFile)
        .then(|| u64::try_from(stat.st_size).ok())
        .flatten()
}

/// Reads all of `reader`, at most `max` bytes: `None` when the input is longer. An input whose
/// length is known (`known_len`, a regular file) and too long is refused without reading any of
/// it; one of unknown length (a pipe) is read up to one byte past the cap, never further. The
/// whole input is kept, since hooks get these very bytes.
fn read_bounded(
    reader: impl Read,
    known_len: Option<u64>,
    max: u64,
) -> std::io::Result<Option<Vec<u8>>> {
    if known_len.is_some_and(|len| len > max) {
        return Ok(None);
    }
    // Room for the whole file, or for a typical payload: read_to_end on an empty buffer starts
    // with 32-byte probe reads and doubles, 7 reads for 1 KiB where this takes 2.
    let room = known_len.map_or(16 * 1024, |len| usize::try_from(len).unwrap_or(0) + 1);
    let mut bytes = Vec::with_capacity(room);
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

/// Applies `key.path=value`: the value is JSON when it parses as JSON, else a string.
pub(crate) fn apply_set(map: &mut Map<String, Value>, set: &str) -> Result<(), PayloadError> {
    let (path, raw) = set
        .split_once('=')
        .ok_or_else(|| PayloadError::SetSyntax(set.to_owned()))?;
    let keys: Vec<&str> = path.split('.').collect();
    if keys.iter().any(|k| k.is_empty()) {
        return Err(PayloadError::SetSyntax(set.to_owned()));
    }
    let value = serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.to_owned()));
    let (last, parents) = keys.split_last().expect("split gives at least one key");
    let mut current = map;
    for (depth, key) in parents.iter().enumerate() {
        let entry = current
            .entry((*key).to_owned())
            .or_insert_with(|| Value::Object(Map::new()));
        current = entry.as_object_mut().ok_or_else(|| {
            PayloadError::SetThroughScalar(set.to_owned(), keys[..=depth].join("."))
        })?;
    }
    current.insert((*last).to_owned(), value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_payload_that_is_not_an_object_is_named_as_config_values_are() {
        let cases = [
            (json!([1, 2]), "an array"),
            (json!("x"), "the string \"x\""),
            (json!(5), "the number 5"),
            (json!(true), "true"),
            (json!(null), "null"),
        ];
        for (value, kind) in cases {
            assert_eq!(crate::config::reader::kind_of_value(&value), kind);
            let text = value.to_string();
            let node = crate::config::tree::Node::from_json(&text).unwrap();
            assert_eq!(crate::config::reader::kind_of(&node), kind);
        }
    }

    #[test]
    fn set_parses_json_values_and_falls_back_to_strings() {
        let mut map = Map::new();
        for set in [
            "tool_name=Bash",
            "tool_input.command=rm -rf /",
            "tool_input.timeout=5",
            "flag=true",
            "list=[1,2]",
        ] {
            apply_set(&mut map, set).unwrap();
        }
        assert_eq!(
            Value::Object(map),
            json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /", "timeout": 5}, "flag": true, "list": [1, 2]})
        );
    }

    #[test]
    fn set_rejects_bad_paths() {
        let mut map = json!({"a": 1}).as_object().unwrap().clone();
        assert!(matches!(
            apply_set(&mut map, "novalue"),
            Err(PayloadError::SetSyntax(_))
        ));
        assert!(matches!(
            apply_set(&mut map, "a..b=1"),
            Err(PayloadError::SetSyntax(_))
        ));
        assert!(matches!(
            apply_set(&mut map, "a.b=1"),
            Err(PayloadError::SetThroughScalar(..))
        ));
    }
}
