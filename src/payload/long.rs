//! Payloads holding very long strings (a `Write` of a large file), parsed so that each such string
//! is decoded once, straight into the `String` the value keeps. serde_json decodes a string with
//! escapes into a scratch buffer and then copies it out, so for a 64 MiB `content` the caller's
//! bytes (which hookrun keeps for the hooks), the scratch and the copy would all be held at once:
//! three times the payload. Here the long strings are cut out of a copy of the payload's
//! structure (each replaced by a short marker), serde_json parses that small copy, and each
//! marker is then replaced by its string, decoded from the caller's bytes: twice the payload.
//!
//! The result is the value serde_json gives for the whole payload (with lone surrogate escapes
//! read as U+FFFD, as [`super::parse`] reads them). Anything unusual — a long string this
//! decoder does not accept, a structure serde_json refuses — returns `None`, and the caller
//! parses the payload the ordinary way, which gives the error and its position.

use std::ops::Range;

use serde_json::Value;

use super::raw;

/// Payloads shorter than this are parsed the ordinary way, without looking for long strings.
pub(crate) const LONG_PAYLOAD: usize = 1024 * 1024;

/// Strings shorter than this stay in the copy serde_json parses.
const LONG_STRING: usize = 64 * 1024;

/// The payload's value, its long strings decoded without a scratch copy; `None` when it has no
/// long string or anything is unusual (the caller parses it the ordinary way).
pub(crate) fn parse(bytes: &[u8]) -> Option<Value> {
    let long = long_strings(bytes);
    if long.is_empty() {
        return None;
    }
    let marker = Marker::new();
    let mut structure = Vec::with_capacity(
        bytes.len() - long.iter().map(Range::len).sum::<usize>() + long.len() * 64,
    );
    let mut at = 0;
    for (index, range) in long.iter().enumerate() {
        structure.extend_from_slice(&bytes[at..range.start]);
        marker.write(&mut structure, index);
        at = range.end;
    }
    structure.extend_from_slice(&bytes[at..]);
    let mut value = super::parse(&structure).ok()?;
    drop(structure);
    if fill(&mut value, &marker, |index| {
        decode(&bytes[long[index].clone()])
    })
    .is_none()
    {
        super::deep::drop(value);
        return None;
    }
    Some(value)
}

/// The ranges (quotes included) of the string values of at least [`LONG_STRING`] bytes in
/// `bytes`, in order; object keys are left alone, however long.
fn long_strings(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = memchr::memchr(b'"', &bytes[at..]) {
        let start = at + offset;
        let end = raw::string_end(bytes, start);
        if end - start >= LONG_STRING && bytes.get(raw::skip_space(bytes, end)) != Some(&b':') {
            found.push(start..end);
        }
        at = end;
    }
    found
}

/// The text that stands for a long string in the copy serde_json parses: a NUL, a random tag no
/// payload can know in advance, and the string's index.
struct Marker {
    prefix: String,
}

impl Marker {
    fn new() -> Marker {
        use std::hash::{BuildHasher, RandomState};
        let tag = RandomState::new().hash_one(std::process::id());
        Marker {
            prefix: format!("\0hookrun-long-string-{tag:016x}-"),
        }
    }

    /// Appends the marker of string `index`, quoted, as JSON.
    fn write(&self, out: &mut Vec<u8>, index: usize) {
        out.extend_from_slice(br#""\u0000"#);
        out.extend_from_slice(&self.prefix.as_bytes()[1..]);
        out.extend_from_slice(index.to_string().as_bytes());
        out.push(b'"');
    }

    /// The index a string of the parsed copy stands for, if it is a marker.
    fn index(&self, text: &str) -> Option<usize> {
        text.strip_prefix(self.prefix.as_str())?.parse().ok()
    }
}

/// Replaces every marker in `value` by its string, walking without recursion (the value may be
/// deeply nested). `None` when a string does not decode.
fn fill(
    value: &mut Value,
    marker: &Marker,
    mut decode: impl FnMut(usize) -> Option<String>,
) -> Option<()> {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::String(text) => {
                if let Some(index) = marker.index(text) {
                    *text = decode(index)?;
                }
            }
            Value::Array(items) => pending.extend(items.iter_mut()),
            Value::Object(map) => pending.extend(map.values_mut()),
            _ => {}
        }
    }
    Some(())
}

/// The text of the JSON string `quoted` (its quotes included), decoded as serde_json decodes it,
/// except that a lone surrogate escape reads as U+FFFD; `None` for anything serde_json refuses
/// (a control character, an unknown escape, bad hex, invalid UTF-8, a missing quote).
fn decode(quoted: &[u8]) -> Option<String> {
    let inner = quoted.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    let mut out = String::with_capacity(inner.len());
    let mut at = 0;
    loop {
        let run_end = memchr::memchr(b'\\', &inner[at..]).map_or(inner.len(), |p| at + p);
        let run = &inner[at..run_end];
        if run.iter().any(|&b| b < 0x20) {
            return None;
        }
        out.push_str(std::str::from_utf8(run).ok()?);
        if run_end == inner.len() {
            break;
        }
        at = run_end + 2;
        let decoded = match *inner.get(run_end + 1)? {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = hex4(inner.get(at..at + 4)?)?;
                at += 4;
                if raw::is_leading(unit) {
                    let trailing = inner
                        .get(at..at + 6)
                        .filter(|escape| escape.starts_with(b"\\u"))
                        .and_then(|escape| hex4(&escape[2..]))
                        .filter(|unit| raw::is_trailing(*unit));
                    match trailing {
                        Some(low) => {
                            at += 6;
                            let high = u32::from(unit) - 0xD800;
                            char::from_u32(0x1_0000 + (high << 10) + (u32::from(low) - 0xDC00))?
                        }
                        None => char::REPLACEMENT_CHARACTER,
                    }
                } else if raw::is_trailing(unit) {
                    char::REPLACEMENT_CHARACTER
                } else {
                    char::from_u32(u32::from(unit))?
                }
            }
            _ => return None,
        };
        out.push(decoded);
    }
    out.shrink_to_fit();
    Some(out)
}

/// Four hex digits (either case), strictly.
fn hex4(digits: &[u8]) -> Option<u16> {
    digits.iter().try_fold(0u16, |unit, &digit| {
        let value = char::from(digit).to_digit(16)?;
        Some(unit << 4 | u16::try_from(value).ok()?)
    })
}

#[cfg(test)]
#[path = "long_tests.rs"]
mod tests;
