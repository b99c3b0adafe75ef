//! Configuration: every dialect's files loaded into one typed model.
pub(crate) mod dialect_name;
