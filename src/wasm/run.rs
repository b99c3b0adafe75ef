//! `hookrun-wasm run`: one work order on stdin, one answer on stdout.

use std::rc::Rc;
use std::time::Instant;

use super::dispatch::Dispatch;
use super::order::{Answer, Order, outcome_fields};

/// Runs the order's plugin; the answer, or why the order is unusable.
pub(super) fn run(input: &[u8]) -> Result<Answer, String> {
    let started = Instant::now();
    let order = Order::parse(input)?;
    let engine = super::limits::engine()
        .map_err(|error| format!("the WebAssembly engine could not start: {error:#}"))?;
    let plugin = Rc::new(order.plugin);
    let plugins = order.plugins.into_iter().map(Rc::new).collect();
    let dispatch = Dispatch::new(engine, &order.cache_dir, plugins)
        .map_err(|error| format!("the host interfaces could not be linked: {error:#}"))?;
    let run = dispatch.run(
        &plugin,
        &order.event,
        &order.payload_json,
        order.depth,
        None,
    );
    let (logs, published) = dispatch.take_answer_parts();
    let (outcome, error, kind) = outcome_fields(&run.result);
    Ok(Answer {
        outcome,
        error,
        kind,
        logs,
        published,
        compiled: run.compiled,
        fuel_used: run.fuel_used,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}
