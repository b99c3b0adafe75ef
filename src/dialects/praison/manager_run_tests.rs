//! `HooksManager._execute_script` and `execute`, row by row.

use std::time::Duration;

use serde_json::json;

use super::*;

fn ran<'a>(ended: Ended<'a>, stdout: &'a str, stderr: &'a str, blocking: bool) -> Said {
    let run = HookRun {
        name: "validate",
        timeout: Duration::from_secs(30),
        ended,
        stdout: stdout.as_bytes(),
        stderr: stderr.as_bytes(),
    };
    if blocking {
        read_blocking(&run)
    } else {
        read(&run)
    }
}

fn denied(reason: Option<&str>) -> Said {
    Said {
        decision: Some(Decision::Deny),
        reason: reason.map(str::to_owned),
        ..Said::default()
    }
}

#[test]
fn exit_0_gives_context_or_a_modified_input() {
    for blocking in [false, true] {
        let said = ran(Ended::Exited(0), "  checked\n", "", blocking);
        assert_eq!(said.additional_context.as_deref(), Some("checked"));
        assert_eq!(said.decision, None);
        let said = ran(Ended::Exited(0), "MODIFIED: ls -la \n", "", blocking);
        assert_eq!(said.updated_input, Some(json!("ls -la")));
        assert_eq!(said.additional_context, None);
        // An empty modification is none; a prefix not at the very start is text.
        assert_eq!(
            ran(Ended::Exited(0), "MODIFIED:  \n", "", blocking),
            Said::default()
        );
        let said = ran(Ended::Exited(0), " MODIFIED:x", "", blocking);
        assert_eq!(said.additional_context.as_deref(), Some("MODIFIED:x"));
    }
}

#[test]
fn a_failure_blocks_only_with_block_on_failure() {
    let failures = [
        (Ended::Exited(1), "nope\n"),
        (Ended::Exited(2), "nope"),
        (Ended::Exited(127), "nope"),
        (Ended::Signalled(9), "nope"),
    ];
    for (ended, stderr) in failures {
        assert_eq!(
            ran(ended, "", stderr, true),
            denied(Some("nope")),
            "{ended:?}"
        );
        assert_eq!(ran(ended, "", stderr, false), Said::default(), "{ended:?}");
    }
    // Without it the failed hook's words still count, as `execute` adds them.
    let said = ran(Ended::Exited(1), "MODIFIED:safe", "nope", false);
    assert_eq!(said.updated_input, Some(json!("safe")));
    assert_eq!(ran(Ended::Exited(1), "", "", true), denied(None));
}

#[test]
fn timeouts_failed_starts_and_undecodable_output_are_worded_as_python_words_them() {
    assert_eq!(
        ran(Ended::TimedOut, "", "", true),
        denied(Some("Timeout after 30s"))
    );
    assert_eq!(ran(Ended::TimedOut, "partial", "", false), Said::default());
    assert_eq!(
        ran(Ended::Failed("cannot start"), "", "", true),
        denied(Some("cannot start"))
    );
    let run = HookRun {
        name: "validate",
        timeout: Duration::from_secs(30),
        ended: Ended::Exited(0),
        stdout: b"\xff",
        stderr: b"",
    };
    let said = read_blocking(&run);
    assert_eq!(said.decision, Some(Decision::Deny));
    assert!(
        said.reason
            .unwrap()
            .contains("'utf-8' codec can't decode byte 0xff")
    );
    assert_eq!(read(&run), Said::default());
}

#[test]
fn context_variables_are_python_str_of_each_scalar_and_json_dumps_of_all() {
    let payload = json!({"command": "rm -rf /", "force": true, "n": 3, "f": 1.5,
        "tiny": 0.00001, "nested": {"a": 1}, "none": null, "Mixed_Case": "é"});
    let env = environment(payload.as_object().unwrap());
    let get = |key: &str| env.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    assert_eq!(get("PRAISON_HOOK_COMMAND"), Some("rm -rf /"));
    assert_eq!(get("PRAISON_HOOK_FORCE"), Some("True"));
    assert_eq!(get("PRAISON_HOOK_N"), Some("3"));
    assert_eq!(get("PRAISON_HOOK_F"), Some("1.5"));
    assert_eq!(get("PRAISON_HOOK_TINY"), Some("1e-05"));
    assert_eq!(get("PRAISON_HOOK_MIXED_CASE"), Some("é"));
    assert_eq!(get("PRAISON_HOOK_NESTED"), None);
    assert_eq!(get("PRAISON_HOOK_NONE"), None);
    let context = get("PRAISON_HOOK_CONTEXT").unwrap();
    // Python's separators and `ensure_ascii`; the keys in hookrun's (sorted) order.
    assert!(
        context.starts_with(r#"{"Mixed_Case": "\u00e9", "command": "rm -rf /", "f": 1.5"#),
        "{context}"
    );
}

#[test]
fn floats_read_as_python_repr_writes_them() {
    // Expected values from Python 3.11's `repr(float)`.
    let rows = [
        (1.0, "1.0"),
        (0.1, "0.1"),
        (1e-4, "0.0001"),
        (1e-5, "1e-05"),
        (1.5e16, "1.5e+16"),
        (1e15, "1000000000000000.0"),
        (-2.5, "-2.5"),
        (123_456.789, "123456.789"),
    ];
    for (value, expected) in rows {
        assert_eq!(python_float(value), expected, "{value}");
    }
}
