//! Each dialect's loader on one configuration text, then `validate`'s checks and every diagnostic
//! rendered. The first byte picks the dialect (the registry's order; one past the end: told
//! from the content, as for a `-c` file); the rest is the file. Property: no panic, no hang,
//! bounded memory.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    // hookrun refuses a file that is not UTF-8 before any loader sees it.
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let names = hookrun::fuzzing::dialect_names();
    let dialect = names.get(usize::from(pick) % (names.len() + 1));
    hookrun::fuzzing::load_config(dialect.copied(), text);
});
