use std::fmt::Write as _;

use serde_json::Value;

use super::{LONG_STRING, decode, parse};
use crate::test_rng::Rng;

/// Pieces of JSON string text: plain, multi-byte, every escape, surrogate pairs, lone
/// surrogates (which read as U+FFFD), and escapes that look like others.
const PIECES: &[&str] = &[
    "plain text ",
    "é ü 中文 🦀",
    r#"\""#,
    r"\\",
    r"\/",
    r"\b\f\n\r\t",
    r"\u0041\u00e9\u4e2D",
    r"\u0000",
    r"\ud83d\ude00",
    r"\uD83D\uDE00",
    r"\ud83d",
    r"\ude00",
    r"\ud83d\u0041",
    r"\ud83d\\ude00",
    r"\\u0041",
    r#"{\"not\": [\"json\"]}"#,
    " ",
];

/// Text of about `len` bytes made of [`PIECES`].
fn text(rng: &mut Rng, len: usize) -> String {
    let mut out = String::new();
    while out.len() < len {
        out.push_str(rng.pick(PIECES));
    }
    out
}

/// The value the ordinary parse gives.
fn ordinary(bytes: &[u8]) -> Value {
    super::super::parse(bytes).unwrap_or_else(|_| panic!("parses"))
}

#[test]
fn long_strings_decode_to_what_serde_json_gives() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut decoded = 0;
    for round in 0..40 {
        let mut payload = String::from("{");
        for member in 0..=rng.below(5) {
            let len = if rng.below(2) == 0 {
                LONG_STRING + rng.below(3000)
            } else {
                rng.below(200)
            };
            let value = match rng.below(4) {
                0 => format!("\"{}\"", text(&mut rng, len)),
                1 => format!(
                    "[\"{}\", 1, {{\"x\": \"{}\"}}]",
                    text(&mut rng, len),
                    text(&mut rng, 40)
                ),
                2 => format!("{{\"content\": \"{}\", \"n\": null}}", text(&mut rng, len)),
                _ => format!("{}", rng.below(1000)),
            };
            let key = if rng.below(10) == 0 {
                text(&mut rng, LONG_STRING)
            } else {
                format!("k{}", member % 3)
            };
            write!(
                payload,
                "{}\n  \"{key}\" : {value}",
                if member == 0 { "" } else { "," }
            )
            .unwrap();
        }
        payload.push('}');
        let bytes = payload.as_bytes();
        let has_long = !super::long_strings(bytes).is_empty();
        match parse(bytes) {
            Some(value) => assert_eq!(value, ordinary(bytes), "round {round}"),
            None => assert!(
                !has_long,
                "round {round}: a long string, yet left to serde_json"
            ),
        }
        decoded += usize::from(has_long);
    }
    assert!(
        decoded > 20,
        "only {decoded} of 40 payloads had a long string"
    );
}

#[test]
fn repeated_keys_keep_the_last_value_as_serde_json_does() {
    let long = "x\\n".repeat(LONG_STRING);
    let bytes = format!(r#"{{"a": "{long}", "a": "short", "b": "short", "b": "{long}y"}}"#);
    let value = parse(bytes.as_bytes()).unwrap();
    assert_eq!(value, ordinary(bytes.as_bytes()));
    assert_eq!(value["a"], "short");
    assert!(value["b"].as_str().unwrap().ends_with("\ny"));
}

#[test]
fn a_long_string_in_a_deeply_nested_payload() {
    let long = "\\t".repeat(LONG_STRING);
    let bytes = format!(r#"{{"a": {}"{long}"{}}}"#, "[".repeat(300), "]".repeat(300));
    assert_eq!(parse(bytes.as_bytes()).unwrap(), ordinary(bytes.as_bytes()));
}

#[test]
fn anything_serde_json_refuses_is_left_to_the_ordinary_parse() {
    let long = "a".repeat(LONG_STRING);
    let refused = [
        format!(r#"{{"a": "{long}\x"}}"#),
        format!(r#"{{"a": "{long}\u12g4"}}"#),
        format!(r#"{{"a": "{long}\u+123"}}"#),
        format!("{{\"a\": \"{long}\u{1}\"}}"),
        format!("{{\"a\": \"{long}\tb\"}}"),
        format!(r#"{{"a": "{long}"#),
        format!(r#"{{"a": "{long}" "b"}}"#),
        format!(r#"{{"a": "{long}",}}"#),
    ];
    for bytes in &refused {
        assert!(
            parse(bytes.as_bytes()).is_none(),
            "{}",
            &bytes[bytes.len() - 12..]
        );
        assert!(super::super::parse(bytes.as_bytes()).is_err());
    }
    let mut invalid_utf8 = format!(r#"{{"a": "{long}"#).into_bytes();
    invalid_utf8.extend_from_slice(b"\xff\"}");
    assert!(parse(&invalid_utf8).is_none());
    assert!(super::super::parse(&invalid_utf8).is_err());
}

#[test]
fn a_payload_cannot_forge_the_marker() {
    let long = "b".repeat(LONG_STRING);
    let forged = r"\u0000hookrun-long-string-0000000000000000-0";
    let bytes = format!(r#"{{"a": "{long}", "f": "{forged}"}}"#);
    let value = parse(bytes.as_bytes()).unwrap();
    assert_eq!(value, ordinary(bytes.as_bytes()));
    assert_eq!(value["f"], "\0hookrun-long-string-0000000000000000-0");
}

#[test]
fn decode_reads_every_escape() {
    assert_eq!(
        decode(br#""a\"\\\/\b\f\n\r\tz""#).unwrap(),
        "a\"\\/\u{8}\u{c}\n\r\tz"
    );
    assert_eq!(
        decode(br#""\u00e9\ud83d\ude00\ud83d\u0041\ude00""#).unwrap(),
        "é😀\u{fffd}A\u{fffd}"
    );
    assert_eq!(decode(br#""""#).unwrap(), "");
    assert_eq!(decode(br#""\""#), None);
    assert_eq!(decode(br#""\u00""#), None);
    assert_eq!(decode(b"\"a"), None);
}
