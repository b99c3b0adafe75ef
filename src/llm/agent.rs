//! The conversation of a prompt or agent hook (the book, "Prompt and agent hooks"): the hook's
//! prompt goes to the model with hookrun's instructions; an agent hook's model may call the
//! read-only tools for at most [`MAX_TURNS`] turns; the final text is read by
//! [`answer::read`]. The model is reached through a function, so the loop is
//! tested without a server.

use std::time::{Duration, Instant};

use super::answer::{self, Answer};
use super::tools::Sandbox;
use super::{Completion, Conversation, Failed, Message};

/// The most model turns of one agent hook.
pub(crate) const MAX_TURNS: u32 = 50;
/// The most tokens one reply may use.
const MAX_TOKENS: u32 = 1024;

/// hookrun's instructions to every prompt and agent hook's model.
pub(crate) const SYSTEM: &str = "You are a hook that decides whether an AI coding agent's \
action may proceed. The user's message holds the hook's instructions and the event's payload \
as JSON. Answer with one JSON object and nothing else: {\"ok\": true} when the action may \
proceed, or {\"ok\": false, \"reason\": \"...\"} when it must be stopped, with the reason the \
agent will be shown. If the instructions ask you to respond YES or NO, answer YES when the action \
may proceed and NO, followed by the reason, when it must be stopped.";

/// What an agent hook's model is told beside [`SYSTEM`].
const AGENT_SYSTEM: &str = " Before answering you may call the tools read_file, grep and glob \
to read the project; they see only the project directory and change nothing.";

/// How a conversation went.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Run {
    /// The answer, or why there is none (a provider error, a timeout, the turn bound).
    pub(crate) answer: Result<Answer, Failed>,
    pub(crate) turns: u32,
    pub(crate) tool_calls: u32,
    pub(crate) model: Option<String>,
    pub(crate) input_tokens: Option<u64>,
    pub(crate) output_tokens: Option<u64>,
}

/// One request to the model, with the time left.
pub(crate) type Ask<'a> = dyn FnMut(&Conversation<'_>, Duration) -> Result<Completion, Failed> + 'a;

/// Talks to the model through `ask` until it answers: one turn for a prompt hook (`sandbox`
/// `None`), at most [`MAX_TURNS`] for an agent hook, all within `timeout`.
pub(crate) fn converse(
    prompt: String,
    sandbox: Option<&Sandbox>,
    timeout: Duration,
    ask: &mut Ask<'_>,
) -> Run {
    let started = Instant::now();
    let tools = if sandbox.is_some() {
        super::tools::definitions()
    } else {
        Vec::new()
    };
    let system = if sandbox.is_some() {
        format!("{SYSTEM}{AGENT_SYSTEM}")
    } else {
        SYSTEM.to_owned()
    };
    let mut messages = vec![Message::User(prompt)];
    let mut run = Run {
        answer: Err(Failed::from(String::new())),
        turns: 0,
        tool_calls: 0,
        model: None,
        input_tokens: None,
        output_tokens: None,
    };
    let max_turns = if sandbox.is_some() { MAX_TURNS } else { 1 };
    loop {
        let Some(left) = timeout
            .checked_sub(started.elapsed())
            .filter(|d| !d.is_zero())
        else {
            run.answer = Err(Failed {
                message: format!(
                    "timed out after {} ({} turns)",
                    crate::config::duration::format_duration(timeout),
                    run.turns
                ),
                timed_out: true,
            });
            return run;
        };
        if run.turns == max_turns {
            run.answer = Err(Failed::from(format!(
                "the model gave no answer within {max_turns} turns"
            )));
            return run;
        }
        run.turns += 1;
        let conversation = Conversation {
            system: &system,
            messages: &messages,
            tools: &tools,
            max_tokens: MAX_TOKENS,
        };
        let completion = match ask(&conversation, left) {
            Ok(completion) => completion,
            Err(error) => {
                run.answer = Err(error);
                return run;
            }
        };
        add(&mut run.input_tokens, completion.input_tokens);
        add(&mut run.output_tokens, completion.output_tokens);
        if completion.model.is_some() {
            run.model = completion.model;
        }
        match sandbox {
            Some(sandbox) if !completion.calls.is_empty() => {
                let results = completion
                    .calls
                    .iter()
                    .map(|call| sandbox.call(call))
                    .collect();
                run.tool_calls += u32::try_from(completion.calls.len()).unwrap_or(u32::MAX);
                messages.push(Message::Assistant {
                    text: completion.text,
                    calls: completion.calls,
                });
                messages.push(Message::ToolResults(results));
            }
            _ => {
                run.answer = Ok(answer::read(&completion.text));
                return run;
            }
        }
    }
}

fn add(total: &mut Option<u64>, more: Option<u64>) {
    if let Some(more) = more {
        *total = Some(total.unwrap_or(0).saturating_add(more));
    }
}

/// The hook's prompt with `$ARGUMENTS` replaced by the payload's JSON, or the payload appended
/// when the prompt does not mention it.
pub(crate) fn prompt_text(prompt: &str, payload_json: &str) -> String {
    if prompt.contains("$ARGUMENTS") {
        prompt.replace("$ARGUMENTS", payload_json)
    } else {
        format!("{prompt}\n\n{payload_json}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::ToolCall;
    use serde_json::json;

    fn reply(text: &str, calls: Vec<ToolCall>) -> Completion {
        Completion {
            text: text.into(),
            calls,
            model: Some("m".into()),
            input_tokens: Some(10),
            output_tokens: Some(1),
        }
    }

    #[test]
    fn arguments_are_replaced_or_appended() {
        assert_eq!(prompt_text("check $ARGUMENTS now", "{}"), "check {} now");
        assert_eq!(prompt_text("check", "{\"a\":1}"), "check\n\n{\"a\":1}");
    }

    #[test]
    fn a_prompt_hook_asks_once_and_reads_the_answer() {
        let mut asked = 0;
        let run = converse("p".into(), None, Duration::from_secs(5), &mut |c, _| {
            asked += 1;
            assert!(c.tools.is_empty());
            Ok(reply("{\"ok\": false, \"reason\": \"r\"}", Vec::new()))
        });
        assert_eq!(asked, 1);
        assert_eq!(run.answer, Ok(Answer::Block(Some("r".into()))));
        assert_eq!((run.turns, run.input_tokens), (1, Some(10)));
    }

    #[test]
    fn an_agent_calls_tools_then_answers_and_is_bounded() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "hello").unwrap();
        let sandbox = Sandbox::new(dir.path()).unwrap();
        let call = ToolCall {
            id: "1".into(),
            name: "read_file".into(),
            input: json!({"path": "a.txt"}),
        };
        let mut turn = 0;
        let run = converse(
            "p".into(),
            Some(&sandbox),
            Duration::from_secs(5),
            &mut |c, _| {
                turn += 1;
                if turn == 1 {
                    return Ok(reply("", vec![call.clone()]));
                }
                let Some(Message::ToolResults(results)) = c.messages.last() else {
                    panic!("the tool's result comes back")
                };
                assert_eq!(results[0].content, "hello");
                Ok(reply("YES", Vec::new()))
            },
        );
        assert_eq!(run.answer, Ok(Answer::Ok));
        assert_eq!(
            (run.turns, run.tool_calls, run.input_tokens),
            (2, 1, Some(20))
        );

        let mut asked = 0;
        let run = converse(
            "p".into(),
            Some(&sandbox),
            Duration::from_secs(5),
            &mut |_, _| {
                asked += 1;
                Ok(reply("", vec![call.clone()]))
            },
        );
        assert_eq!(asked, MAX_TURNS);
        assert_eq!((run.turns, run.tool_calls), (MAX_TURNS, MAX_TURNS));
        assert!(run.answer.unwrap_err().message.contains("50 turns"));
    }

    #[test]
    fn a_provider_error_is_no_answer() {
        let run = converse("p".into(), None, Duration::from_secs(5), &mut |_, _| {
            Err(Failed::from("HTTP 500".to_owned()))
        });
        assert_eq!(run.answer, Err(Failed::from("HTTP 500".to_owned())));
    }
}
