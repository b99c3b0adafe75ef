//! `hookrun async-worker ORDER`: the detached worker of one async hook (`execute/detach.rs`),
//! recognised by `main` before the command line is parsed (it is no command for people). Its
//! standard streams are `/dev/null`; its result goes to the fire log.

use std::path::Path;
use std::process::ExitCode;

use crate::commands::fire_log;
use crate::exit;

/// The first argument that makes hookrun an async worker.
pub(crate) const COMMAND: &str = crate::execute::detach::COMMAND;

pub(crate) fn run(order: &Path) -> ExitCode {
    match crate::execute::detach::work(order) {
        Ok((order, record)) => {
            if let Some(log) = &order.log {
                fire_log::append_async(log, &order.event, &record);
            }
            ExitCode::from(exit::OK)
        }
        Err(error) => {
            crate::stderr::say!("hookrun: async worker: {error}");
            ExitCode::from(exit::FAILURE)
        }
    }
}
