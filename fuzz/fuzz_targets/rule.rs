//! `if` rules (`Tool` or `Tool(spec)`, the book "Matching") against a tool call. The rule is the
//! first line; the rest is the payload when it is a JSON value, or else the one string every field
//! of the tool call holds (`command`, `file_path`, `url`, …), with the tool named by the first byte
//! (a shell tool, a file tool, a web tool, an MCP tool, none, or the rule's own). Property: no
//! panic, no hang, bounded memory.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

const TOOLS: [Option<&str>; 8] = [
    Some("Bash"),
    Some("Shell"),
    Some("Read"),
    Some("Edit"),
    Some("WebFetch"),
    Some("mcp__server__tool"),
    None,
    Some(""),
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let (rule, input) = rest.split_once('\n').unwrap_or((rest, ""));
    let payload = serde_json::from_str::<Value>(input).unwrap_or_else(|_| {
        let own = rule.split('(').next().unwrap_or("").trim();
        match TOOLS[usize::from(pick) % TOOLS.len()] {
            None => json!({ "command": input }),
            Some(tool) => json!({
                "tool_name": if tool.is_empty() { own } else { tool },
                "tool_input": {
                    "command": input,
                    "file_path": input,
                    "url": input,
                    "query": input,
                    "nested": { "list": [input] },
                },
            }),
        }
    });
    let _ = hookrun::fuzzing::match_rule(rule, &payload);
});
