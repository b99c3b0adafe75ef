//! `hookrun test` with http, prompt and agent hooks: a test's `server = { … }` is a canned-reply
//! server hookrun starts on the loopback address for that test; the fire's http hooks and model
//! requests go to it (never to the configured URL), and `expect.requests` counts what it got.

use crate::harness::Case;
use crate::webhook::Webhook;

/// A hookrun.toml http hook `audit` on PreToolUse posting to `url`, and a prompt hook `judge` on
/// Stop.
fn hooks(url: &str) -> String {
    format!(
        "[[hook]]\nname = \"audit\"\nevents = [\"PreToolUse\"]\nurl = \"{url}\"\n\n\
         [[hook]]\nname = \"judge\"\nevents = [\"Stop\"]\nprompt = \"May the agent stop? $ARGUMENTS\"\n\n\
         [[hook]]\nname = \"reader\"\nevents = [\"SessionEnd\"]\nkind = \"agent\"\nprompt = \"Is the work done?\"\n"
    )
}

const TESTS: &str = r#"
[[test]]
name = "the audit service's deny blocks"
event = "PreToolUse"
payload = { tool_name = "Bash", tool_input = { command = "rm -rf /" } }
server = { status = 200, body = '{"decision": "deny", "reason": "audit says no"}' }
expect.decision = "deny"
expect.reason = "audit says no"
expect.hooks = { audit = "blocking" }
expect.requests = 1

[[test]]
name = "an empty 2xx lets it through"
event = "PreToolUse"
payload = { tool_name = "Bash", tool_input = { command = "ls" } }
server = {}
expect.decision = "none"
expect.hooks = { audit = "success" }
expect.requests = 1

[[test]]
name = "a 500 is a failure that blocks under strict"
event = "PreToolUse"
strict = true
server = { status = 500, body = "down" }
expect.decision = "deny"
expect.hooks = { audit = "blocking" }

[[test]]
name = "the model says no"
event = "Stop"
server = { answer = "NO. The tests are failing." }
expect.decision = "deny"
expect.reason = "The tests are failing."
expect.hooks = { judge = "blocking" }
expect.requests = 1

[[test]]
name = "the model says ok"
event = "Stop"
server = { answer = '{"ok": true}' }
expect.decision = "none"
expect.hooks = { judge = "success" }

[[test]]
name = "an agent hook reads the same answer"
event = "SessionEnd"
server = { answer = '{"ok": false, "reason": "half done"}' }
expect.hooks = { reader = "blocking" }
expect.requests = 1
"#;

#[test]
fn http_prompt_and_agent_hooks_run_against_the_tests_server_and_never_the_configured_url() {
    let real = Webhook::replying(200, r#"{"decision": "deny", "reason": "the real one"}"#);
    let case = Case::new()
        .file("hookrun.toml", &hooks(&format!("{}/hook", real.url)))
        .file("policy.hooktest.toml", TESTS)
        .env("ANTHROPIC_API_KEY", "sk-real-key-never-sent");
    let run = case.run(&["test"]);
    let run = run.exit(0).stdout_has("6 passed, 0 failed");
    assert!(real.received().is_empty(), "{}", run.stdout);
}

#[test]
fn a_prompt_hook_of_an_openai_compatible_provider_gets_the_answer_in_its_shape() {
    let toml = "[llm]\nprovider = \"openai\"\nbase_url = \"http://192.0.2.1/v1\"\napi_key_env = \"REAL_KEY\"\nmodel = \"llama3\"\n\n\
                [[hook]]\nname = \"judge\"\nevents = [\"Stop\"]\nprompt = \"May it stop?\"\n";
    let tests = r#"
project_dir = "."
config = ["policy.toml"]

[[test]]
name = "no"
event = "Stop"
server = { answer = '{"ok": false, "reason": "not yet"}' }
expect.decision = "deny"
expect.reason = "not yet"
"#;
    Case::new()
        .file("policy.toml", toml)
        .file("t.hooktest.toml", tests)
        .run(&["test"])
        .exit(0)
        .stdout_has("1 passed, 0 failed");
}

#[test]
fn a_model_request_to_a_server_without_an_answer_fails_the_hook_loudly() {
    let tests = r#"
[[test]]
name = "no answer"
event = "Stop"
server = { status = 200 }
expect.hooks = { judge = "non_blocking_error" }
"#;
    Case::new()
        .file("hookrun.toml", &hooks("https://audit.example.com/hook"))
        .file("t.hooktest.toml", tests)
        .run(&["test"])
        .exit(0)
        .stdout_has("1 passed, 0 failed");
}

#[test]
fn a_wrong_request_count_and_a_count_without_a_server_fail_the_test() {
    let tests = r#"
[[test]]
name = "counted"
event = "PreToolUse"
server = {}
expect.requests = 2

[[test]]
name = "no server"
event = "PreToolUse"
expect.requests = 0
"#;
    let hooks = "[[hook]]\nname = \"audit\"\nevents = [\"PreToolUse\"]\nurl = \"https://audit.example.com/hook\"\non_error = \"deny\"\n";
    Case::new()
        .file("hookrun.toml", hooks)
        .file("t.hooktest.toml", tests)
        .run(&["test", "--color", "never"])
        .exit(1)
        .stdout_has("requests")
        .stdout_has("no server (the test names none)")
        .stdout_has("0 passed, 2 failed");
}

#[test]
fn a_bad_server_table_is_reported_with_its_position() {
    let tests = "[[test]]\nname = \"x\"\nevent = \"Stop\"\nserver = { status = 42, reply = 1 }\n";
    Case::new()
        .file("t.hooktest.toml", tests)
        .run(&["test"])
        .exit(1)
        .stderr_has("t.hooktest.toml:4:")
        .stderr_has("`status` must be an HTTP status from 100 to 599")
        .stderr_has("unknown key `reply` in `server`");
}
