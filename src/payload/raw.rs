//! The caller's payload bytes, read without parsing them into values: how deep they nest, where
//! their lone UTF-16 surrogate escapes are, and where each top-level member's value lies. Every
//! walk here is a loop over the bytes (never a recursion), so no nesting depth can overflow the
//! stack. The functions assume JSON that serde_json has accepted or is about to judge: on
//! malformed input they return something harmless, and the parse reports the error.

use std::ops::Range;

/// The deepest nesting of objects and arrays in `bytes` (0 for a scalar).
pub(crate) fn depth(bytes: &[u8]) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => {
                at = string_end(bytes, at);
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    deepest
}

/// `bytes` with every lone surrogate escape (`\ud83d` not followed by a trailing one, or a
/// trailing one with no leading one before it) replaced by `\ufffd`, the replacement character;
/// `None` when there is none. The escapes have the same length, so positions do not move.
pub(crate) fn without_lone_surrogates(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut copy: Option<Vec<u8>> = None;
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'"' {
            at += 1;
            continue;
        }
        at += 1;
        while at < bytes.len() && bytes[at] != b'"' {
            if bytes[at] != b'\\' {
                at += 1;
                continue;
            }
            let Some(unit) = escaped_unit(bytes, at) else {
                at += 2;
                continue;
            };
            let paired = is_leading(unit) && escaped_unit(bytes, at + 6).is_some_and(is_trailing);
            if paired {
                at += 12;
            } else if is_leading(unit) || is_trailing(unit) {
                copy.get_or_insert_with(|| bytes.to_vec())[at..at + 6].copy_from_slice(b"\\ufffd");
                at += 6;
            } else {
                at += 6;
            }
        }
        at += 1;
    }
    copy
}

/// The UTF-16 unit of the `\uXXXX` escape at `at`, if there is one.
fn escaped_unit(bytes: &[u8], at: usize) -> Option<u16> {
    let escape = bytes.get(at..at + 6)?;
    if escape[0] != b'\\' || escape[1] != b'u' {
        return None;
    }
    let hex = std::str::from_utf8(&escape[2..]).ok()?;
    u16::from_str_radix(hex, 16).ok()
}

pub(crate) fn is_leading(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

pub(crate) fn is_trailing(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

/// Where the value of the top-level member `key` lies in the object `bytes` (the last one, as
/// serde_json keeps the last of repeated keys).
pub(crate) fn member(bytes: &[u8], key: &str) -> Option<Range<usize>> {
    let mut found = None;
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    loop {
        at = skip_space(bytes, at);
        if bytes.get(at) != Some(&b'"') {
            return found;
        }
        let key_end = string_end(bytes, at);
        let same = key_is(&bytes[at..key_end.min(bytes.len())], key);
        at = skip_space(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return found;
        }
        let start = skip_space(bytes, at + 1);
        let end = value_end(bytes, start);
        if same {
            found = Some(start..end);
        }
        at = skip_space(bytes, end);
        if bytes.get(at) != Some(&b',') {
            return found;
        }
        at += 1;
    }
}

/// Whether the quoted key `quoted` (with its quotes) names `key`.
fn key_is(quoted: &[u8], key: &str) -> bool {
    if quoted.len() < 2 {
        return false;
    }
    let inner = &quoted[1..quoted.len() - 1];
    if !inner.contains(&b'\\') {
        return inner == key.as_bytes();
    }
    serde_json::from_slice::<String>(quoted).is_ok_and(|decoded| decoded == key)
}

/// The position just after the string that opens at `at` (its closing quote included).
pub(crate) fn string_end(bytes: &[u8], at: usize) -> usize {
    let mut at = at + 1;
    while let Some(offset) = bytes
        .get(at..)
        .and_then(|rest| memchr::memchr2(b'"', b'\\', rest))
    {
        at += offset;
        if bytes[at] == b'"' {
            return at + 1;
        }
        at += 2;
    }
    bytes.len()
}

/// The position just after the value that starts at `at`.
fn value_end(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(b'"') => string_end(bytes, at),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut at = at;
            while at < bytes.len() {
                match bytes[at] {
                    b'"' => {
                        at = string_end(bytes, at);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return at + 1;
                        }
                    }
                    _ => {}
                }
                at += 1;
            }
            bytes.len()
        }
        _ => {
            let rest = &bytes[at.min(bytes.len())..];
            at + rest
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']') || b.is_ascii_whitespace())
                .unwrap_or(rest.len())
        }
    }
}

pub(crate) fn skip_space(bytes: &[u8], at: usize) -> usize {
    let rest = &bytes[at.min(bytes.len())..];
    at + rest
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(rest.len())
}

/// `bytes` as one line: white space around it trimmed, and every run of white space that holds
/// a line break removed (a JSON string cannot hold a raw line break, so such a run lies between
/// tokens: pretty-printed JSON loses its line breaks and indentation), then `\n`. Bytes without
/// a line break are kept as they are.
pub(crate) fn one_line(mut bytes: Vec<u8>) -> Vec<u8> {
    let end = bytes.len() - skip_space_back(&bytes);
    bytes.truncate(end);
    let start = skip_space(&bytes, 0);
    bytes.drain(..start);
    if bytes.iter().any(|b| matches!(b, b'\n' | b'\r')) {
        // Compacted in place (the payload may be tens of MiB): what is kept moves towards the
        // start, and the write position never passes the read position.
        let (mut read, mut write) = (0, 0);
        while read < bytes.len() {
            let text = bytes[read..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(bytes.len() - read);
            bytes.copy_within(read..read + text, write);
            (read, write) = (read + text, write + text);
            let run = skip_space(&bytes, read) - read;
            if !bytes[read..read + run]
                .iter()
                .any(|b| matches!(b, b'\n' | b'\r'))
            {
                bytes.copy_within(read..read + run, write);
                write += run;
            }
            read += run;
        }
        bytes.truncate(write);
    }
    bytes.push(b'\n');
    bytes
}

fn skip_space_back(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rev()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_containers_not_brackets_in_strings() {
        assert_eq!(depth(br#"{"a": [1, {"b": "[[[{{"}]}"#), 3);
        assert_eq!(depth(br#""\"[""#), 0);
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(depth(deep.as_bytes()), 100_000);
    }

    #[test]
    fn lone_surrogates_are_replaced_and_pairs_kept() {
        let cases: [(&[u8], Option<&[u8]>); 6] = [
            (br#"{"a":"cut \ud83d"}"#, Some(br#"{"a":"cut \ufffd"}"#)),
            (br#"{"a":"\ude00 alone"}"#, Some(br#"{"a":"\ufffd alone"}"#)),
            (br#"{"a":"\ud83d\ude00"}"#, None),
            (br#"{"a":"\ud83d\u0041"}"#, Some(br#"{"a":"\ufffd\u0041"}"#)),
            (br#"{"a":"\\ud83d"}"#, None),
            (br#"{"\ud83d":1}"#, Some(br#"{"\ufffd":1}"#)),
        ];
        for (input, expected) in cases {
            assert_eq!(
                without_lone_surrogates(input).as_deref(),
                expected,
                "{}",
                String::from_utf8_lossy(input)
            );
        }
    }

    #[test]
    fn member_finds_the_last_top_level_value_of_a_key() {
        let bytes = br#" { "x": {"request": 0}, "re\u0071uest" : [1, "]"] , "n": -1.5e3, "request": {"q": "}"} } "#;
        let at = member(bytes, "request").unwrap();
        assert_eq!(&bytes[at], br#"{"q": "}"}"#);
        let at = member(bytes, "n").unwrap();
        assert_eq!(&bytes[at], b"-1.5e3");
        assert_eq!(member(bytes, "q"), None);
        assert_eq!(member(b"{}", "x"), None);
    }

    #[test]
    fn one_line_removes_line_breaks_with_their_indentation_only() {
        assert_eq!(
            one_line(b" \n{\r\n  \"a\": \"x \\/ y\",\n  \"b\" :1\n}\n\n".to_vec()),
            b"{\"a\": \"x \\/ y\",\"b\" :1}\n"
        );
        assert_eq!(one_line(b"{\"a\": 1 }".to_vec()), b"{\"a\": 1 }\n");
    }
}
