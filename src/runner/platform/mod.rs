//! Everything in the runner that differs by kernel, in one place: how the loop learns that the
//! hook's own process exited, what hookrun does before the first spawn, and how what a hook left
//! behind is found and ended. The rest of the runner is POSIX and the same everywhere.
//!
//! Two backends, one interface (`prepare`, `ExitWatch`, `sweep`, `DIR_FLAGS`, and the
//! `backend_name!` each gives to [`VERSION`]):
//!
//! - `linux/`: a pidfd per hook in the poll loop; hookrun is a child subreaper and walks its
//!   descendants in `/proc`, so a process that left the hook's group (`setsid`, a double fork) is
//!   still found and ended.
//! - `posix.rs`: only calls every Unix has (macOS, the BSDs, and Linux too): a `SIGCHLD`
//!   self-pipe in the poll loop, and the hook's process group ended once the hook exited. A
//!   process that left the group is out of reach. The cargo feature `portable-runner` builds it on
//!   Linux, so that the backend other systems get is tested here.

#[cfg(all(target_os = "linux", not(feature = "portable-runner")))]
#[macro_use]
mod linux;
#[cfg(all(target_os = "linux", not(feature = "portable-runner")))]
pub(crate) use linux::{DIR_FLAGS, ExitWatch, prepare, sweep};

#[cfg(any(not(target_os = "linux"), feature = "portable-runner"))]
#[macro_use]
mod posix;
#[cfg(any(not(target_os = "linux"), feature = "portable-runner"))]
pub(crate) use posix::{DIR_FLAGS, ExitWatch, prepare, sweep};

/// `hookrun --version`: the version, the target it was built for (set by `build.rs`) and the
/// runner backend, e.g. `0.1.0 (x86_64-unknown-linux-gnu; runner: linux, pidfd + child subreaper)`.
pub(crate) const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("HOOKRUN_TARGET"),
    "; runner: ",
    backend_name!(),
    ")"
);
