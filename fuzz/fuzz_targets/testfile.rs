//! Hook test files (`*.hooktest.toml|yaml|json`), loaded as `hookrun test` loads them. The first
//! byte picks the suffix, and so the syntax; the rest is the file (any bytes: a file that is not
//! UTF-8 is a diagnostic). Property: no panic, no hang, bounded memory.
#![no_main]

use libfuzzer_sys::fuzz_target;

const SUFFIXES: [&str; 4] = [
    ".hooktest.toml",
    ".hooktest.yaml",
    ".hooktest.json",
    ".hooktest.yml",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let suffix = SUFFIXES[usize::from(pick) % SUFFIXES.len()];
    let _ = hookrun::fuzzing::load_test_file(suffix, text);
});
