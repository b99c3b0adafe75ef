//! Reading a hook's answer at the edges: more stdout than hookrun keeps, and a byte-order mark
//! before the JSON.

use serde_json::json;

use crate::harness::{Case, claude_settings};

#[test]
fn exit_2_with_more_than_16_mib_of_stdout_still_denies() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./flood.sh", ""),
        )
        .hook(
            "flood.sh",
            "#!/bin/sh\nhead -c 20000000 /dev/zero | tr '\\0' x\necho 'too big to allow' >&2\nexit 2\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("too big to allow"));
    let record = run.hook("flood");
    assert_eq!(record["outcome"], "blocking", "{record}");
    assert_eq!(record["truncated"], true, "{record}");
    assert_eq!(record["exit_code"], 2, "{record}");
}

#[test]
fn exit_2_with_more_than_16_mib_of_stdout_and_no_stderr_names_the_hook() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./flood.sh", ""),
        )
        .hook(
            "flood.sh",
            "#!/bin/sh\nhead -c 20000000 /dev/zero | tr '\\0' x\nexit 2\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("blocked by hook flood"));
    assert_eq!(run.hook("flood")["truncated"], true);
}

#[test]
fn a_byte_order_mark_before_the_json_answer_is_skipped() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./bom.sh", ""),
        )
        .hook(
            "bom.sh",
            "#!/bin/sh\nprintf '\\357\\273\\277{\"decision\": \"deny\", \"reason\": \"written by PowerShell\"}\\r\\n'\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("written by PowerShell"));
}
