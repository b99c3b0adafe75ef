//! hookrun's one integration-test binary: every test drives the real executable with real hook
//! processes. Each area has its own module; `harness` is the builder they share.

mod harness;

mod layers;

mod core_config;
mod core_fire;
mod core_process;
mod dialects;
mod dry_run;
mod escapes;
mod generated;
mod interrupts;
mod list;
mod output_modes;
mod promptkit;
mod prx;
mod schema_check;
mod streams;
mod test_command;
mod validate;
