//! PraisonAI's reading of a run, row by row from `HookRunner._parse_command_output`.

use std::time::Duration;

use serde_json::json;

use super::*;

fn run<'a>(ended: Ended<'a>, stdout: &'a str, stderr: &'a str) -> Said {
    read(&HookRun {
        name: "guard",
        timeout: Duration::from_millis(500),
        ended,
        stdout: stdout.as_bytes(),
        stderr: stderr.as_bytes(),
    })
}

fn exited<'a>(code: i32, stdout: &'a str, stderr: &'a str) -> Said {
    run(Ended::Exited(code), stdout, stderr)
}

/// The decision and reason of a reading.
type Verdict<'a> = (Option<Decision>, Option<&'a str>);

fn verdict(said: &Said) -> Verdict<'_> {
    (said.decision, said.reason.as_deref())
}

const DENY: Option<Decision> = Some(Decision::Deny);
const ALLOW: Option<Decision> = Some(Decision::Allow);

#[test]
fn exit_codes_without_json() {
    let rows: [(i32, &str, &str, Verdict<'_>); 8] = [
        (0, "", "", (ALLOW, None)),
        (
            2,
            "",
            "blocked by policy",
            (DENY, Some("blocked by policy")),
        ),
        (2, "said on stdout", "", (DENY, Some("said on stdout"))),
        (2, "", "", (DENY, Some("Blocked by hook"))),
        (
            1,
            "",
            "oops\n",
            (DENY, Some("Hook exited with unexpected code 1: oops")),
        ),
        (
            1,
            "",
            "",
            (DENY, Some("Hook exited with unexpected code 1: no output")),
        ),
        (
            127,
            "out",
            "",
            (DENY, Some("Hook exited with unexpected code 127: out")),
        ),
        (0, "{\"decision\":", "", (ALLOW, None)),
    ];
    for (code, stdout, stderr, expected) in rows {
        assert_eq!(
            verdict(&exited(code, stdout, stderr)),
            expected,
            "exit {code}, {stdout:?}, {stderr:?}"
        );
    }
}

#[test]
fn plain_text_at_exit_0_is_context() {
    let said = exited(0, "  note for the model\n", "");
    assert_eq!(
        said.additional_context.as_deref(),
        Some("note for the model")
    );
    // Broken JSON is text too.
    let said = exited(0, "{\"decision\":", "");
    assert_eq!(said.additional_context.as_deref(), Some("{\"decision\":"));
}

#[test]
fn json_objects_are_read_for_their_four_keys() {
    let said = exited(
        0,
        r#"{"decision": "allow", "modified_input": {"command": "ls"}, "additional_context": "ctx",
            "updated_input": {"x": 1}, "continue": false, "systemMessage": "s"}"#,
        "",
    );
    assert_eq!(
        said,
        Said {
            decision: ALLOW,
            updated_input: Some(json!({"command": "ls"})),
            additional_context: Some("ctx".into()),
            ..Said::default()
        }
    );
    let rows: [(&str, Verdict<'_>); 7] = [
        (
            r#"{"decision": "deny", "reason": "no"}"#,
            (DENY, Some("no")),
        ),
        (r#"{"decision": "block", "reason": "b"}"#, (DENY, Some("b"))),
        (r#"{"decision": "deny"}"#, (DENY, None)),
        (r#"{"decision": "deny", "reason": ""}"#, (DENY, None)),
        (
            r#"{"reason": "just a reason"}"#,
            (ALLOW, Some("just a reason")),
        ),
        (
            r#"{"decision": "ask", "reason": "human?"}"#,
            (Some(Decision::Ask), Some("human?")),
        ),
        (r#"{"decision": null}"#, (None, None)),
    ];
    for (stdout, expected) in rows {
        assert_eq!(verdict(&exited(0, stdout, "")), expected, "{stdout}");
    }
    let hook_specific = exited(
        0,
        r#"{"hookSpecificOutput": {"additionalContext": "c"}}"#,
        "",
    );
    assert_eq!(hook_specific.additional_context, None);
    let empty_rewrite = exited(0, r#"{"modified_input": {}}"#, "");
    assert_eq!(empty_rewrite.updated_input, None);
}

#[test]
fn an_unexpected_exit_code_denies_whatever_the_json_allows() {
    let rows: [(i32, &str, &str, Verdict<'_>); 5] = [
        (
            1,
            r#"{"decision": "allow"}"#,
            "bad",
            (
                DENY,
                Some("Hook exited with unexpected code 1 after emitting an allow decision: bad"),
            ),
        ),
        (
            3,
            r"{}",
            "",
            (
                DENY,
                Some(
                    "Hook exited with unexpected code 3 after emitting an allow decision: no stderr",
                ),
            ),
        ),
        (
            3,
            r#"{"decision": "deny", "reason": "json"}"#,
            "",
            (DENY, Some("json")),
        ),
        // PraisonAI lets these through (it checks only for `allow`); hookrun fails closed.
        (
            1,
            r#"{"decision": null}"#,
            "e",
            (DENY, Some("Hook exited with unexpected code 1: e")),
        ),
        (1, r#"{"decision": "ask"}"#, "", (Some(Decision::Ask), None)),
    ];
    for (code, stdout, stderr, expected) in rows {
        assert_eq!(
            verdict(&exited(code, stdout, stderr)),
            expected,
            "exit {code} {stdout}"
        );
    }
}

#[test]
fn exit_2_blocks_whatever_its_json_says() {
    assert_eq!(
        verdict(&exited(2, r#"{"decision": "allow"}"#, "stderr")),
        (DENY, Some("stderr"))
    );
    assert_eq!(
        verdict(&exited(2, r#"{"reason": "why"}"#, "stderr")),
        (DENY, Some("why"))
    );
    assert_eq!(
        verdict(&exited(2, r#"{"decision": "deny"}"#, "stderr")),
        (DENY, None)
    );
}

#[test]
fn json_that_is_not_an_object_raises_and_denies() {
    let rows = [
        ("42", "int"),
        ("1e3", "float"),
        ("123456789012345678901234567890", "int"),
        ("[1,2]", "list"),
        ("true", "bool"),
        ("null", "NoneType"),
        (r#""\"42\"""#, "str"),
        (r#""[1]""#, "list"),
    ];
    for (stdout, kind) in rows {
        let expected = format!("Hook 'guard' raised: '{kind}' object has no attribute 'get'");
        assert_eq!(
            verdict(&exited(0, stdout, "")),
            (DENY, Some(expected.as_str())),
            "{stdout}"
        );
    }
}

#[test]
fn double_encoded_json_is_decoded_once_more() {
    let said = exited(
        0,
        r#""{\"decision\": \"deny\", \"reason\": \"double\"}""#,
        "",
    );
    assert_eq!(verdict(&said), (DENY, Some("double")));
    // A JSON string that is not JSON inside is text.
    let said = exited(0, r#""hello""#, "");
    assert_eq!(said.additional_context.as_deref(), Some(r#""hello""#));
}

#[test]
fn timeouts_crashes_and_undecodable_output_deny() {
    assert_eq!(
        verdict(&run(Ended::TimedOut, "", "")),
        (DENY, Some("Hook 'guard' timed out after 0.5s"))
    );
    assert_eq!(
        verdict(&run(Ended::Signalled(9), r#"{"decision": "allow"}"#, "")),
        (
            DENY,
            Some("Hook exited with unexpected code -9 after emitting an allow decision: no stderr")
        )
    );
    assert_eq!(
        verdict(&run(Ended::Failed("no such file"), "", "")),
        (DENY, Some("Hook 'guard' raised: no such file"))
    );
    let bad = read(&HookRun {
        name: "guard",
        timeout: Duration::from_secs(1),
        ended: Ended::Exited(0),
        stdout: b"ok\xff",
        stderr: b"",
    });
    assert_eq!(
        verdict(&bad),
        (
            DENY,
            Some(
                "Hook 'guard' raised: 'utf-8' codec can't decode byte 0xff in position 2: invalid start byte"
            )
        )
    );
}

#[test]
fn decode_errors_read_as_pythons() {
    let rows: [(&[u8], &str); 4] = [
        (b"\xc0", "byte 0xc0 in position 0: invalid start byte"),
        (
            b"ab\xe2\x28",
            "byte 0xe2 in position 2: invalid continuation byte",
        ),
        (
            b"ab\xe2\x82",
            "bytes in position 2-3: unexpected end of data",
        ),
        (b"\xe2", "byte 0xe2 in position 0: unexpected end of data"),
    ];
    for (bytes, message) in rows {
        assert_eq!(
            decode(bytes),
            Err(format!("'utf-8' codec can't decode {message}")),
            "{bytes:?}"
        );
    }
}

#[test]
fn timeouts_print_as_python_floats() {
    assert_eq!(python_seconds(Duration::from_secs(60)), "60.0");
    assert_eq!(python_seconds(Duration::from_millis(500)), "0.5");
    assert_eq!(python_seconds(Duration::from_millis(1250)), "1.25");
}

#[test]
fn python_strip_takes_the_ascii_separators_too() {
    assert_eq!(strip("\x1c\t text \u{a0}\x1f"), "text");
}
