//! The YAML reader of PromptKit's RuntimeConfig against serde-saphyr. Property: wherever the
//! block-subset reader answers, serde-saphyr accepts the text and reads the same tree (mapping
//! order included); elsewhere hookrun's answer is serde-saphyr's. No panic, no hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(disagreement) = hookrun::fuzzing::yaml_agreement(text) {
        panic!("the YAML readers disagree on {text:?}:\n{disagreement}");
    }
});
