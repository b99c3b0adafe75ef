//! hookrun's exit codes; only [`crate::main`] maps errors to them.

/// The action may proceed (fire), or the command succeeded.
pub const OK: u8 = 0;
/// hookrun itself failed: bad configuration, bad payload, internal error; or problems found.
pub const FAILURE: u8 = 1;
/// The action must not proceed as is (fire: deny, ask, or `continue: false`); also clap's
/// usage errors, which block — the safe reading for a hook.
pub const BLOCK: u8 = 2;
