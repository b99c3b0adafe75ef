//! The schema of hook test files (the book, "Testing your hooks"), key for key with
//! `testfile::parse`.

use serde_json::{Value, json};

use super::{boolean, decision_enum, env_table, head, string, with_head};
use crate::testfile::HOOK_OUTCOMES;

pub(super) fn schema() -> Value {
    let body = json!({
        "type": "object",
        "required": ["test"],
        "additionalProperties": false,
        "properties": {
            "$schema": string("This schema, for editors."),
            "project_dir": string("The project the tests fire in, relative to this file; default: -C or the current directory."),
            "config": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Configuration files to load (relative to project_dir) instead of discovery.",
            },
            "env": env_table("Environment for every test's fire process (a test's own env wins); ${HOOKRUN_TEST_TMPDIR} in a value is the test's temporary directory."),
            "test": {"type": "array", "items": {"$ref": "#/$defs/test"}},
        },
        "$defs": {
            "test": test(),
            "expect": expect(),
            "text": {
                "description": "An exact string, { contains = \"…\" } or { matches = \"regex\" }.",
                "oneOf": [
                    {"type": "string"},
                    {"type": "object", "required": ["contains"], "additionalProperties": false,
                     "properties": {"contains": {"type": "string"}}},
                    {"type": "object", "required": ["matches"], "additionalProperties": false,
                     "properties": {"matches": {"type": "string"}}},
                ],
            },
        },
    });
    with_head(
        head(
            "test.schema.json",
            "hookrun test file",
            "A *.hooktest.toml|yaml|yml|json file run by `hookrun test`: a project and its tests.",
        ),
        body,
    )
}

fn test() -> Value {
    json!({
        "type": "object",
        "required": ["name", "event"],
        "additionalProperties": false,
        "not": {"required": ["payload", "payload_file"]},
        "properties": {
            "name": string("Unique in the file; --filter selects by substring."),
            "event": string("The event to fire."),
            "payload": {"type": "object", "description": "The payload (default: {})."},
            "payload_file": string("A JSON payload file, relative to this file."),
            "output": {
                "enum": crate::dialects::output_names(),
                "description": "fire --output; check agent documents with expect.document.",
            },
            "strict": boolean("fire --strict: every hook failure blocks."),
            "env": env_table("Extra environment for the fire process, over the file's env; ${HOOKRUN_TEST_TMPDIR} in a value is the test's temporary directory."),
            "server": {
                "type": "object",
                "additionalProperties": false,
                "description": "A canned-reply server on the loopback address for this test: the fire's http hooks and model requests go to it.",
                "properties": {
                    "status": {"type": "integer", "minimum": 100, "maximum": 599, "description": "An http hook's reply status (default 200)."},
                    "body": string("An http hook's reply body (default empty)."),
                    "answer": string("A prompt or agent hook's model answer (e.g. {\"ok\": false, \"reason\": \"…\"} or NO. …)."),
                },
            },
            "expect": {"$ref": "#/$defs/expect"},
        },
    })
}

fn expect() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "description": "Unset fields are not checked; without exit_code, an exit other than 0 or 2 fails.",
        "properties": {
            "decision": decision_enum("The merged decision."),
            "reason": {"$ref": "#/$defs/text"},
            "exit_code": {"type": "integer", "minimum": 0, "maximum": 255},
            "updated_input": {"description": "Equal to the document's updated_input."},
            "continue": {"type": "boolean"},
            "additional_context": {"$ref": "#/$defs/text"},
            "hooks": {
                "type": "object",
                "description": "Outcome per hook name; skipped: the hook did not run.",
                "additionalProperties": {"enum": HOOK_OUTCOMES},
            },
            "document": {
                "type": "object",
                "description": "Fields that must appear, with these values, in the printed document (any output mode).",
            },
            "requests": {"type": "integer", "minimum": 0, "description": "How many requests the test's server answered."},
        },
    })
}
