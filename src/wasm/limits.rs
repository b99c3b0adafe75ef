//! The sandbox's limits and how a run that broke one is told apart.
//!
//! - Linear memory: a `ResourceLimiter` refuses growth past `max_memory_mb` with an error of its
//!   own (PRX: `StoreLimits` with `trap_on_grow_failure`), so the failure says "memory".
//! - Fuel: `max_fuel` units, consumed by every instruction; out of fuel is a trap.
//! - Wall time: epoch interruption. A thread ticks the engine's epoch every 10 ms (PRX's tick)
//!   and a store's deadline is `max_execution_time_ms` in ticks, rounded up; an infinite loop
//!   traps at the first check past it.

use std::time::{Duration, Instant};

use wasmtime::{Config, Engine, ResourceLimiter, Trap};

use super::order::{Failure, Kind};

/// One epoch tick (PRX's `WASM_EPOCH_TICK_MS`).
pub(super) const TICK: Duration = Duration::from_millis(10);
/// Table elements a plugin may have (each is a pointer): tables are not a PRX limit, but one
/// `table.grow` must not reserve gigabytes.
const MAX_TABLE_ELEMENTS: usize = 1 << 20;

/// The engine every run of the process shares, and its epoch ticker.
pub(super) fn engine() -> wasmtime::Result<Engine> {
    let mut config = Config::new();
    config
        .wasm_component_model(true)
        .consume_fuel(true)
        .epoch_interruption(true);
    let engine = Engine::new(&config)?;
    let weak = engine.weak();
    std::thread::spawn(move || {
        while let Some(engine) = weak.upgrade() {
            engine.increment_epoch();
            drop(engine);
            std::thread::sleep(TICK);
        }
    });
    Ok(engine)
}

/// Epoch ticks until `deadline`, at least one.
pub(super) fn ticks_until(deadline: Instant) -> u64 {
    let left = deadline.saturating_duration_since(Instant::now());
    let ticks = left.as_nanos().div_ceil(TICK.as_nanos()).max(1);
    u64::try_from(ticks).unwrap_or(u64::MAX)
}

/// The memory cap of one store.
#[derive(Debug)]
pub(super) struct MemoryCap {
    bytes: usize,
}

impl MemoryCap {
    pub(super) fn new(max_memory_mb: u64) -> MemoryCap {
        let bytes = max_memory_mb.saturating_mul(1024 * 1024);
        MemoryCap {
            bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
        }
    }
}

/// Linear memory would pass `max_memory_mb`.
#[derive(Debug, thiserror::Error)]
#[error("its linear memory would grow to {desired} bytes, past max_memory_mb ({limit} bytes)")]
pub(super) struct MemoryExceeded {
    desired: usize,
    limit: usize,
}

impl ResourceLimiter for MemoryCap {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.bytes {
            return Err(MemoryExceeded {
                desired,
                limit: self.bytes,
            }
            .into());
        }
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= MAX_TABLE_ELEMENTS)
    }
}

/// What a wasmtime error from instantiating or calling a plugin means. `loading` is true before
/// the call (link and instantiation errors are `load` then, traps in start functions are not).
pub(super) fn classify(
    error: &wasmtime::Error,
    resources: &super::order::Resources,
    loading: bool,
) -> Failure {
    let memory = error
        .chain()
        .find_map(|cause| cause.downcast_ref::<MemoryExceeded>());
    let (kind, message) = if let Some(memory) = memory {
        (Kind::Memory, format!("the plugin stopped: {memory}"))
    } else {
        match error.downcast_ref::<Trap>() {
            Some(Trap::OutOfFuel) => (
                Kind::Fuel,
                format!(
                    "the plugin ran out of fuel (max_fuel {})",
                    resources.max_fuel
                ),
            ),
            Some(Trap::Interrupt) => (
                Kind::Timeout,
                format!(
                    "the plugin ran past max_execution_time_ms ({} ms)",
                    resources.max_execution_time_ms
                ),
            ),
            Some(trap) => (Kind::Trap, format!("the plugin trapped: {trap}")),
            None if loading => (
                Kind::Load,
                format!("the plugin could not be instantiated: {error:#}"),
            ),
            None => (Kind::Trap, format!("the plugin failed: {error:#}")),
        }
    };
    Failure { kind, message }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_round_up_and_are_never_zero() {
        let now = Instant::now();
        assert_eq!(ticks_until(now), 1);
        let in_a_second = Instant::now() + Duration::from_secs(1);
        assert!((99..=100).contains(&ticks_until(in_a_second)));
    }

    #[test]
    fn memory_past_the_cap_is_refused_with_its_own_error() {
        let mut cap = MemoryCap::new(1);
        assert!(cap.memory_growing(0, 1024 * 1024, None).unwrap());
        let error = cap.memory_growing(0, 1024 * 1024 + 1, None).unwrap_err();
        assert!(error.downcast_ref::<MemoryExceeded>().is_some());
        assert_eq!(MemoryCap::new(u64::MAX).bytes, usize::MAX);
    }
}
