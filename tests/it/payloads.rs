//! Payloads as the agents send them (issue 12 point 3), through real hooks that copy what they
//! get to files: any nesting depth up to the limit, lone UTF-16 surrogate escapes, escapes kept
//! as written — the hook gets the bytes hookrun got, with only what hookrun adds spliced in.

use crate::harness::Case;

/// A hookrun hook on `Stop` that copies its stdin and its payload file.
fn capturing() -> Case {
    Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"cap\"\nevents = [\"Stop\", \"PreToolUse\"]\n\
         command = \"cat > stdin.out; cat \\\"$HOOKRUN_PAYLOAD_FILE\\\" > file.out\"\n\
         payload_file = true\n",
    )
}

fn bytes(case: &Case, rel: &str) -> Vec<u8> {
    std::fs::read(case.at(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// `{"hook_event_name":"Stop",` + the rest of `payload` after its `{`, and a line end.
fn with_event_name(payload: &[u8]) -> Vec<u8> {
    let mut out = b"{\"hook_event_name\":\"Stop\",".to_vec();
    out.extend_from_slice(&payload[1..]);
    out.push(b'\n');
    out
}

fn nested(levels: usize) -> String {
    format!(
        "{{\"hook_event_name\":\"Stop\",\"deep\":{}\"bottom\"{}}}",
        r#"{"a":["#.repeat(levels / 2),
        "]}".repeat(levels / 2)
    )
}

#[test]
fn a_payload_1000_levels_deep_reaches_the_hook_intact() {
    let case = capturing();
    let payload = nested(1000);
    case.stdin(payload.clone()).fire("Stop").exit(0);
    let mut expected = payload.into_bytes();
    expected.push(b'\n');
    assert_eq!(bytes(&case, "stdin.out"), expected);
    assert_eq!(bytes(&case, "file.out"), expected);
}

#[test]
fn a_payload_at_the_depth_limit_runs_and_one_past_it_is_refused_without_a_crash() {
    let case = capturing();
    // `{` + 5 000 × `{"a":[` is 10 001 levels: one past the limit.
    case.stdin(nested(10_000))
        .fire("Stop")
        .exit(1)
        .stderr_has("10001 levels deep");
    case.stdin(nested(9_998)).fire("Stop").exit(0);
    assert_eq!(bytes(&case, "stdin.out").len(), nested(9_998).len() + 1);
    let run = case
        .stdin(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)))
        .fire("Stop")
        .exit(1)
        .stderr_has("100000 levels deep");
    assert!(run.stdout.is_empty(), "no document for a refused payload");
}

#[test]
fn a_lone_surrogate_reaches_the_hook_byte_for_byte() {
    let case = capturing();
    let payload = br#"{"tool_name":"Bash","prompt":"cut inside an emoji \ud83d","tail":"\ude00 and a pair \ud83d\ude00"}"#;
    case.stdin(payload.to_vec()).fire("Stop").exit(0);
    assert_eq!(bytes(&case, "stdin.out"), with_event_name(payload));
    assert_eq!(bytes(&case, "file.out"), with_event_name(payload));
}

#[test]
fn escapes_numbers_and_key_order_pass_unchanged() {
    let case = capturing();
    let payload = br#"{"z":"caf\u00e9 \/tmp\/x \"q\" \u0041","a":1.50,"e":1E+2,"m":{"y":1,"b":2}}"#;
    case.stdin(payload.to_vec()).fire("Stop").exit(0);
    assert_eq!(
        String::from_utf8(bytes(&case, "stdin.out")).unwrap(),
        String::from_utf8(with_event_name(payload)).unwrap()
    );
}

#[test]
fn a_payload_naming_its_event_reaches_the_hook_unchanged() {
    let case = capturing();
    let payload = br#"{"hook_event_name":"Stop","x":"\ud83d"}"#;
    case.stdin(payload.to_vec()).fire("Stop").exit(0);
    assert_eq!(bytes(&case, "stdin.out"), [&payload[..], b"\n"].concat());
}

#[test]
fn matchers_read_a_lone_surrogate_as_the_replacement_character() {
    let case = Case::new().file(
        ".claude/settings.json",
        &crate::harness::claude_settings("PreToolUse", "Bash\u{fffd}", "cat > stdin.out", ""),
    );
    let payload = br#"{"tool_name":"Bash\ud83d","tool_input":{}}"#;
    case.stdin(payload.to_vec()).fire("PreToolUse").exit(0);
    let mut expected = b"{\"hook_event_name\":\"PreToolUse\",".to_vec();
    expected.extend_from_slice(&payload[1..]);
    expected.push(b'\n');
    assert_eq!(bytes(&case, "stdin.out"), expected);
}

#[test]
fn the_prx_envelope_embeds_the_raw_payload() {
    let case = Case::new().file(
        "hooks.json",
        r#"{"hooks":{"tool_call":[{"command":"sh","args":["-c","cat > stdin.out; cat \"$ZERO_HOOK_PAYLOAD_FILE\" > file.out"],"stdin_json":true}]}}"#,
    );
    let payload =
        br#"{"session_id":"s\u002d1","tool":"shell","arguments":{"command":"echo \ud83d \/"}}"#;
    case.stdin(payload.to_vec()).fire("tool_call").exit(0);
    let stdin = String::from_utf8(bytes(&case, "stdin.out")).unwrap();
    let payload = std::str::from_utf8(payload).unwrap();
    assert!(
        stdin.starts_with(r#"{"event":"tool_call","timestamp":""#),
        "{stdin}"
    );
    assert!(
        stdin.ends_with(&format!(
            r#","session_id":"s\u002d1","payload":{payload}}}{}"#,
            "\n"
        )),
        "{stdin}"
    );
    assert_eq!(bytes(&case, "file.out"), stdin.as_bytes());
}

#[test]
fn the_promptkit_envelope_embeds_the_raw_request() {
    let case = Case::new().file(
        "runtime.yaml",
        "apiVersion: promptkit.altairalabs.ai/v1alpha1\nkind: RuntimeConfig\nspec:\n  hooks:\n    \
         cap:\n      command: sh\n      args: [\"-c\", \"cat > stdin.out; echo '{\\\"allow\\\": true}'\"]\n      hook: tool\n      \
         phases: [before_execution, after_execution]\n",
    );
    let request = r#"{"Name":"exec","Args":{"cmd":"caf\u00e9 \ud83d"}}"#;
    case.stdin(format!(r#"{{"request":{request}}}"#))
        .fire("tool.before_execution")
        .exit(0);
    assert_eq!(
        String::from_utf8(bytes(&case, "stdin.out")).unwrap(),
        format!("{{\"hook\":\"tool\",\"phase\":\"before_execution\",\"request\":{request}}}\n")
    );
    let response = r#"{"Content":"\/ok"}"#;
    case.stdin(format!(
        r#"{{"request":{request}, "response" : {response}}}"#
    ))
    .fire("tool.after_execution")
    .exit(0);
    assert_eq!(
        String::from_utf8(bytes(&case, "stdin.out")).unwrap(),
        format!(
            "{{\"hook\":\"tool\",\"phase\":\"after_execution\",\"request\":{request},\"response\":{response}}}\n"
        )
    );
}

#[test]
fn after_a_rewrite_the_next_hook_gets_the_payload_serialised_anew() {
    let case = Case::new()
        .hook(
            "rewrite.sh",
            "#!/bin/sh\ncat > first.out\necho '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\",\"updatedInput\":{\"command\":\"ls\"}}}'\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./rewrite.sh"},{"type":"command","command":"cat > second.out"}]}]}}"#,
        );
    let payload = br#"{"tool_name":"Bash","tool_input":{"command":"rm \u0041"},"note":"\ud83d"}"#;
    case.stdin(payload.to_vec()).fire("PreToolUse").exit(0);
    let mut first = b"{\"hook_event_name\":\"PreToolUse\",".to_vec();
    first.extend_from_slice(&payload[1..]);
    first.push(b'\n');
    assert_eq!(bytes(&case, "first.out"), first);
    assert_eq!(
        String::from_utf8(bytes(&case, "second.out")).unwrap(),
        "{\"hook_event_name\":\"PreToolUse\",\"note\":\"\u{fffd}\",\"tool_input\":{\"command\":\"ls\"},\"tool_name\":\"Bash\"}\n"
    );
}

#[test]
fn a_long_pretty_printed_payload_reaches_the_hook_as_one_line_byte_for_byte() {
    // Over 1 MiB with a string value over 64 KiB: the path that decodes long strings on their own.
    let case = Case::new().file(
        ".claude/settings.json",
        &crate::harness::claude_settings("PreToolUse", "Write", "cat > stdin.out", ""),
    );
    let content = r#"line \"one\"\n\ttab caf\u00e9 \ud83d\ude00 cut \ud83d end\\"#.repeat(30_000);
    let payload = format!(
        "{{\n  \"tool_name\": \"Write\",\n  \"tool_input\": {{\"content\": \"{content}\"}}\n}}\n"
    );
    assert!(payload.len() > 1024 * 1024);
    case.stdin(payload).fire("PreToolUse").exit(0);
    let expected = format!(
        "{{\"hook_event_name\":\"PreToolUse\",\"tool_name\": \"Write\",\"tool_input\": {{\"content\": \"{content}\"}}}}\n"
    );
    assert!(
        bytes(&case, "stdin.out") == expected.as_bytes(),
        "the hook got other bytes"
    );
}
