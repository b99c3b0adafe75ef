//! Matchers: the first byte picks the flavour and the regex syntax (`hookrun::fuzzing::
//! match_matcher`'s order), then the pattern up to the first newline, then the value. Properties:
//! in every syntax no panic and no hang (the ECMAScript screen and the step budget bound the
//! backtracking engines); in Rust's syntax also each flavour's semantics against an oracle that
//! always compiles the regex, with the matcher's own limits — so the plain-text fast paths and the
//! literal prefilter never change an answer:
//! - 0, ignored (prx, promptkit): every value;
//! - 1, names or regex (claude, cursor, hookrun): a name list (`|`, `,`) compared exactly (free
//!   text: contained), else an unanchored regex, an invalid one being an error;
//! - 2, trimmed regex or exact (gemini): the trimmed text as an unanchored regex, else compared as
//!   an exact string;
//! - 3, regex or substring (proxyai): an unanchored regex, else searched as a substring;
//! - 4, start regex or substring (praison): a regex matched at the start (`re.match`), else
//!   searched as a substring.
//!
//! An empty or `*` matcher: every value, in every flavour.
#![no_main]

use hookrun::fuzzing::{FLAVOURS, SYNTAXES, match_matcher};
use libfuzzer_sys::fuzz_target;
use regex_lite::{Regex, RegexBuilder};

/// The matcher's compile limits (`src/matching/matcher.rs`): the oracle must refuse what it refuses.
const REGEX_SIZE_LIMIT: usize = 1 << 20;
const REGEX_NEST_LIMIT: u32 = 64;

fn compile(pattern: &str) -> Result<Regex, regex_lite::Error> {
    RegexBuilder::new(pattern)
        .size_limit(REGEX_SIZE_LIMIT)
        .nest_limit(REGEX_NEST_LIMIT)
        .build()
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let flavour = usize::from(pick) % FLAVOURS;
    let syntax = usize::from(pick) / FLAVOURS % SYNTAXES;
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let (pattern, value) = rest.split_once('\n').unwrap_or((rest, ""));
    let got = match_matcher(flavour, syntax, pattern, value);
    if syntax != 0 {
        // The oracle speaks Rust's syntax only: other syntaxes are checked for no panic and no
        // hang (libFuzzer's -timeout).
        return;
    }
    let context = || format!("flavour {flavour} matcher {pattern:?} on {value:?}: {got:?}");
    let trimmed = pattern.trim();
    if trimmed.is_empty() || trimmed == "*" || flavour == 0 {
        assert_eq!(got.kind, "all", "{}", context());
        assert_eq!(got.name, Ok(true), "{}", context());
        return;
    }
    let expected = match flavour {
        2 => Ok(compile(trimmed).map_or(trimmed == value, |r| r.is_match(value))),
        3 => Ok(compile(pattern).map_or(value.contains(pattern), |r| r.is_match(value))),
        4 => match compile(pattern) {
            // re.match: the regex anchored at the start; where the anchored form itself does not
            // compile (the size limit, at the edge), there is no oracle.
            Ok(_) => match compile(&format!(r"\A(?:{pattern})")) {
                Ok(anchored) => Ok(anchored.is_match(value)),
                Err(_) => return,
            },
            Err(_) => Ok(value.contains(pattern)),
        },
        _ if got.kind == "exact" => {
            let names = || {
                pattern
                    .split(['|', ','])
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
            };
            assert!(
                pattern
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_- ,|".contains(c)),
                "not a name list: {}",
                context()
            );
            let in_text = names().any(|name| value.contains(name));
            assert_eq!(got.text, Ok(in_text), "{}", context());
            Ok(names().any(|name| name == value))
        }
        _ => compile(pattern).map(|r| r.is_match(value)).map_err(|_| ()),
    };
    if let Ok(expected) = expected {
        assert_eq!(got.name, Ok(expected), "{}", context());
    } else {
        assert!(got.name.is_err(), "an invalid regex matched: {}", context());
        assert!(
            got.check.is_err(),
            "validate accepted an invalid regex: {}",
            context()
        );
    }
    if got.kind != "exact" {
        assert_eq!(
            got.text,
            got.name,
            "free text is matched as names are: {}",
            context()
        );
    }
});
