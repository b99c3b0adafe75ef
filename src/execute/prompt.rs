//! The prompt and agent executors (the book, "Prompt and agent hooks"): the hook's prompt, with
//! the payload for `$ARGUMENTS`, goes to the provider `[llm]` and the environment choose; an
//! agent hook's model may read the project with the read-only tools for at most 50 turns. The
//! model's final answer becomes a reply that `judge` reads as it reads every hook's: `{"ok":
//! false}` (or `NO`) is a blocking deny with the model's reason, `{"ok": true}` (or `YES`)
//! lets the action proceed, and anything else — no provider, no key, a provider error, a
//! timeout, an unreadable answer — is a failure of the hook, blocking only when it fails closed.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::llm::agent;
use crate::llm::answer::Answer as LlmAnswer;
use crate::llm::tools::Sandbox;
use crate::llm::{Endpoint, LlmTable};
use crate::model::hook::Ask;
use crate::model::{Level, Source};
use crate::verdict::{Answer, Decision, Failure, Reply, Said};

/// Every loaded file's `[llm]` overlaid: user-level (and `-c`) files first, then the project's,
/// whose tables hold a `model` at most (their loader dropped the rest). Under `hookrun test`
/// with a server, requests go to that server ([`for_test_server`]).
pub(crate) fn llm_table(sources: &[Source]) -> LlmTable {
    let table = configured(sources);
    match crate::execute::http::test_server() {
        Some(server) => for_test_server(table, &server),
        None => table,
    }
}

/// `table` pointed at a test's server: its protocol (Anthropic's unless one is chosen) and
/// model kept, the key the test sets (`ANTHROPIC_API_KEY`) rather than any key variable the
/// configuration names, so that no real key reaches the test's server.
pub(crate) fn for_test_server(table: LlmTable, server: &str) -> LlmTable {
    LlmTable {
        provider: Some(table.provider.unwrap_or(crate::llm::Protocol::Anthropic)),
        base_url: Some(server.to_owned()),
        api_key_env: None,
        model: table.model,
    }
}

fn configured(sources: &[Source]) -> LlmTable {
    let project = |source: &&Source| matches!(source.level, Level::Project | Level::Local);
    let tables = |want_project: bool| {
        sources
            .iter()
            .filter(move |source| project(source) == want_project)
            .filter_map(|source| source.switches.llm.as_deref())
    };
    tables(false)
        .chain(tables(true))
        .fold(LlmTable::default(), LlmTable::overlaid)
}

/// Where `ask` goes under `llm` and hookrun's environment, or what to set.
pub(crate) fn endpoint(llm: &LlmTable, ask: &Ask) -> Result<Endpoint, String> {
    crate::llm::settings::endpoint(llm, ask.model.as_deref(), &|name| std::env::var(name).ok())
}

/// Runs a prompt hook (`sandbox` false) or an agent hook: asks the model with the payload
/// `payload_json` (what a command hook reads on stdin) and turns its answer into a reply.
pub(crate) fn run(
    ask: &Ask,
    agent: bool,
    payload_json: &[u8],
    project_dir: &Path,
    timeout: Duration,
    llm: &LlmTable,
) -> Reply {
    let started = Instant::now();
    let mut details = Map::new();
    let kind = if agent { "agent" } else { "prompt" };
    let endpoint = match endpoint(llm, ask) {
        Ok(endpoint) => endpoint,
        Err(problem) => return failed(format!("{kind} hook: {problem}"), false, started, details),
    };
    details.insert("model".into(), Value::String(endpoint.model.clone()));
    let sandbox = if agent {
        match Sandbox::new(project_dir) {
            Ok(sandbox) => Some(sandbox),
            Err(error) => {
                let message = format!("agent hook: cannot open the project directory: {error}");
                return failed(message, false, started, details);
            }
        }
    } else {
        None
    };
    let payload_json = String::from_utf8_lossy(payload_json);
    let prompt = agent::prompt_text(&ask.prompt, payload_json.trim_end());
    let run = agent::converse(
        prompt,
        sandbox.as_ref(),
        timeout,
        &mut |conversation, left| crate::llm::complete(&endpoint, conversation, left),
    );
    if let Some(model) = &run.model {
        details.insert("model".into(), Value::String(model.clone()));
    }
    for (key, count) in [
        ("input_tokens", run.input_tokens),
        ("output_tokens", run.output_tokens),
    ] {
        if let Some(count) = count {
            details.insert(key.into(), Value::from(count));
        }
    }
    if agent {
        details.insert("turns".into(), Value::from(run.turns));
        details.insert("tool_calls".into(), Value::from(run.tool_calls));
    }
    let answer = match run.answer {
        Err(failure) => {
            return failed(
                format!("{kind} hook: {}", failure.message),
                failure.timed_out,
                started,
                details,
            );
        }
        Ok(LlmAnswer::Unreadable(why)) => {
            return failed(format!("{kind} hook: {why}"), false, started, details);
        }
        Ok(LlmAnswer::Ok) => Answer::Nothing,
        Ok(LlmAnswer::Block(reason)) => Answer::Said(Box::new(Said {
            decision: Some(Decision::Deny),
            reason: Some(reason.unwrap_or_else(|| format!("the {kind} hook's model said no"))),
            ..Said::default()
        })),
    };
    Reply {
        answer: Ok(answer),
        duration: started.elapsed(),
        details,
    }
}

fn failed(
    message: String,
    timed_out: bool,
    started: Instant,
    details: Map<String, Value>,
) -> Reply {
    Reply {
        answer: Err(Failure { message, timed_out }),
        duration: started.elapsed(),
        details,
    }
}
