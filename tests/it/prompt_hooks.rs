//! Prompt and agent hooks against scripted model servers on the loopback address, one per
//! provider protocol: the request each protocol gets (path, key headers, model, system prompt,
//! the payload in the prompt, tool definitions), and how the answer counts — `{"ok": false}` and
//! `NO` deny with the model's reason, `{"ok": true}` and `YES` let the action proceed, anything
//! else is a failure that blocks only under `--strict`; no provider is a failure naming what to
//! set; an agent's tools read the project and nothing outside it, for at most 50 turns.

use serde_json::{Value, json};

use crate::harness::{Case, Run};
use crate::model_server::{ModelServer, anthropic_text, anthropic_tool, openai_text, openai_tool};

const BASH: &str =
    r#"{"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}, "session_id": "s1"}"#;

/// A Claude project with one prompt hook (or agent hook) on Bash, asking the Anthropic server.
fn claude(kind: &str, extra: &str, server: &ModelServer) -> Case {
    let settings = format!(
        r#"{{"hooks": {{"PreToolUse": [{{"matcher": "Bash", "hooks": [
            {{"type": "{kind}", "prompt": "Is this command safe? $ARGUMENTS"{extra}}}]}}]}}}}"#
    );
    let case = Case::new()
        .env("ANTHROPIC_API_KEY", "sk-test-1")
        .env("ANTHROPIC_BASE_URL", &server.url)
        .file(".claude/settings.json", &settings);
    case.stdin(BASH);
    case
}

fn fire(case: &Case, extra: &[&str]) -> Run {
    case.fire_with("PreToolUse", extra)
}

fn only_hook(run: &Run) -> Value {
    run.json()["hooks"][0].clone()
}

#[test]
fn anthropic_gets_a_messages_request_and_ok_false_denies_with_the_reason() {
    let server = ModelServer::start(vec![anthropic_text(
        r#"{"ok": false, "reason": "it deletes the root directory"}"#,
    )]);
    let case = claude("prompt", r#", "model": "claude-small""#, &server);
    let run = fire(&case, &[]).exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "it deletes the root directory");
    let hook = only_hook(&run);
    assert_eq!(hook["outcome"], "blocking", "{hook}");
    assert_eq!(
        hook["model"], "claude-test",
        "the model the provider reports: {hook}"
    );
    assert_eq!(
        (
            hook["input_tokens"].as_u64(),
            hook["output_tokens"].as_u64()
        ),
        (Some(120), Some(9))
    );

    let seen = server.seen();
    assert_eq!(seen.len(), 1);
    let request = &seen[0];
    assert_eq!(request.line, "POST /v1/messages HTTP/1.1");
    assert_eq!(request.header("x-api-key"), Some("sk-test-1"));
    assert_eq!(request.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(request.header("content-type"), Some("application/json"));
    assert_eq!(request.body["model"], "claude-small");
    assert!(request.body["max_tokens"].as_u64().is_some());
    assert!(
        request.body["system"]
            .as_str()
            .unwrap()
            .contains(r#"{"ok": true}"#)
    );
    assert!(
        request.body.get("tools").is_none(),
        "a prompt hook offers no tools"
    );
    let prompt = request.body["messages"][0]["content"].as_str().unwrap();
    assert!(prompt.starts_with("Is this command safe? {"), "{prompt}");
    assert!(
        prompt.contains(r#""hook_event_name":"PreToolUse","tool_name": "Bash", "tool_input": {"command": "rm -rf /"}"#),
        "the payload for $ARGUMENTS, as a command hook's stdin: {prompt}"
    );
}

#[test]
fn ok_true_lets_the_action_proceed_with_the_default_model() {
    let server = ModelServer::start(vec![anthropic_text(r#"{"ok": true}"#)]);
    let case = claude("prompt", "", &server);
    let run = fire(&case, &[]).exit(0).decision("none");
    assert_eq!(only_hook(&run)["outcome"], "success");
    assert_eq!(server.seen()[0].body["model"], "claude-haiku-4-5");
}

#[test]
fn yes_and_no_answers_are_read() {
    let server = ModelServer::start(vec![anthropic_text("NO. It wipes the disk.")]);
    let run = fire(&claude("prompt", "", &server), &[])
        .exit(2)
        .decision("deny");
    assert_eq!(run.json()["reason"], "It wipes the disk.");
    let server = ModelServer::start(vec![anthropic_text("YES")]);
    fire(&claude("prompt", "", &server), &[])
        .exit(0)
        .decision("none");
}

#[test]
fn a_malformed_answer_is_a_failure_that_blocks_under_strict() {
    let server = ModelServer::start(vec![anthropic_text("I am not sure about that.")]);
    let case = claude("prompt", "", &server);
    let run = fire(&case, &[])
        .exit(0)
        .decision("none")
        .stderr_has("prompt hook: the model's answer is neither");
    let hook = only_hook(&run);
    assert_eq!(hook["outcome"], "non_blocking_error", "{hook}");
    assert!(
        hook["error"].as_str().unwrap().contains("not sure"),
        "{hook}"
    );
    let strict = fire(&case, &["--strict"]).exit(2).decision("deny");
    assert!(
        strict.json()["reason"]
            .as_str()
            .unwrap()
            .contains("neither")
    );
    // `onFailure: "block"` fails closed the same way.
    let server = ModelServer::start(vec![anthropic_text(r#"{"ok": "maybe"}"#)]);
    let closed = claude("prompt", r#", "onFailure": "block""#, &server);
    fire(&closed, &[]).exit(2).decision("deny");
}

#[test]
fn no_key_is_a_failure_naming_what_to_set() {
    let case = Case::new()
        .env("ANTHROPIC_API_KEY", "")
        .env("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"hooks": [{"type": "prompt", "prompt": "ok?"}]}]}}"#,
        );
    case.stdin(BASH);
    let run = fire(&case, &[])
        .exit(0)
        .stderr_has("no model provider is configured: set ANTHROPIC_API_KEY, or `[llm] base_url`");
    assert_eq!(only_hook(&run)["outcome"], "non_blocking_error");
    fire(&case, &["--strict"]).exit(2).decision("deny");
    case.run(&["validate"])
        .exit(1)
        .stdout_has("it cannot ask a model: no model provider is configured");
}

/// A project `hookrun.toml` prompt hook asking the OpenAI-compatible server named in the
/// user-level `[llm]`.
fn openai_case(server: &ModelServer, kind: &str, project_llm: &str) -> Case {
    let user = format!(
        "[llm]\nbase_url = \"{}/v1\"\napi_key_env = \"LOCAL_LLM_KEY\"\nmodel = \"llama-user\"\n",
        server.url
    );
    let project = format!(
        "{project_llm}\n[[hook]]\nname = \"guard\"\nevents = [\"PreToolUse\"]\nmatcher = \"Bash\"\n\
         mode = \"{kind}\"\nprompt = \"Respond YES or NO: may this run?\"\n"
    );
    let case = Case::new()
        .env("ANTHROPIC_API_KEY", "")
        .env("LOCAL_LLM_KEY", "local-secret")
        .home_file("config/hookrun/hookrun.toml", &user)
        .file("hookrun.toml", &project);
    case.stdin(BASH);
    case
}

#[test]
fn openai_compatible_servers_get_chat_completions_with_the_bearer_key() {
    let server = ModelServer::start(vec![openai_text(
        r#"{"ok": false, "reason": "destructive"}"#,
    )]);
    // The design note's `mode = "prompt"`; a project's `[llm]` may choose the model only.
    let case = openai_case(
        &server,
        "prompt",
        "[llm]\nmodel = \"llama-project\"\nbase_url = \"http://127.0.0.1:9/v1\"\n",
    );
    let run = fire(&case, &[]).exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "destructive");
    let hook = only_hook(&run);
    assert_eq!(
        (hook["model"].as_str(), hook["input_tokens"].as_u64()),
        (Some("llama-test"), Some(80))
    );
    let seen = server.seen();
    assert_eq!(
        seen.len(),
        1,
        "the project's base_url is ignored: the user's server is asked"
    );
    let request = &seen[0];
    assert_eq!(request.line, "POST /v1/chat/completions HTTP/1.1");
    assert_eq!(request.header("authorization"), Some("Bearer local-secret"));
    assert_eq!(request.body["model"], "llama-project");
    assert_eq!(request.body["messages"][0]["role"], "system");
    assert_eq!(request.body["messages"][1]["role"], "user");
    let prompt = request.body["messages"][1]["content"].as_str().unwrap();
    assert!(
        prompt.starts_with("Respond YES or NO: may this run?\n\n{"),
        "payload appended: {prompt}"
    );
    case.run(&["validate"])
        .exit(0)
        .stdout_has("`[llm] base_url` counts only in the user-level hookrun.toml");
}

#[test]
fn an_agent_reads_a_project_file_with_a_tool_then_answers() {
    let server = ModelServer::start(vec![
        anthropic_tool("read_file", &json!({"path": "POLICY.md"})),
        anthropic_text(r#"{"ok": false, "reason": "POLICY.md forbids rm"}"#),
    ]);
    let case = claude("agent", "", &server).file("POLICY.md", "Never run rm -rf.\n");
    let run = fire(&case, &[]).exit(2).decision("deny");
    let hook = only_hook(&run);
    assert_eq!(
        (hook["turns"].as_u64(), hook["tool_calls"].as_u64()),
        (Some(2), Some(1)),
        "{hook}"
    );
    assert_eq!(
        hook["input_tokens"].as_u64(),
        Some(170),
        "summed over turns: {hook}"
    );
    let seen = server.seen();
    let tools: Vec<&str> = seen[0].body["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap())
        .collect();
    assert_eq!(tools, ["read_file", "grep", "glob"]);
    assert!(seen[0].body["tools"][0]["input_schema"]["properties"]["path"].is_object());
    let result = &seen[1].body["messages"][2]["content"][0];
    assert_eq!(result["type"], "tool_result");
    assert_eq!(result["tool_use_id"], "toolu_1");
    assert_eq!(result["content"], "Never run rm -rf.\n");
    assert_eq!(result["is_error"], false);
    assert_eq!(
        seen[1].body["messages"][1]["content"][0]["type"],
        "tool_use"
    );
}

#[test]
fn an_agent_cannot_read_outside_the_project() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.txt"), "TOP-SECRET\n").unwrap();
    let server = ModelServer::start(vec![
        anthropic_tool(
            "read_file",
            &json!({"path": "../../../../../../etc/hostname"}),
        ),
        anthropic_tool("read_file", &json!({"path": "link/secret.txt"})),
        anthropic_tool(
            "read_file",
            &json!({"path": outside.path().join("secret.txt")}),
        ),
        anthropic_tool("grep", &json!({"pattern": "TOP", "path": "link"})),
        anthropic_text(r#"{"ok": true}"#),
    ]);
    let case = claude("agent", "", &server);
    std::os::unix::fs::symlink(outside.path(), case.at("link")).unwrap();
    let run = fire(&case, &[]).exit(0).decision("none");
    assert_eq!(only_hook(&run)["tool_calls"], 4);
    for request in &server.seen()[1..] {
        let messages = request.body["messages"].as_array().unwrap();
        let result = &messages.last().unwrap()["content"][0];
        assert_eq!(result["is_error"], true, "{result}");
        assert!(
            !result["content"].as_str().unwrap().contains("TOP-SECRET"),
            "{result}"
        );
    }
    let last = server.seen().last().unwrap().body.clone();
    let result = last["messages"].as_array().unwrap().last().unwrap()["content"][0].clone();
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .contains("outside the project"),
        "{result}"
    );
}

#[test]
fn an_agent_stops_after_fifty_turns() {
    let server = ModelServer::start(vec![anthropic_tool("glob", &json!({"pattern": "*"}))]);
    let case = claude("agent", "", &server);
    let run = fire(&case, &[])
        .exit(0)
        .stderr_has("agent hook: the model gave no answer within 50 turns");
    let hook = only_hook(&run);
    assert_eq!(
        (hook["turns"].as_u64(), hook["tool_calls"].as_u64()),
        (Some(50), Some(50)),
        "{hook}"
    );
    assert_eq!(hook["outcome"], "non_blocking_error");
    assert_eq!(server.seen().len(), 50);
}

#[test]
fn an_openai_agent_gets_function_tools_and_tool_messages() {
    let server = ModelServer::start(vec![
        openai_tool("grep", &json!({"pattern": "forbid"})),
        openai_text("NO: the rules forbid it"),
    ]);
    let case = openai_case(&server, "agent", "").file("rules.txt", "we forbid rm\n");
    let run = fire(&case, &[]).exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "the rules forbid it");
    let seen = server.seen();
    assert_eq!(seen[0].body["tools"][1]["type"], "function");
    assert_eq!(seen[0].body["tools"][1]["function"]["name"], "grep");
    let tool = &seen[1].body["messages"][3];
    assert_eq!(tool["role"], "tool");
    assert_eq!(tool["tool_call_id"], "call_1");
    assert_eq!(tool["content"], "rules.txt:1: we forbid rm");
}

#[test]
fn list_and_dry_run_show_prompt_and_agent_hooks() {
    let server = ModelServer::start(vec![anthropic_text("YES")]);
    let case = claude("agent", r#", "model": "claude-small""#, &server);
    let listed = case.run(&["list", "--format", "json"]).exit(0).json();
    let hook = &listed[0]["hooks"][0];
    assert_eq!(hook["handler"], "agent", "{listed}");
    assert_eq!(hook["model"], "claude-small");
    assert_eq!(hook["timeout"], "60s", "an agent hook's default: {hook}");
    let plan = fire(&case, &["--dry-run"]).exit(0);
    let planned = only_hook(&plan);
    assert_eq!(planned["kind"], "agent", "{planned}");
    assert!(planned["prompt"].as_str().unwrap().contains("$ARGUMENTS"));
    assert!(server.seen().is_empty(), "a dry run asks nothing");
}
