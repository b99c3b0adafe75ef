//! What a `.praisonai/hooks.json` hook gets and how its run is read, as `HooksManager.execute`
//! and `_execute_script` do it (praisonaiagents 1.7.17, `memory/hooks.py`).
//!
//! - **Environment**: every top-level string, number or boolean of the payload (the context
//!   `execute` is given) as `PRAISON_HOOK_<KEY>` (the key upper-cased, the value as Python's
//!   `str` writes it: `True`, `1.5`, `1e-05`), and the whole payload as `json.dumps` writes it in
//!   `PRAISON_HOOK_CONTEXT`; none of them with `"pass_input": false`. Nothing on stdin.
//! - **Reading**: exit 0 succeeds. Stdout starting with `MODIFIED:` gives the rest, stripped, as
//!   the modified input (a string; the last hook's wins); any other stdout is context. Any other
//!   ending (an exit code other than 0, a signal, a timeout, a failure to start, output that is
//!   not UTF-8) fails the hook: with `block_on_failure` the action is blocked with the hook's
//!   stderr as the reason and the hooks after it do not run; without, the action goes on and
//!   the hook's words still count.

use serde_json::{Map, Value};

use super::answer::{decode, strip};
use crate::model::answer::{Decision, Said};
use crate::model::reading::{Ended, HookRun};

/// `PRAISON_HOOK_<KEY>` for the payload's scalars, then `PRAISON_HOOK_CONTEXT`.
pub(crate) fn environment(payload: &Map<String, Value>) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = payload
        .iter()
        .filter_map(|(key, value)| {
            let text = match value {
                Value::String(text) => text.clone(),
                Value::Bool(true) => "True".to_owned(),
                Value::Bool(false) => "False".to_owned(),
                Value::Number(number) => match number.as_f64() {
                    Some(float) if number.is_f64() => python_float(float),
                    _ => number.to_string(),
                },
                _ => return None,
            };
            // Python refuses such a name (`ValueError`); the variable cannot exist.
            (!key.contains(['=', '\0']) && !text.contains('\0'))
                .then(|| (format!("PRAISON_HOOK_{}", key.to_uppercase()), text))
        })
        .collect();
    env.push((
        "PRAISON_HOOK_CONTEXT".to_owned(),
        super::payload::dumps(payload),
    ));
    env
}

/// Python's `repr` of a float (`str` is the same): the shortest digits that read back, in
/// positional notation for exponents from -4 to 15 (with `.0` when whole), else `1e-05`,
/// `1.5e+16`.
pub(crate) fn python_float(value: f64) -> String {
    if value.is_nan() {
        return "nan".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let scientific = format!("{value:e}");
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("`{:e}` always writes an exponent");
    let exponent: i32 = exponent.parse().expect("`{:e}` writes a whole exponent");
    if (-4..16).contains(&exponent) {
        let plain = format!("{value}");
        if plain.contains('.') {
            plain
        } else {
            format!("{plain}.0")
        }
    } else {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    }
}

/// The reading of a hook without `block_on_failure`: its words, whatever its ending.
pub(crate) fn read(run: &HookRun<'_>) -> Said {
    words(run).unwrap_or_default()
}

/// The reading of a hook with `block_on_failure`: any failure denies, with its stderr.
pub(crate) fn read_blocking(run: &HookRun<'_>) -> Said {
    let stderr = match run.ended {
        Ended::Exited(0) => match words(run) {
            Some(said) => return said,
            // Output that is not UTF-8 raises inside `subprocess.run`.
            None => undecodable(run),
        },
        Ended::Exited(_) | Ended::Signalled(_) => match decode(run.stderr) {
            Ok(stderr) => stderr.to_owned(),
            Err(error) => error,
        },
        Ended::TimedOut => format!("Timeout after {}s", seconds(run.timeout)),
        Ended::Failed(error) => error.to_owned(),
    };
    let reason = strip(&stderr);
    Said {
        decision: Some(Decision::Deny),
        reason: (!reason.is_empty()).then(|| reason.to_owned()),
        ..Said::default()
    }
}

/// What a run that produced output said: the modified input or the context. `None` when its
/// output is not UTF-8 (Python's `text=True` raises); nothing from a timeout or a failed start.
fn words(run: &HookRun<'_>) -> Option<Said> {
    if matches!(run.ended, Ended::TimedOut | Ended::Failed(_)) {
        return Some(Said::default());
    }
    let stdout = decode(run.stdout).ok()?;
    decode(run.stderr).ok()?;
    let mut said = Said::default();
    if let Some(modified) = stdout.strip_prefix("MODIFIED:") {
        let modified = strip(modified);
        if !modified.is_empty() {
            said.updated_input = Some(Value::String(modified.to_owned()));
        }
    } else {
        let text = strip(stdout);
        if !text.is_empty() {
            said.additional_context = Some(text.to_owned());
        }
    }
    Some(said)
}

/// The `UnicodeDecodeError` message of whichever stream is not UTF-8.
fn undecodable(run: &HookRun<'_>) -> String {
    decode(run.stdout)
        .and_then(|_| decode(run.stderr))
        .err()
        .unwrap_or_default()
}

/// The timeout as `f"{hook.timeout}s"` writes the number the file gave: `30`, `0.5`.
fn seconds(timeout: std::time::Duration) -> String {
    let seconds = timeout.as_secs_f64();
    if seconds.fract() == 0.0 {
        format!("{seconds:.0}")
    } else {
        format!("{seconds}")
    }
}

#[cfg(test)]
#[path = "manager_run_tests.rs"]
mod tests;
