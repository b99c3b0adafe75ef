//! `hookrun schema decision|config|test`: prints one JSON Schema (the repo's `schemas/` holds
//! copies, drift-tested).

use std::process::ExitCode;

use crate::cli::SchemaArgs;
use crate::error::Error;
use crate::{exit, schema};

pub(crate) fn run(args: &SchemaArgs) -> Result<ExitCode, Error> {
    crate::output::write_json(&schema::schema(args.kind), true)
        .map_err(Error::output("the schema"))?;
    Ok(ExitCode::from(exit::OK))
}
