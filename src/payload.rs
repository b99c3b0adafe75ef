//! The event payload hookrun is given: read from stdin or `--payload FILE`, bounded in size,
//! required to be a JSON object, and edited by `--set key.path=value`.

use std::io::{IsTerminal, Read};
use std::path::Path;

use serde_json::{Map, Value};

mod read_ahead;

use read_ahead::ReadAhead;

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
    #[error("the payload from {from} must be a JSON object, found {found}")]
    NotObject { from: String, found: String },
    #[error("--set {0}: expected key.path=value")]
    SetSyntax(String),
    #[error("--set {0}: `{1}` is not an object, cannot set a field inside it")]
    SetThroughScalar(String, String),
}

/// Reads the payload object from `file`, or from stdin when `None`.
pub(crate) fn read(
    file: Option<&Path>,
    sets: &[String],
    max: u64,
) -> Result<Map<String, Value>, PayloadError> {
    let from = file.map_or_else(|| "stdin".to_owned(), |f| f.display().to_string());
    let parsed = match file {
        Some(path) => match std::fs::File::open(path) {
            Ok(file) => {
                let len = regular_file_len(&file);
                parse_bounded(file, len, max)
            }
            Err(source) => return Err(PayloadError::Read { from, source }),
        },
        // With --set, a terminal on stdin means "no payload": never wait for a human to type one.
        None if !sets.is_empty() && std::io::stdin().is_terminal() => Parsed::Blank,
        None => {
            let stdin = std::io::stdin();
            let len = regular_file_len(&stdin);
            parse_bounded(stdin.lock(), len, max)
        }
    };
    let mut map = match parsed {
        Parsed::Value(Value::Object(map)) => map,
        Parsed::Value(other) => {
            let found = crate::config::reader::kind_of_value(&other);
            return Err(PayloadError::NotObject { from, found });
        }
        Parsed::Blank if !sets.is_empty() => Map::new(),
        Parsed::Blank => return Err(PayloadError::Empty { from }),
        Parsed::TooLarge => return Err(PayloadError::TooLarge { from, max }),
        Parsed::ReadFailed(source) => return Err(PayloadError::Read { from, source }),
        Parsed::Invalid(source) => return Err(PayloadError::Invalid { from, source }),
    };
    for set in sets {
        apply_set(&mut map, set)?;
    }
    Ok(map)
}

/// What parsing the input ended with.
enum Parsed {
    Value(Value),
    /// Nothing but white space.
    Blank,
    TooLarge,
    ReadFailed(std::io::Error),
    Invalid(serde_json::Error),
}

/// Payloads up to this size are read whole and parsed from memory (fastest); larger ones are
/// parsed from the stream.
const STREAM_ABOVE: u64 = 1024 * 1024;

/// The length of the input when it is a regular file (a `--payload FILE`, or stdin redirected
/// from one); `None` for a pipe, a terminal or a socket, whose length is known only once read.
fn regular_file_len(input: &impl std::os::fd::AsFd) -> Option<u64> {
    let stat = rustix::fs::fstat(input).ok()?;
    (rustix::fs::FileType::from_raw_mode(stat.st_mode) == rustix::fs::FileType::RegularFile)
        .then(|| u64::try_from(stat.st_size).ok())
        .flatten()
}

/// Parses JSON from `reader`, reading at most `max` bytes. An input longer than `max` is refused
/// without parsing any of it: at once when its length is known (`known_len`, a regular file),
/// else once more than `max` bytes have been read ahead. A large payload is parsed from the
/// stream (or from the read-ahead chunks, freed as they are parsed) rather than from one buffer
/// of the whole input, which keeps one copy of it fewer in memory (peak RSS ≤ 2.5 × payload +
/// 16 MiB).
fn parse_bounded(reader: impl Read, known_len: Option<u64>, max: u64) -> Parsed {
    if known_len.is_some_and(|len| len > max) {
        return Parsed::TooLarge;
    }
    let mut limited = reader.take(max.saturating_add(1));
    // Room for a typical payload up front: read_to_end on an empty buffer starts with 32-byte
    // probe reads and doubles, 7 reads for 1 KiB where this takes 2 (the data and the end).
    let mut head = Vec::with_capacity(16 * 1024);
    if let Err(error) = (&mut limited).take(STREAM_ABOVE).read_to_end(&mut head) {
        return Parsed::ReadFailed(error);
    }
    if head.len() as u64 > max {
        return Parsed::TooLarge;
    }
    let blank_head = head.iter().all(u8::is_ascii_whitespace);
    if (head.len() as u64) < STREAM_ABOVE {
        return match serde_json::from_slice::<Value>(&head) {
            Ok(value) => Parsed::Value(value),
            Err(_) if blank_head => Parsed::Blank,
            Err(error) => Parsed::Invalid(error),
        };
    }
    // A regular file's length is known to be within the cap: parse straight from it. Input of
    // unknown length is read ahead up to the cap first, so an oversized one is never parsed.
    let rest: Box<dyn Read> = if known_len.is_some() {
        Box::new(limited)
    } else {
        let limit = max.saturating_sub(head.len() as u64);
        match ReadAhead::read(limited, limit) {
            Ok(ahead) if ahead.len > limit => return Parsed::TooLarge,
            Ok(ahead) => Box::new(ahead),
            Err(error) => return Parsed::ReadFailed(error),
        }
    };
    let mut counted = Counted {
        inner: std::io::Cursor::new(head).chain(rest),
        bytes: 0,
        blank: blank_head,
        error: None,
    };
    let result = serde_json::from_reader::<_, Value>(std::io::BufReader::with_capacity(
        64 * 1024,
        &mut counted,
    ));
    if let Some(error) = counted.error {
        return Parsed::ReadFailed(error);
    }
    if counted.bytes > max {
        return Parsed::TooLarge;
    }
    match result {
        Ok(value) => Parsed::Value(value),
        Err(_) if counted.blank => Parsed::Blank,
        Err(error) => Parsed::Invalid(error),
    }
}

/// Counts what passes through, remembers whether it was all white space, and keeps the first I/O
/// error (serde_json would report it as a syntax error).
struct Counted<R> {
    inner: R,
    bytes: u64,
    blank: bool,
    error: Option<std::io::Error>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                self.bytes += n as u64;
                self.blank = self.blank && buf[..n].iter().all(u8::is_ascii_whitespace);
                Ok(n)
            }
            Err(error) => {
                let kind = error.kind();
                self.error = Some(error);
                Err(std::io::Error::from(kind))
            }
        }
    }
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
