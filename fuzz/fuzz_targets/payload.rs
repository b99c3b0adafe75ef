//! The payload decoder (`fire --payload FILE --max-payload MAX --set …`). The first byte picks the
//! size cap (`MAX_CAPS`); the rest is the payload, then after the first NUL byte (which JSON text
//! cannot hold) one `--set key.path=value` per line. Properties: no panic; without `--set`, a
//! payload within the cap decodes exactly when serde_json reads a JSON object from it, to that
//! object — or, beyond what serde_json reads, when it holds a lone UTF-16 surrogate escape or
//! nests deeper than serde_json's 128 levels (hookrun reads both, as agents send them); a payload
//! over the cap is refused; every answer is a JSON object.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// The caps tried: tiny ones reach the "too large" path with small inputs; the last is the default.
const MAX_CAPS: [u64; 4] = [0, 16, 1024, 64 * 1024 * 1024];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let max = MAX_CAPS[usize::from(pick) % MAX_CAPS.len()];
    let (payload, sets) = match rest.iter().position(|&b| b == 0) {
        Some(nul) => (&rest[..nul], &rest[nul + 1..]),
        None => (rest, &[][..]),
    };
    let sets: Vec<String> = String::from_utf8_lossy(sets)
        .lines()
        .map(str::to_owned)
        .collect();
    let decoded = hookrun::fuzzing::decode_payload(payload, &sets, max);
    if let Ok(json) = &decoded {
        match serde_json::from_str::<Value>(json) {
            Ok(value) => assert!(value.is_object(), "a payload is always an object: {json}"),
            // hookrun reads payloads deeper than serde_json's 128 levels (and a long `--set
            // a.b.c…` path nests one that deep): the check's own parser stops there.
            Err(error) if error.to_string().contains("recursion limit") => {}
            Err(error) => panic!("the decoded payload is not JSON ({error}): {json}"),
        }
    }
    if payload.len() as u64 > max {
        assert!(decoded.is_err(), "a payload over {max} bytes was accepted");
        return;
    }
    if sets.is_empty() {
        match serde_json::from_slice::<Value>(payload) {
            Ok(value @ Value::Object(_)) => {
                let json = decoded.expect("a JSON object within the cap decodes");
                let read: Value = serde_json::from_str(&json).expect("JSON");
                assert_eq!(read, value, "the payload decoded to another object");
            }
            _ if decoded.is_ok() => assert!(
                beyond_serde_json(payload),
                "not a JSON object, yet decoded: {decoded:?}"
            ),
            _ => {}
        }
    }
});

/// Whether `bytes` has what hookrun reads and serde_json does not: a lone UTF-16 surrogate escape
/// (`\ud83d`), or nesting past 128 levels (counted loosely: brackets inside strings count too,
/// which only widens what is let through).
fn beyond_serde_json(bytes: &[u8]) -> bool {
    let surrogate = bytes
        .windows(3)
        .any(|w| w[0] == b'\\' && w[1] == b'u' && matches!(w[2], b'd' | b'D'));
    let mut depth = 0_i64;
    let mut deepest = 0_i64;
    for &b in bytes {
        match b {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth -= 1,
            _ => {}
        }
        deepest = deepest.max(depth);
    }
    surrogate || deepest > 128
}
