//! The payload decoder (`fire --payload FILE --max-payload MAX --set …`). The first byte picks the
//! size cap (`MAX_CAPS`); the rest is the payload, then after the first NUL byte (which JSON text
//! cannot hold) one `--set key.path=value` per line. Properties: no panic; without `--set`, a
//! payload within the cap decodes exactly when serde_json reads a JSON object from it, to that
//! object; a payload over the cap is refused; every answer is a JSON object.
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
            // Known (fuzz/artifacts-found/payload/): a long `--set a.b.c…` path nests the payload
            // deeper than the payload reader itself accepts (serde_json's 128 levels).
            Err(error) if !sets.is_empty() && error.to_string().contains("recursion limit") => {}
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
            _ => assert!(
                decoded.is_err(),
                "not a JSON object, yet decoded: {decoded:?}"
            ),
        }
    }
});
