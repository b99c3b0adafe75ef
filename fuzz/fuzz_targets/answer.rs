//! A hook's answer: its exit code, stdout (a JSON object, plain text, or anything) and stderr,
//! judged under each dialect's policy. Byte 0 holds the seven policy switches (bit 0 can_block, 1
//! exit2_blocks, 2 fail_closed, 3 require_allow, 4 text_is_context, 5 ignore_stdout, 6
//! observe_only; combinations hookrun never makes are folded away), byte 1 the exit code, then
//! stdout, then after the first NUL byte stderr. Properties: no panic, and the invariants of how a
//! hook's answer is read — a hook that cannot block never blocks, an observe-only hook decides
//! nothing, exit 2 blocks where exit 2 means deny, a blocking decision has a reason, a success
//! carries no error.
#![no_main]

use hookrun::fuzzing::{AnswerPolicy, judge_answer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [bits, code, rest @ ..] = data else {
        return;
    };
    let bit = |n: u8| bits & (1 << n) != 0;
    // As execute.rs builds policies: observe-only hooks cannot block, and only a hook that can
    // block is a PromptKit filter that must answer `{"allow": true}`.
    let can_block = bit(0) && !bit(6);
    let policy = AnswerPolicy {
        can_block,
        exit2_blocks: bit(1),
        fail_closed: bit(2),
        require_allow: bit(3) && can_block,
        text_is_context: bit(4),
        ignore_stdout: bit(5),
        observe_only: bit(6),
    };
    let (stdout, stderr) = match rest.iter().position(|&b| b == 0) {
        Some(nul) => (&rest[..nul], &rest[nul + 1..]),
        None => (rest, &[][..]),
    };
    let code = i32::from(*code);
    let judged = judge_answer(policy, code, stdout, stderr);
    let context = || {
        format!(
            "{policy:?}, exit {code}, stdout {:?}: {judged:?}",
            String::from_utf8_lossy(stdout)
        )
    };
    assert!(
        ["success", "blocking", "non_blocking_error", "cancelled"]
            .contains(&judged.outcome.as_str()),
        "unknown outcome: {}",
        context()
    );
    assert!(
        ["none", "allow", "ask", "deny"].contains(&judged.decision.as_str()),
        "unknown decision: {}",
        context()
    );
    if !policy.can_block || policy.observe_only {
        assert!(
            !judged.blocks,
            "a hook that cannot block blocked: {}",
            context()
        );
        assert_ne!(judged.outcome, "blocking", "{}", context());
    }
    if policy.observe_only {
        assert_eq!(
            judged.decision,
            "none",
            "an observe-only hook decided: {}",
            context()
        );
    }
    if code == 2 && policy.exit2_blocks && policy.can_block && !policy.observe_only {
        assert_eq!(
            judged.decision,
            "deny",
            "exit 2 did not deny: {}",
            context()
        );
    }
    if judged.decision == "deny" {
        assert!(
            judged.reason.is_some(),
            "a deny without a reason: {}",
            context()
        );
    }
    if judged.outcome == "success" {
        assert!(
            judged.error.is_none(),
            "a success with an error: {}",
            context()
        );
    }
});
