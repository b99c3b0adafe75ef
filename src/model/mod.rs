//! The one model every dialect loads into and every stage reads: hooks and their sources
//! ([`hook`]), what loading gives ([`load`]), the vocabulary of hook answers ([`answer`]), and the
//! interface behind which each dialect keeps what it knows ([`dialect`]), with how its files are
//! edited ([`editing`]). Nothing after loading
//! sees a dialect's raw strings or numbers: timeouts are `Duration`s, matchers are classified.

pub(crate) mod answer;
pub(crate) mod dialect;
pub(crate) mod editing;
pub(crate) mod hook;
pub(crate) mod load;
pub(crate) mod plugin;
pub(crate) mod reading;
pub(crate) mod steer;

pub(crate) use dialect::Dialect;
pub(crate) use hook::{CommandForm, EventSelector, Handler, Hook, Level, Mode, Source, StdinMode};
