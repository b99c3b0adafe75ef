//! Reading configuration files: the formats they are written in (JSON, TOML, YAML) into one
//! tree, positions in them, the size and encoding checks, and positioned diagnostics. What the
//! files mean is the dialects' business; which files are read is the sources'.

pub(crate) mod diagnostics;
pub(crate) mod duration;
pub(crate) mod format;
pub(crate) mod jsonc;
pub(crate) mod locate;
pub(crate) mod locate_index;
pub(crate) mod locate_toml;
pub(crate) mod locate_yaml;
pub(crate) mod reader;
pub(crate) mod sources;
pub(crate) mod tree;
pub(crate) mod yaml;
mod yaml_block;
