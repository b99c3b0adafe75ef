//! The schema of `hookrun.toml` (the book, "`hookrun.toml`"), key for key with
//! `config::dialect::hookrun`.

use serde_json::{Value, json};

use super::{boolean, env_table, head, string, with_head};

pub(super) fn schema() -> Value {
    let body = json!({
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "timeout": {"$ref": "#/$defs/duration", "description": "Default timeout of this file's hooks (30s when unset)."},
            "kill_grace": {"$ref": "#/$defs/duration", "description": "Time between SIGTERM and SIGKILL after a timeout (2s when unset)."},
            "enabled": boolean("false switches every hook of this file off (`hookrun hooks disable --all`)."),
            "hook": {"type": "array", "items": {"$ref": "#/$defs/hook"}, "description": "The hooks, in run order."},
            "http": {
                "type": "object",
                "additionalProperties": false,
                "description": "The outbound policy of http hooks; counts only in the user-level hookrun.toml.",
                "properties": {
                    "allow": {"type": "array", "items": {"type": "string"}, "description": "URL patterns (scheme://host[:port][/path], * wildcards) every http hook must match."},
                },
            },
            "llm": llm(),
        },
        "$defs": {
            "duration": {
                "description": "\"500ms\", \"5s\", \"2m\", \"1h\", or a number of seconds; greater than 0.",
                "oneOf": [
                    {"type": "string", "pattern": "^\\s*[0-9]+(\\.[0-9]+)?\\s*(ms|s|sec|secs|m|min|mins|h)?\\s*$"},
                    {"type": "number", "exclusiveMinimum": 0},
                ],
            },
            "hook": hook(),
        },
    });
    with_head(
        head(
            "config.schema.json",
            "hookrun.toml",
            "hookrun's own hook configuration: file-level defaults and a list of [[hook]] tables.",
        ),
        body,
    )
}

fn llm() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "description": "The model provider of prompt and agent hooks. In a project's file only `model` counts.",
        "properties": {
            "provider": {"enum": ["anthropic", "openai"], "description": "anthropic: the Messages API; openai: any OpenAI-compatible chat-completions server. Default: openai when base_url is set, else anthropic."},
            "base_url": string("The provider's URL (user-level file only): http://localhost:11434/v1 for Ollama; Anthropic's default is ANTHROPIC_BASE_URL or https://api.anthropic.com."),
            "api_key_env": string("The environment variable holding the API key (user-level file only); Anthropic's default is ANTHROPIC_API_KEY."),
            "model": string("The model prompt and agent hooks ask when they name none."),
        },
    })
}

fn hook() -> Value {
    json!({
        "type": "object",
        "required": ["events"],
        "anyOf": [{"required": ["command"]}, {"required": ["prompt"]}, {"required": ["url"]}, {"required": ["guard"]}],
        "additionalProperties": false,
        "properties": {
            "name": string("Unique in the file; default: derived from the command (http-<host> for a URL)."),
            "events": {
                "type": "array",
                "minItems": 1,
                "items": {"type": "string"},
                "description": "Event names to run on, in any dialect's vocabulary; \"*\" for all, \"prefix.*\" patterns.",
            },
            "matcher": string("Names or a regex: \"\"/\"*\" all, names split on | or ,, else a regex."),
            "if": string("A permission-rule condition such as \"Bash(rm -rf *)\"."),
            "condition": string("The design note's name for `if` (give one of the two)."),
            "kind": {"enum": ["command", "prompt", "agent", "http", "guard"], "description": "How the hook runs; default: guard when `guard` is set, prompt when `prompt` is set, http when `url` is set, else command."},
            "guard": {"enum": crate::guard::Guard::ALL.iter().map(|guard| guard.name()).collect::<Vec<_>>(), "description": "A built-in guard run in-process, no process spawned: \"rm-rf\" blocks shell commands that run a forced recursive delete (exit 2 with the reason, as a command hook would)."},
            "prompt": string("A prompt or agent hook's question to the model; $ARGUMENTS stands for the payload's JSON (appended when absent)."),
            "model": string("The model a prompt or agent hook asks (over [llm] model)."),
            "command": string("Shell form (run with /bin/sh -c), or the program when `args` is given."),
            "args": {"type": "array", "items": {"type": "string"}, "description": "Exec form: arguments, no shell."},
            "url": string("An http hook: the payload is POSTed here as JSON (instead of `command`)."),
            "headers": env_table("An http hook's request headers; values expand $VAR / ${VAR} listed in allowed_env_vars."),
            "allowed_env_vars": {"type": "array", "items": {"type": "string"}, "description": "The variables header values may expand."},
            "payload_template": {"type": "object", "description": "An http hook's body instead of the payload: a string that is one template value ($tool_input_<field>, ${tool_input.a.b}, $session_id, $timestamp, $event) becomes that JSON value."},
            "async": boolean("Run in a detached worker: hookrun does not wait, and the hook never blocks."),
            "async_mode": boolean("The design note's name for `async` (give one of the two)."),
            "env": env_table("Extra environment for the hook."),
            "timeout": {"$ref": "#/$defs/duration"},
            "kill_grace": {"$ref": "#/$defs/duration"},
            "mode": {"enum": ["filter", "observe", "command", "prompt", "agent", "http", "guard"], "description": "observe never blocks; the design note's command/prompt/agent/http/guard mean `kind`."},
            "on_error": {"enum": ["allow", "deny"], "description": "deny: a failing hook blocks (fails closed)."},
            "enabled": boolean("false switches the hook off."),
            "payload_file": boolean("Also hand the payload as a 0600 temp file in HOOKRUN_PAYLOAD_FILE."),
            "sanitize_env": boolean("Start from an empty environment (PATH only)."),
        },
    })
}
