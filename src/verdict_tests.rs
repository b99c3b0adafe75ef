//! Table-driven tests of how one hook's result is read (the book, "Reading results and merging"):
//! one row per rule.

use std::time::Duration;

use serde_json::json;

use super::*;
use crate::model::reading::{Ended, HookRun};
use crate::runner::capture::Capture;
use crate::runner::terminate::Kill;

fn run(exit: Exit, stdout: &str, stderr: &str) -> Finished {
    Finished {
        exit,
        stdout: Capture::with_bytes(stdout.as_bytes()),
        stderr: Capture::with_bytes(stderr.as_bytes()),
        timed_out: false,
        interrupted: None,
        killed: None,
        leaked: false,
        left_behind: 0,
        duration: Duration::from_millis(3),
    }
}

fn claude() -> Policy {
    Policy {
        can_block: true,
        exit2_blocks: true,
        ..Policy::default()
    }
}

const LIMITS: Limits = Limits {
    timeout: Duration::from_secs(5),
    grace: Duration::from_secs(2),
};

fn judge_with(policy: Policy, exit: Exit, stdout: &str, stderr: &str) -> Verdict {
    judge_process(&run(exit, stdout, stderr), policy, LIMITS, "guard")
}

#[test]
fn exit_codes_map_to_outcomes() {
    use Outcome::*;
    type Row<'a> = (Exit, &'a str, &'a str, Outcome, Decision, Option<&'a str>);
    let rows: &[Row<'_>] = &[
        (Exit::Code(0), "", "", Success, Decision::None, None),
        (
            Exit::Code(2),
            "",
            "rm is not allowed\n",
            Blocking,
            Decision::Deny,
            Some("rm is not allowed"),
        ),
        (
            Exit::Code(2),
            "plain words",
            "",
            Blocking,
            Decision::Deny,
            Some("plain words"),
        ),
        (
            Exit::Code(2),
            "",
            "",
            Blocking,
            Decision::Deny,
            Some("blocked by hook guard"),
        ),
        (
            Exit::Code(1),
            "",
            "oops\nmore",
            NonBlockingError,
            Decision::None,
            None,
        ),
        (
            Exit::Code(127),
            "",
            "sh: x.sh: not found",
            NonBlockingError,
            Decision::None,
            None,
        ),
        (
            Exit::Signal(9),
            "",
            "",
            NonBlockingError,
            Decision::None,
            None,
        ),
        (
            Exit::SpawnFailed("failed to start `x`: no such program".into()),
            "",
            "",
            NonBlockingError,
            Decision::None,
            None,
        ),
    ];
    for (exit, stdout, stderr, outcome, decision, reason) in rows {
        let verdict = judge_with(claude(), exit.clone(), stdout, stderr);
        assert_eq!(verdict.outcome, *outcome, "{exit:?} {stdout:?}");
        assert_eq!(verdict.decision, *decision, "{exit:?} {stdout:?}");
        assert_eq!(verdict.reason.as_deref(), *reason, "{exit:?} {stdout:?}");
    }
}

#[test]
fn failure_errors_name_the_cause() {
    let cases = [
        (Exit::Code(1), "oops\nmore", "exited with code 1: oops"),
        (Exit::Code(3), "", "exited with code 3"),
        (Exit::Signal(11), "", "killed by SIGSEGV"),
    ];
    for (exit, stderr, error) in cases {
        assert_eq!(
            judge_with(claude(), exit, "", stderr).error.as_deref(),
            Some(error)
        );
    }
}

#[test]
fn exit_2_denies_even_when_json_says_allow() {
    let stdout =
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}"#;
    let verdict = judge_with(claude(), Exit::Code(2), stdout, "no");
    assert_eq!(
        (verdict.decision, verdict.reason.as_deref()),
        (Decision::Deny, Some("no"))
    );
}

#[test]
fn exit_2_reason_is_stderr_even_beside_a_json_reason() {
    // Claude Code 2.1.332 tells the model the stderr of an exit-2 hook, whatever its stdout says
    // (conformance scenario pt-json-allow-exit2).
    let allow = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"json allow reason"}}"#;
    let verdict = judge_with(claude(), Exit::Code(2), allow, "stderr wins\n");
    assert_eq!(
        (verdict.decision, verdict.reason.as_deref()),
        (Decision::Deny, Some("stderr wins"))
    );
    let deny = judge_with(
        claude(),
        Exit::Code(2),
        r#"{"reason":"Denied by hook"}"#,
        "stderr text",
    );
    assert_eq!(deny.reason.as_deref(), Some("stderr text"));
}

#[test]
fn exit_2_without_stderr_falls_back_to_the_json_reason() {
    let verdict = judge_with(
        claude(),
        Exit::Code(2),
        r#"{"reason":"Denied by hook"}"#,
        " \n",
    );
    assert_eq!(verdict.reason.as_deref(), Some("Denied by hook"));
}

#[test]
fn json_deny_is_honoured_whatever_the_exit_code() {
    let verdict = judge_with(
        claude(),
        Exit::Code(1),
        r#"{"decision":"deny","reason":"nope"}"#,
        "",
    );
    assert_eq!(
        (verdict.outcome, verdict.decision),
        (Outcome::Blocking, Decision::Deny)
    );
    assert_eq!(verdict.reason.as_deref(), Some("nope"));
    let allow = judge_with(claude(), Exit::Code(1), r#"{"decision":"allow"}"#, "");
    assert_eq!(
        (allow.outcome, allow.decision),
        (Outcome::NonBlockingError, Decision::None)
    );
}

#[test]
fn broken_json_is_a_failure_and_polluted_json_is_no_decision() {
    let broken = judge_with(claude(), Exit::Code(0), r#"{"decision":"#, "");
    assert_eq!(broken.outcome, Outcome::NonBlockingError);
    assert!(
        broken
            .error
            .as_deref()
            .unwrap()
            .starts_with("stdout is not valid JSON"),
        "{broken:?}"
    );
    let polluted = judge_with(
        claude(),
        Exit::Code(0),
        "Shell ready\n{\"decision\":\"block\",\"reason\":\"x\"}",
        "",
    );
    assert_eq!(
        (polluted.outcome, polluted.decision),
        (Outcome::Success, Decision::None)
    );
    let array = judge_with(claude(), Exit::Code(0), "[1,2]", "");
    assert_eq!(
        (array.outcome, array.decision),
        (Outcome::Success, Decision::None)
    );
}

#[test]
fn plain_text_is_context_only_where_the_event_says_so() {
    let plain = judge_with(claude(), Exit::Code(0), "branch: main\n", "");
    assert_eq!(plain.said.additional_context, None);
    let policy = Policy {
        text_is_context: true,
        ..claude()
    };
    let context = judge_with(policy, Exit::Code(0), "branch: main\n", "");
    assert_eq!(
        context.said.additional_context.as_deref(),
        Some("branch: main")
    );
}

#[test]
fn fail_closed_hooks_block_on_every_failure() {
    let policy = Policy {
        fail_closed: true,
        ..claude()
    };
    for exit in [
        Exit::Code(1),
        Exit::Signal(9),
        Exit::SpawnFailed("failed to start `x`: no such program".into()),
    ] {
        let verdict = judge_with(policy, exit.clone(), "", "boom");
        assert_eq!(
            (verdict.outcome, verdict.decision),
            (Outcome::Blocking, Decision::Deny),
            "{exit:?}"
        );
        assert_eq!(verdict.reason, verdict.error);
    }
    let broken = judge_with(policy, Exit::Code(0), "{oops", "");
    assert_eq!(broken.decision, Decision::Deny);
}

#[test]
fn timeouts_are_cancelled_with_both_signals_recorded() {
    let mut timed_out = run(Exit::Signal(9), "", "");
    timed_out.timed_out = true;
    timed_out.killed = Some(Kill::Kill);
    let verdict = judge_process(&timed_out, claude(), LIMITS, "guard");
    assert_eq!(verdict.outcome, Outcome::Cancelled);
    assert_eq!(
        verdict.error.as_deref(),
        Some("timed out after 5s; SIGKILL after 2s grace")
    );
    timed_out.killed = Some(Kill::Term);
    let policy = Policy {
        fail_closed: true,
        ..claude()
    };
    let closed = judge_process(&timed_out, policy, LIMITS, "guard");
    assert_eq!(
        (closed.outcome, closed.decision),
        (Outcome::Blocking, Decision::Deny)
    );
    assert_eq!(
        closed.reason.as_deref(),
        Some("timed out after 5s; ended by SIGTERM")
    );
}

#[test]
fn stdout_overflow_is_a_failure() {
    let mut big = run(Exit::Code(0), "", "");
    big.stdout.overflowed = true;
    assert_eq!(
        judge_process(&big, claude(), LIMITS, "g").error.as_deref(),
        Some("stdout exceeded 16 MiB")
    );
}

#[test]
fn exit_2_with_overflowed_stdout_still_denies() {
    let mut big = run(
        Exit::Code(2),
        "{\"decision\": \"allow\", \"reas",
        "too much\n",
    );
    big.stdout.overflowed = true;
    let verdict = judge_process(&big, claude(), LIMITS, "g");
    assert_eq!(
        (verdict.outcome, verdict.decision, verdict.reason.as_deref()),
        (Outcome::Blocking, Decision::Deny, Some("too much"))
    );
    assert!(verdict.error.is_some_and(|e| e.contains("truncated")));
    // Where exit 2 is no deny (PRX, PromptKit), the overflow stays a failure.
    let prx = Policy {
        exit2_blocks: false,
        ..claude()
    };
    assert_eq!(
        judge_process(&big, prx, LIMITS, "g").outcome,
        Outcome::NonBlockingError
    );
    // A timeout is a timeout, whatever the exit code it left.
    big.timed_out = true;
    assert_eq!(
        judge_process(&big, claude(), LIMITS, "g").outcome,
        Outcome::Cancelled
    );
}

#[test]
fn one_leading_byte_order_mark_is_skipped() {
    let bom = "\u{feff}{\"decision\": \"deny\", \"reason\": \"bom\"}\r\n";
    let verdict = judge_with(claude(), Exit::Code(0), bom, "");
    assert_eq!(
        (verdict.decision, verdict.reason.as_deref()),
        (Decision::Deny, Some("bom"))
    );
    let filter = Policy {
        require_allow: true,
        ..claude()
    };
    let allowed = judge_with(filter, Exit::Code(0), "\u{feff}{\"allow\": true}", "");
    assert_eq!(allowed.decision, Decision::Allow);
    // Only one: a second mark is not whitespace, so the text is no JSON answer.
    let twice = judge_with(
        claude(),
        Exit::Code(0),
        "\u{feff}\u{feff}{\"decision\": \"deny\"}",
        "",
    );
    assert_eq!(twice.decision, Decision::None);
}

#[test]
fn observe_hooks_never_block() {
    let policy = Policy {
        can_block: false,
        ..claude()
    };
    let verdict = judge_with(policy, Exit::Code(2), "", "no");
    assert_eq!(
        (verdict.outcome, verdict.decision),
        (Outcome::Success, Decision::None)
    );
    assert_eq!(verdict.ignored_decision, Some(Decision::Deny));
    let stop = judge_with(
        policy,
        Exit::Code(0),
        r#"{"continue":false,"stopReason":"x"}"#,
        "",
    );
    assert_eq!(
        (stop.outcome, stop.said.continue_),
        (Outcome::Success, None)
    );
}

#[test]
fn prx_exit_2_is_a_failure_not_a_deny() {
    let prx = Policy {
        can_block: false,
        exit2_blocks: false,
        ..Policy::default()
    };
    let verdict = judge_with(prx, Exit::Code(2), "", "");
    assert_eq!(
        (verdict.outcome, verdict.decision),
        (Outcome::NonBlockingError, Decision::None)
    );
}

#[test]
fn filter_truth_table() {
    let filter = Policy {
        can_block: true,
        fail_closed: true,
        require_allow: true,
        ..Policy::default()
    };
    let rows = [
        (Exit::Code(0), r#"{"allow": true}"#, Decision::Allow),
        (
            Exit::Code(0),
            r#"{"allow": false, "reason": "pii"}"#,
            Decision::Deny,
        ),
        (Exit::Code(0), "{}", Decision::Deny),
        (Exit::Code(0), r#"{"ack": true}"#, Decision::Deny),
        (Exit::Code(0), "null", Decision::Deny),
        (Exit::Code(0), r#"{"allow": "yes"}"#, Decision::Deny),
        (Exit::Code(0), "", Decision::Deny),
        (Exit::Code(0), "{bad", Decision::Deny),
        (Exit::Code(1), r#"{"allow": true}"#, Decision::Deny),
        (Exit::Code(2), "", Decision::Deny),
    ];
    for (exit, stdout, decision) in rows {
        assert_eq!(
            judge_with(filter, exit.clone(), stdout, "").decision,
            decision,
            "{exit:?} {stdout}"
        );
    }
}

#[test]
fn vocabulary_reads_every_spelling_of_the_decision() {
    let rows = [
        (json!({"decision": "approve"}), Some(Decision::Allow)),
        (json!({"decision": "block"}), Some(Decision::Deny)),
        (json!({"decision": "ask"}), Some(Decision::Ask)),
        (
            json!({"hookSpecificOutput": {"permissionDecision": "deny"}}),
            Some(Decision::Deny),
        ),
        (
            json!({"hookSpecificOutput": {"permissionDecision": "defer"}}),
            Some(Decision::None),
        ),
        (
            json!({"hookSpecificOutput": {"decision": {"behavior": "allow"}}}),
            Some(Decision::Allow),
        ),
        (json!({"permission": "ask"}), Some(Decision::Ask)),
        (json!({"allow": false}), Some(Decision::Deny)),
        (json!({"continue": true}), None),
    ];
    for (value, decision) in rows {
        assert_eq!(
            read_vocabulary(value.as_object().unwrap()).decision,
            decision,
            "{value}"
        );
    }
}

#[test]
fn vocabulary_reads_every_spelling_of_the_other_fields() {
    let said = read_vocabulary(
        json!({
            "hookSpecificOutput": {
                "permissionDecisionReason": "why",
                "updatedInput": {"command": "ls"},
                "additionalContext": "ctx",
                "updatedMCPToolOutput": {"x": 1}
            },
            "system_message": "sys",
            "user_message": "u",
            "agent_message": "a",
            "followup_message": "f",
            "continue": false,
            "stop_reason": "enough",
            "suppressOutput": true,
            "metadata": {"k": 1}
        })
        .as_object()
        .unwrap(),
    );
    assert_eq!(said.reason.as_deref(), Some("why"));
    assert_eq!(said.updated_input, Some(json!({"command": "ls"})));
    assert_eq!(said.updated_output, Some(json!({"x": 1})));
    assert_eq!(said.additional_context.as_deref(), Some("ctx"));
    assert_eq!(said.system_message.as_deref(), Some("sys"));
    assert_eq!(
        (said.user_message.as_deref(), said.agent_message.as_deref()),
        (Some("u"), Some("a"))
    );
    assert_eq!(said.followup_message.as_deref(), Some("f"));
    assert_eq!(
        (said.continue_, said.stop_reason.as_deref()),
        (Some(false), Some("enough"))
    );
    assert_eq!(said.extra.len(), 2);
    for (key, value) in [
        ("updated_input", "a"),
        ("updatedInput", "b"),
        ("modified_input", "c"),
    ] {
        let map = json!({ key: {"v": value} });
        assert_eq!(
            read_vocabulary(map.as_object().unwrap()).updated_input,
            Some(json!({"v": value}))
        );
    }
    let gemini = json!({"hookSpecificOutput": {"tool_input": {"a": 1}}});
    assert_eq!(
        read_vocabulary(gemini.as_object().unwrap()).updated_input,
        Some(json!({"a": 1}))
    );
}

#[test]
fn continue_false_blocks() {
    let verdict = judge_with(
        claude(),
        Exit::Code(0),
        r#"{"continue":false,"stopReason":"Stop requested"}"#,
        "",
    );
    assert_eq!(verdict.outcome, Outcome::Blocking);
    assert_eq!(verdict.said.stop_reason.as_deref(), Some("Stop requested"));
}

#[test]
fn a_permission_requests_interrupt_stops_the_agent() {
    let said = read_vocabulary(
        json!({"hookSpecificOutput": {"decision":
            {"behavior": "deny", "message": "no", "interrupt": true}}})
        .as_object()
        .unwrap(),
    );
    assert_eq!(said.continue_, Some(false));
    let said = read_vocabulary(
        json!({"hookSpecificOutput": {"decision": {"behavior": "deny", "interrupt": false}}})
            .as_object()
            .unwrap(),
    );
    assert_eq!(said.continue_, None);
}

#[test]
fn a_deny_without_a_reason_key_is_explained_by_its_messages() {
    let cursor = judge_with(
        claude(),
        Exit::Code(0),
        r#"{"permission":"deny","user_message":"no curl","agent_message":"use the API"}"#,
        "",
    );
    assert_eq!(cursor.reason.as_deref(), Some("no curl"));
    let agent_only = judge_with(
        claude(),
        Exit::Code(0),
        r#"{"permission":"ask","agent_message":"confirm?"}"#,
        "",
    );
    assert_eq!(agent_only.reason.as_deref(), Some("confirm?"));
    let bare = judge_with(claude(), Exit::Code(0), r#"{"permission":"deny"}"#, "");
    assert_eq!(bare.reason.as_deref(), Some("blocked by hook guard"));
}

#[test]
fn observe_only_hooks_say_nothing_and_their_deny_is_a_failure() {
    let prx = Policy {
        can_block: false,
        observe_only: true,
        ..Policy::default()
    };
    let deny = judge_with(
        prx,
        Exit::Code(0),
        r#"{"decision":"deny","reason":"no","updated_input":{"a":1}}"#,
        "",
    );
    assert_eq!(
        (deny.outcome, deny.decision),
        (Outcome::NonBlockingError, Decision::None)
    );
    assert_eq!(
        deny.error.as_deref(),
        Some("the hook is observe-only: its deny was ignored")
    );
    assert_eq!(
        deny.said.updated_input, None,
        "nothing it says reaches the decision"
    );
    let context = judge_with(
        prx,
        Exit::Code(0),
        r#"{"additionalContext":"x","metadata":{"k":1}}"#,
        "",
    );
    assert_eq!(
        (context.outcome, context.said.additional_context),
        (Outcome::Success, None)
    );
    assert_eq!(context.said.extra.len(), 1, "kept for the record");
}

/// A stand-in for a dialect's own reading: stdout `deny` denies, any other text is a message.
fn read_words(code: Option<i32>, stdout: &str, _stderr: &str) -> Option<Map<String, Value>> {
    let mut out = Map::new();
    match stdout {
        "" => return None,
        "deny" => {
            out.insert("decision".into(), "deny".into());
        }
        text => {
            out.insert("systemMessage".into(), format!("{text} ({code:?})").into());
        }
    }
    Some(out)
}

#[test]
fn a_dialect_reading_decides_exits_and_deaths_by_signal() {
    let policy = Policy {
        read_output: Some(read_words),
        ..claude()
    };
    let deny = judge_with(policy, Exit::Signal(9), "deny", "");
    assert_eq!(
        (deny.outcome, deny.decision),
        (Outcome::Blocking, Decision::Deny)
    );
    // No default reason: the agent words a block without one itself.
    assert_eq!(deny.reason, None);
    let warned = judge_with(policy, Exit::Code(1), "careful", "");
    assert_eq!(warned.outcome, Outcome::NonBlockingError);
    assert_eq!(warned.decision, Decision::None);
    assert_eq!(
        warned.said.system_message.as_deref(),
        Some("careful (Some(1))")
    );
    // Exit 2 counts only through the reading.
    let silent = judge_with(policy, Exit::Code(2), "", "ignored");
    assert_eq!(silent.decision, Decision::None);
    // A spawn failure is judged as for every dialect; fail-closed still blocks a failure.
    let spawn = judge_with(policy, Exit::SpawnFailed("no such file".into()), "deny", "");
    assert_eq!(spawn.decision, Decision::None);
    let strict = Policy {
        fail_closed: true,
        ..policy
    };
    let failed = judge_with(strict, Exit::Code(1), "careful", "");
    assert_eq!(failed.decision, Decision::Deny);
}

/// A reading that records how the run ended in the reason, and denies without a reason on exit 1.
fn echo_ending(run: &HookRun<'_>) -> Said {
    match run.ended {
        Ended::Exited(1) => Said {
            decision: Some(Decision::Deny),
            ..Said::default()
        },
        ended => Said {
            decision: Some(Decision::Allow),
            reason: Some(format!("{}: {ended:?} after {:?}", run.name, run.timeout)),
            ..Said::default()
        },
    }
}

#[test]
fn a_dialect_that_reads_its_runs_itself_decides_and_words_the_verdict() {
    let policy = Policy {
        reads: Some(echo_ending),
        ..claude()
    };
    let deny = judge_with(policy, Exit::Code(1), "", "oops");
    assert_eq!(
        (deny.outcome, deny.decision, deny.reason.as_deref()),
        (Outcome::Blocking, Decision::Deny, None),
        "no reason is made up for it"
    );
    assert_eq!(deny.error.as_deref(), Some("exited with code 1: oops"));
    let signalled = judge_with(policy, Exit::Signal(9), "", "");
    assert_eq!(
        (signalled.outcome, signalled.reason.as_deref()),
        (
            Outcome::NonBlockingError,
            Some("guard: Signalled(9) after 5s")
        )
    );
    let mut slow = run(Exit::Signal(15), "", "");
    slow.timed_out = true;
    let timed_out = judge_process(&slow, policy, LIMITS, "guard");
    assert_eq!(
        timed_out.reason.as_deref(),
        Some("guard: TimedOut after 5s")
    );
    let exit2 = judge_with(policy, Exit::Code(2), "", "");
    assert_eq!(
        (exit2.reason.as_deref(), exit2.error),
        (Some("guard: Exited(2) after 5s"), None),
        "exit 2 is no failure where it blocks"
    );
}
