//! The hooks running now, for a process that runs several at once (`hookrun serve` runs fires on
//! parallel threads). `fire` runs one hook at a time and pays one uncontended lock per spawn.
//!
//! Two things in the runner are process-wide: the working directory, which [`spawn`] enters for
//! the spawn and leaves again, and the Linux sweep, which ends hookrun's descendants once a hook
//! has exited. Spawns are serialised here, and a sweep leaves alone every hook still running (its
//! own process, and what descends from it); see `platform::linux::reaper`.

use std::process::Child;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::spawn::Process;

/// hookrun's children that a sweep must leave alone.
#[derive(Debug, Default)]
pub(crate) struct Children {
    /// The hooks started and not yet waited for.
    pub(crate) hooks: Vec<u32>,
    /// Async hooks' workers, meant to outlive their fire (never waited for: a sweep reaps them
    /// once they have exited, and forgets them).
    pub(crate) workers: Vec<u32>,
}

static CHILDREN: Mutex<Children> = Mutex::new(Children {
    hooks: Vec::new(),
    workers: Vec::new(),
});

fn children() -> MutexGuard<'static, Children> {
    CHILDREN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `spawn` (which may change the working directory and back) with no other spawn or sweep
/// scan at the same time, and records the hook it started as running.
pub(crate) fn spawn(spawn: impl FnOnce() -> std::io::Result<Process>) -> std::io::Result<Process> {
    let mut children = children();
    let child = spawn()?;
    children.hooks.push(child.id());
    Ok(child)
}

/// Starts an async hook's worker, which sweeps leave alone.
pub(crate) fn spawn_worker(
    spawn: impl FnOnce() -> std::io::Result<Child>,
) -> std::io::Result<Child> {
    let mut children = children();
    let child = spawn()?;
    children.workers.push(child.id());
    Ok(child)
}

/// The hook `pid` was waited for: it no longer runs.
pub(crate) fn ended(pid: u32) {
    children().hooks.retain(|&other| other != pid);
}

/// Calls `scan` with the children to leave alone, during which no hook is started.
#[cfg_attr(
    any(not(target_os = "linux"), feature = "portable-runner"),
    expect(dead_code, reason = "only the Linux sweep walks hookrun's descendants")
)]
pub(crate) fn while_still<T>(scan: impl FnOnce(&mut Children) -> T) -> T {
    scan(&mut children())
}
