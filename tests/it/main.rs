//! hookrun's one integration-test binary: every test drives the real executable with real hook
//! processes. Each area has its own module; `harness` is the builder they share.

mod answers;
mod async_hooks;
mod big_configs;
mod cache;
mod cache_warnings;
mod ci_recipe;
mod cline;
mod codex;
mod comments;
mod copilot;
mod core_config;
mod core_fire;
mod core_process;
mod crush;
mod dedup;
mod dialects;
mod doc_examples;
mod dry_run;
mod env_file;
mod escapes;
mod family;
mod gemini_vars;
mod generated;
mod guard;
mod harness;
mod hooks_cli;
mod http_hooks;
mod init;
mod install;
mod interrupts;
mod kimi;
mod kiro;
mod layers;
mod levels;
mod list;
mod model_server;
mod openhands;
mod openplugins;
mod output_modes;
mod payload_cap;
mod payload_template;
mod payloads;
mod platform;
mod plugins;
#[cfg(feature = "plugins")]
mod plugins_e2e;
mod praisonai;
mod prompt_hooks;
mod promptkit;
mod prx;
mod qwen;
mod recipes;
mod schema_check;
#[cfg(feature = "serve")]
mod serve;
mod silent;
mod special_files;
mod streams;
mod strict_config;
mod test_command;
mod test_servers;
mod transcript;
mod trust;
mod typos;
mod validate;
mod vibe;
mod vocabulary;
#[cfg(feature = "plugins")]
mod wasm_build;
#[cfg(feature = "plugins")]
mod wasm_host;
mod webhook;
mod windsurf;
