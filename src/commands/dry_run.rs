//! `fire --dry-run`: the plan as the decision document — decision `none`, and one
//! record per configured hook with `matched` and, when it would not run, its `skipped_reason`
//! (event, matcher, if, disabled, deduplicated, own-dialect, recursion, unsupported) plus its
//! command. Nothing is spawned; the exit code is 0.

use std::process::ExitCode;

use serde_json::Value;

use crate::error::Error;
use crate::merge::merge;
use crate::model::Handler;
use crate::output::document::{Document, HookRecord};
use crate::plan::Step;
use crate::sources::Config;
use crate::{exit, output};

pub(crate) fn print(
    config: &Config,
    steps: &[Step],
    event: &str,
    pretty: bool,
) -> Result<ExitCode, Error> {
    let records = steps
        .iter()
        .map(|step| {
            let hook = &config.hooks[step.hook];
            let mut record = HookRecord {
                name: hook.name.clone(),
                source: config.sources[hook.source].display.clone(),
                dialect: hook.dialect.name(),
                skipped_reason: step.skip.as_ref().map(|skip| skip.describe(hook)),
                ..HookRecord::default()
            };
            record
                .extra
                .insert("matched".into(), Value::Bool(step.skip.is_none()));
            if let Some(form) = hook.command() {
                record
                    .extra
                    .insert("command".into(), Value::String(form.display()));
            }
            if let crate::model::Handler::Http(http) = &hook.handler {
                record
                    .extra
                    .insert("url".into(), Value::String(http.url.clone()));
                if let Some(template) = &http.payload_template {
                    record.extra.insert(
                        "payload_template".into(),
                        Value::Object((**template).clone()),
                    );
                }
            }
            if let Handler::Plugin(plugin) = &hook.handler {
                record.extra.insert("kind".into(), Value::from("plugin"));
                record.extra.insert(
                    "wasm".into(),
                    Value::String(plugin.wasm.display().to_string()),
                );
                if let Ok(delivered) = hook.dialect.plugin_event(&plugin.events, event) {
                    record
                        .extra
                        .insert("plugin_event".into(), Value::String(delivered));
                }
            }
            if let Handler::Guard(guard) = &hook.handler {
                record.extra.insert("kind".into(), Value::from("guard"));
                record
                    .extra
                    .insert("guard".into(), Value::from(guard.name()));
            }
            if hook.run_async {
                record.extra.insert("async".into(), Value::Bool(true));
            }
            if let Handler::Prompt(ask) | Handler::Agent(ask) = &hook.handler {
                let kind = if matches!(hook.handler, Handler::Agent(_)) {
                    "agent"
                } else {
                    "prompt"
                };
                record.extra.insert("kind".into(), Value::from(kind));
                record
                    .extra
                    .insert("prompt".into(), Value::String(ask.prompt.clone()));
                if let Some(model) = &ask.model {
                    record
                        .extra
                        .insert("model".into(), Value::String(model.clone()));
                }
            }
            record
        })
        .collect();
    let document = Document::new(event, merge(&[], None), records);
    output::write_json(&document, pretty).map_err(Error::output("the plan"))?;
    Ok(ExitCode::from(exit::OK))
}
