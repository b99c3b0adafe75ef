//! One hook's exit code and stdout → its outcome and what it said (the book, "Reading results and
//! merging"). Pure: the runner's observations come in as data, so every rule is unit-tested without
//! spawning.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::config::duration::format_duration;
pub(crate) use crate::model::answer::{Decision, Policy, ReadOutput, Said};
use crate::model::answer::{Reading, Reasons};
use crate::model::reading::{Ended, HookRun};
use crate::runner::terminate::signal_name;
use crate::runner::{Exit, Finished};

mod reply;
pub(crate) use reply::{Answer, Failure, Ran, Reply};

/// How a hook ended, in the four outcomes of the design note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Outcome {
    Success,
    Blocking,
    NonBlockingError,
    Cancelled,
    /// Not run: it came with the project, whose file the user has not trusted.
    Untrusted,
    /// An async hook handed to a detached worker: hookrun did not wait, and it cannot block.
    Started,
}

/// The judgement of one run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Verdict {
    pub(crate) outcome: Outcome,
    pub(crate) decision: Decision,
    pub(crate) reason: Option<String>,
    pub(crate) error: Option<String>,
    pub(crate) said: Said,
    /// A deny or ask from a hook that cannot block, kept for the record.
    pub(crate) ignored_decision: Option<Decision>,
    /// How its reason and stop reason join other hooks' (its dialect's rule for the event).
    pub(crate) reasons: Reasons,
}

/// The timing settings a failure message names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) timeout: std::time::Duration,
    pub(crate) grace: std::time::Duration,
}

/// Judges what the executor of the hook named `name` produced: every kind of hook goes through
/// here, and ends in the same outcomes, decisions and posture rules.
pub(crate) fn judge(ran: &Ran, policy: Policy, limits: Limits, name: &str) -> Verdict {
    match ran {
        Ran::Process(run) => judge_process(run, policy, limits, name),
        Ran::Reply(reply) => constrain(reply::judge_reply(reply, policy, name), policy),
    }
}

/// Judges one finished run of a process (a command hook).
pub(crate) fn judge_process(run: &Finished, policy: Policy, limits: Limits, name: &str) -> Verdict {
    let verdict = match policy.reads {
        Some(read) if run.interrupted.is_none() => {
            read_by_agent_rules(run, read, policy, limits, name)
        }
        _ => policy
            .read_output
            .and_then(|read| read_by_dialect(run, read, policy))
            .unwrap_or_else(|| judge_unfiltered(run, policy, limits, name)),
    };
    constrain(verdict, policy)
}

/// What a hook that cannot block, or only observes, keeps of its verdict; its reasons join as its
/// dialect's rule says.
fn constrain(mut verdict: Verdict, policy: Policy) -> Verdict {
    verdict.reasons = policy.reasons;
    if !policy.can_block {
        // It is told about the event, and its words stay in its record, but it never blocks.
        if verdict.decision.blocks() {
            verdict.ignored_decision = Some(verdict.decision);
            verdict.decision = Decision::None;
        }
        if verdict.outcome == Outcome::Blocking {
            verdict.outcome = if verdict.error.is_some() {
                Outcome::NonBlockingError
            } else {
                Outcome::Success
            };
        }
        verdict.said.continue_ = None;
        verdict.said.stop_reason = None;
    }
    if policy.observe_only {
        if let Some(decision) = verdict.ignored_decision {
            let word = if decision == Decision::Ask {
                "ask"
            } else {
                "deny"
            };
            verdict.outcome = Outcome::NonBlockingError;
            verdict
                .error
                .get_or_insert_with(|| format!("the hook is observe-only: its {word} was ignored"));
        }
        verdict.decision = Decision::None;
        verdict.said = Said {
            extra: std::mem::take(&mut verdict.said.extra),
            ..Said::default()
        };
    }
    verdict
}

fn judge_unfiltered(run: &Finished, policy: Policy, limits: Limits, name: &str) -> Verdict {
    if let Some(signal) = run.interrupted {
        return failed(
            Outcome::Cancelled,
            format!("interrupted: hookrun received {}", signal_name(signal)),
        );
    }
    if run.exit == Exit::Code(2) && policy.exit2_blocks && run.stdout.overflowed && !run.timed_out {
        return overflowed_deny(run, name);
    }
    if let Some(error) = hard_failure(run, limits) {
        let outcome = if run.timed_out {
            Outcome::Cancelled
        } else {
            Outcome::NonBlockingError
        };
        return fail(policy, outcome, error);
    }
    let Exit::Code(code) = run.exit else {
        unreachable!("hard_failure covers spawn failures and signals")
    };
    let stdout = String::from_utf8_lossy(strip_bom(&run.stdout.bytes));
    let stdout = stdout.trim();
    let parsed = if policy.ignore_stdout {
        Ok(None)
    } else {
        parse_object(stdout)
    };
    if code == 2 && policy.exit2_blocks {
        let said = parsed.clone().ok().flatten().unwrap_or_default();
        // Exit 2 speaks through stderr: the agents tell the model the hook's stderr even when
        // its stdout holds a JSON reason (an allow's reason, say); that reason is only a fallback.
        // Where the dialect says so, a JSON deny speaks for itself.
        let json_deny = (policy.exit2_json_reason && said.decision == Some(Decision::Deny))
            .then(|| said.reason.clone())
            .flatten();
        let reason = json_deny
            .or_else(|| non_empty(String::from_utf8_lossy(&run.stderr.bytes).trim()))
            .or_else(|| said.reason.clone())
            .or_else(|| non_empty(stdout))
            .unwrap_or_else(|| format!("blocked by hook {name}"));
        return Verdict {
            outcome: Outcome::Blocking,
            decision: Decision::Deny,
            reason: Some(reason),
            error: None,
            said,
            ignored_decision: None,
            reasons: Reasons::Winning,
        };
    }
    // An answer the agent refuses fails the hook, as a broken one does.
    let said = match refusal(policy, stdout).map_or(parsed, Err) {
        Ok(said) => said,
        Err(error) => return fail(policy, Outcome::NonBlockingError, error),
    };
    if code != 0 {
        // A JSON deny or ask is honoured whatever the exit code.
        if let Some(said) = said.filter(|s| s.decision.is_some_and(Decision::blocks)) {
            return from_said(said, name);
        }
        return fail(
            policy,
            Outcome::NonBlockingError,
            exit_error(code, &run.stderr.bytes),
        );
    }
    read_answer(policy, stdout, said, name)
}

/// An answer that counts as a command's exit-0 stdout: `stdout` as printed (trimmed), `said`
/// what it says when it is a JSON object.
fn read_answer(policy: Policy, stdout: &str, said: Option<Said>, name: &str) -> Verdict {
    if policy.require_allow
        && let Some(reason) = policy.decodes.and_then(|decodes| decodes(name, stdout))
    {
        let said = Said {
            decision: Some(Decision::Deny),
            reason: Some(reason),
            ..Said::default()
        };
        return from_said(said, name);
    }
    match said {
        Some(mut said) => {
            if policy.require_allow && said.decision != Some(Decision::Allow) {
                said.decision = Some(Decision::Deny);
                if said.reason.is_none() {
                    said.reason = Some(format!(
                        "filter hook {name} did not answer {{\"allow\": true}}"
                    ));
                }
            }
            from_said(said, name)
        }
        None if policy.require_allow => {
            let said = Said {
                decision: Some(Decision::Deny),
                reason: Some(format!(
                    "filter hook {name} did not answer {{\"allow\": true}}"
                )),
                ..Said::default()
            };
            from_said(said, name)
        }
        None => {
            let mut said = Said::default();
            if policy.text_is_context && !policy.ignore_stdout {
                said.additional_context = non_empty(stdout);
            }
            from_said(said, name)
        }
    }
}

/// Why the agent refuses the hook's answer (`Policy::refuses`), when it does.
fn refusal(policy: Policy, stdout: &str) -> Option<String> {
    let refuses = policy.refuses.filter(|_| !policy.ignore_stdout)?;
    refuses(stdout)
}

/// A run read by its dialect's own [`ReadOutput`]: every exit and death by signal, but not an
/// interrupted run, a spawn failure, a timeout or an overflowed stdout (`None`: those are judged
/// as for every dialect). A hook
/// that exited non-zero, or died, without blocking is a non-blocking error whose words still
/// count; under a fail-closed policy it blocks as any failure does.
fn read_by_dialect(run: &Finished, read: ReadOutput, policy: Policy) -> Option<Verdict> {
    if run.interrupted.is_some() || run.timed_out || run.stdout.overflowed {
        return None;
    }
    let code = match run.exit {
        Exit::Code(code) => Some(code),
        Exit::Signal(_) => None,
        Exit::SpawnFailed(_) => return None,
    };
    let stdout = String::from_utf8_lossy(strip_bom(&run.stdout.bytes));
    let stderr = String::from_utf8_lossy(&run.stderr.bytes);
    let said = read(code, stdout.trim(), stderr.trim())
        .map(|map| read_vocabulary(&map))
        .unwrap_or_default();
    let decision = said.decision.unwrap_or_default();
    let blocked = decision.blocks() || said.continue_ == Some(false);
    let error = match run.exit {
        Exit::Code(0) => None,
        Exit::Code(code) => Some(exit_error(code, &run.stderr.bytes)),
        Exit::Signal(signal) => Some(format!("killed by {}", signal_name(signal))),
        Exit::SpawnFailed(_) => unreachable!("returned above"),
    };
    if let Some(error) = error.clone().filter(|_| !blocked)
        && policy.fail_closed
        && policy.can_block
    {
        return Some(fail(policy, Outcome::NonBlockingError, error));
    }
    Some(Verdict {
        outcome: if blocked {
            Outcome::Blocking
        } else if error.is_some() {
            Outcome::NonBlockingError
        } else {
            Outcome::Success
        },
        decision,
        // The agent words a block without a reason itself.
        reason: said.reason.clone(),
        error,
        said,
        ignored_decision: None,
        reasons: Reasons::Winning,
    })
}

/// A run read by its dialect's own rules ([`Policy::reads`]): the dialect's reading is the
/// verdict, reasons as it words them (a deny may carry none). The record's `error` still says
/// how the process failed; a failure the reading lets through blocks when the policy fails
/// closed.
fn read_by_agent_rules(
    run: &Finished,
    read: Reading,
    policy: Policy,
    limits: Limits,
    name: &str,
) -> Verdict {
    let error = hard_failure(run, limits).or_else(|| match run.exit {
        Exit::Code(code) if code != 0 && !(code == 2 && policy.exit2_blocks) => {
            Some(exit_error(code, &run.stderr.bytes))
        }
        _ => None,
    });
    let ended = match &run.exit {
        _ if run.timed_out => Ended::TimedOut,
        Exit::SpawnFailed(_) => Ended::Failed(error.as_deref().unwrap_or_default()),
        Exit::Signal(signal) => Ended::Signalled(*signal),
        Exit::Code(_) if run.stdout.overflowed => {
            Ended::Failed(error.as_deref().unwrap_or_default())
        }
        Exit::Code(code) => Ended::Exited(*code),
    };
    let said = read(&HookRun {
        name,
        timeout: limits.timeout,
        ended,
        stdout: &run.stdout.bytes,
        stderr: &run.stderr.bytes,
    });
    let decision = said.decision.unwrap_or_default();
    let blocked = decision.blocks() || said.continue_ == Some(false);
    if let Some(error) = error.clone().filter(|_| !blocked)
        && policy.fail_closed
        && policy.can_block
    {
        // A failure the agent lets through still blocks under a fail-closed policy (`--strict`).
        return fail(policy, Outcome::NonBlockingError, error);
    }
    let outcome = if blocked {
        Outcome::Blocking
    } else if error.is_some() {
        Outcome::NonBlockingError
    } else {
        Outcome::Success
    };
    Verdict {
        outcome,
        decision,
        reason: said.reason.clone(),
        error,
        said,
        ignored_decision: None,
        reasons: Reasons::Winning,
    }
}

/// Spawn failures, timeouts, deaths by signal and output overflow: failures whatever was printed.
fn hard_failure(run: &Finished, limits: Limits) -> Option<String> {
    if let Exit::SpawnFailed(error) = &run.exit {
        return Some(error.clone());
    }
    if run.timed_out {
        let after = format_duration(limits.timeout);
        return Some(match run.killed {
            Some(crate::runner::terminate::Kill::Kill) => {
                format!(
                    "timed out after {after}; SIGKILL after {} grace",
                    format_duration(limits.grace)
                )
            }
            _ => format!("timed out after {after}; ended by SIGTERM"),
        });
    }
    if let Exit::Signal(signal) = run.exit {
        return Some(format!("killed by {}", signal_name(signal)));
    }
    if run.stdout.overflowed {
        return Some("stdout exceeded 16 MiB".to_owned());
    }
    None
}

/// Exit 2 blocks whatever the output, also when stdout overflowed its cap: the
/// truncation is recorded, and the cut-off stdout is neither read as JSON nor quoted as the reason.
fn overflowed_deny(run: &Finished, name: &str) -> Verdict {
    let reason = non_empty(String::from_utf8_lossy(&run.stderr.bytes).trim())
        .unwrap_or_else(|| format!("blocked by hook {name}"));
    Verdict {
        outcome: Outcome::Blocking,
        decision: Decision::Deny,
        reason: Some(reason),
        error: Some("stdout exceeded 16 MiB (truncated); exit 2 blocks whatever the output".into()),
        said: Said::default(),
        ignored_decision: None,
        reasons: Reasons::Winning,
    }
}

/// A hook's stdout without one leading UTF-8 byte-order mark (PowerShell, Python's `utf-8-sig`),
/// which the agents' JavaScript `trim()` drops too.
fn strip_bom(stdout: &[u8]) -> &[u8] {
    stdout.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(stdout)
}

/// Stdout that starts with `{` must be a JSON object; anything else is no decision.
fn parse_object(stdout: &str) -> Result<Option<Said>, String> {
    if !stdout.starts_with('{') {
        return Ok(None);
    }
    match serde_json::from_str::<Value>(stdout) {
        Ok(Value::Object(map)) => Ok(Some(read_vocabulary(&map))),
        Ok(_) => Err("stdout is not a JSON object".to_owned()),
        Err(error) => Err(format!("stdout is not valid JSON: {error}")),
    }
}

fn exit_error(code: i32, stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    match stderr.lines().map(str::trim).find(|line| !line.is_empty()) {
        Some(line) => format!("exited with code {code}: {line}"),
        None => format!("exited with code {code}"),
    }
}

fn fail(policy: Policy, outcome: Outcome, error: String) -> Verdict {
    if policy.fail_closed && policy.can_block {
        Verdict {
            outcome: Outcome::Blocking,
            decision: Decision::Deny,
            reason: Some(error.clone()),
            error: Some(error),
            said: Said::default(),
            ignored_decision: None,
            reasons: Reasons::Winning,
        }
    } else {
        failed(outcome, error)
    }
}

/// A hook hookrun could not run at all (a handler type it cannot run): a failure of the hook,
/// which blocks when the hook fails closed (or under `--strict`).
pub(crate) fn not_run(policy: Policy, error: String) -> Verdict {
    fail(policy, Outcome::NonBlockingError, error)
}

fn failed(outcome: Outcome, error: String) -> Verdict {
    Verdict {
        outcome,
        decision: Decision::None,
        reason: None,
        error: Some(error),
        said: Said::default(),
        ignored_decision: None,
        reasons: Reasons::Winning,
    }
}

fn from_said(said: Said, name: &str) -> Verdict {
    let decision = said.decision.unwrap_or_default();
    let mut reason = said.reason.clone();
    if decision.blocks() && reason.is_none() {
        // Cursor explains a deny in its messages rather than in a reason key.
        reason = said
            .user_message
            .clone()
            .or_else(|| said.agent_message.clone());
    }
    if decision == Decision::Deny && reason.is_none() {
        reason = Some(format!("blocked by hook {name}"));
    }
    let blocked = decision.blocks() || said.continue_ == Some(false);
    Verdict {
        outcome: if blocked {
            Outcome::Blocking
        } else {
            Outcome::Success
        },
        decision,
        reason,
        error: None,
        said,
        ignored_decision: None,
        reasons: Reasons::Winning,
    }
}

fn non_empty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_owned())
}

/// Reads a hook's JSON object with every spelling of the one vocabulary
/// (docs/decision-document.md, "What a hook may answer").
pub(crate) fn read_vocabulary(map: &Map<String, Value>) -> Said {
    let specific = map.get("hookSpecificOutput").and_then(Value::as_object);
    let nested = |key: &str| specific.and_then(|s| s.get(key));
    let decisions = [
        map.get("decision")
            .and_then(Value::as_str)
            .and_then(decision_word),
        nested("permissionDecision")
            .and_then(Value::as_str)
            .and_then(decision_word),
        nested("decision")
            .and_then(|d| d.get("behavior"))
            .and_then(Value::as_str)
            .and_then(decision_word),
        map.get("permission")
            .and_then(Value::as_str)
            .and_then(decision_word),
        map.get("allow").and_then(Value::as_bool).map(|allow| {
            if allow {
                Decision::Allow
            } else {
                Decision::Deny
            }
        }),
    ];
    let explicit_none = nested("permissionDecision").and_then(Value::as_str) == Some("defer");
    let decision = decisions
        .into_iter()
        .flatten()
        .max()
        .or(explicit_none.then_some(Decision::None));
    let first_text =
        |candidates: &[Option<&Value>]| candidates.iter().flatten().find_map(|v| text(v));
    let first_value = |candidates: &[Option<&Value>]| {
        candidates
            .iter()
            .flatten()
            .find(|v| !v.is_null())
            .map(|v| (*v).clone())
    };
    let mut extra = Map::new();
    for key in ["enforced", "metadata", "suppressOutput"] {
        if let Some(value) = map.get(key) {
            extra.insert(key.to_owned(), value.clone());
        }
    }
    Said {
        decision,
        reason: first_text(&[
            map.get("reason"),
            map.get("permissionDecisionReason"),
            nested("permissionDecisionReason"),
            nested("decision").and_then(|d| d.get("message")),
            map.get("message"),
        ]),
        updated_input: first_value(&[
            map.get("updated_input"),
            map.get("updatedInput"),
            nested("updatedInput"),
            nested("tool_input"),
            nested("decision").and_then(|d| d.get("updatedInput")),
            map.get("modified_input"),
        ]),
        updated_output: first_value(&[
            map.get("updated_output"),
            nested("updatedToolOutput"),
            nested("updatedMCPToolOutput"),
        ]),
        additional_context: first_text(&[
            map.get("additionalContext"),
            map.get("additional_context"),
            nested("additionalContext"),
        ]),
        system_message: first_text(&[map.get("systemMessage"), map.get("system_message")]),
        user_message: first_text(&[map.get("user_message")]),
        agent_message: first_text(&[map.get("agent_message")]),
        followup_message: first_text(&[map.get("followup_message")]),
        // Claude's `decision.interrupt: true` on a permission request stops the agent.
        continue_: map.get("continue").and_then(Value::as_bool).or_else(|| {
            (nested("decision").and_then(|d| d.get("interrupt")) == Some(&Value::Bool(true)))
                .then_some(false)
        }),
        stop_reason: first_text(&[map.get("stopReason"), map.get("stop_reason")]),
        extra,
        steer: crate::model::steer::Steer::read(map),
    }
}

fn decision_word(word: &str) -> Option<Decision> {
    match word.to_ascii_lowercase().as_str() {
        "allow" | "approve" => Some(Decision::Allow),
        "deny" | "block" => Some(Decision::Deny),
        "ask" => Some(Decision::Ask),
        _ => None,
    }
}

/// A message value as text: strings as they are, other JSON (but null) rendered compactly.
fn text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) if text.is_empty() => None,
        Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}

#[cfg(test)]
#[path = "verdict_tests.rs"]
mod tests;
