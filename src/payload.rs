//! The event payload hookrun is given: read from stdin or `--payload FILE`, bounded in size,
//! required to be a JSON object, and edited by `--set key.path=value`.

use std::io::{IsTerminal, Read};
use std::path::Path;

use serde_json::{Map, Value};

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
    let read_err = |source| PayloadError::Read {
        from: from.clone(),
        source,
    };
    let bytes = match file {
        Some(path) => {
            let file = std::fs::File::open(path).map_err(read_err)?;
            read_bounded(file, max).map_err(read_err)?
        }
        // With --set, a terminal on stdin means "no payload": never wait for a human to type one.
        None if !sets.is_empty() && std::io::stdin().is_terminal() => Vec::new(),
        None => read_bounded(std::io::stdin().lock(), max).map_err(read_err)?,
    };
    if bytes.len() as u64 > max {
        return Err(PayloadError::TooLarge { from, max });
    }
    let mut map = if bytes.iter().all(u8::is_ascii_whitespace) {
        if sets.is_empty() {
            return Err(PayloadError::Empty { from });
        }
        Map::new()
    } else {
        match serde_json::from_slice::<Value>(&bytes) {
            Ok(Value::Object(map)) => map,
            Ok(other) => {
                return Err(PayloadError::NotObject {
                    from,
                    found: crate::config::reader::kind_of(&other),
                });
            }
            Err(source) => return Err(PayloadError::Invalid { from, source }),
        }
    };
    drop(bytes);
    for set in sets {
        apply_set(&mut map, set)?;
    }
    Ok(map)
}

fn read_bounded(reader: impl Read, max: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
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
