//! One file per subcommand: thin glue between the command line and the pipeline.

use std::path::PathBuf;

use crate::cli::Cli;
use crate::error::Error;
use crate::sources::{self, Config, LoadOptions};

pub(crate) mod async_worker;
pub(crate) mod completions;
mod dry_run;
pub(crate) mod fire;
mod fire_log;
pub(crate) mod guard;
pub(crate) mod hooks;
pub(crate) mod init;
pub(crate) mod install;
pub(crate) mod list;
mod list_own;
pub(crate) mod schema;
pub(crate) mod serve;
pub(crate) mod test;
pub(crate) mod trust;

pub(crate) mod validate;

/// The project directory: `-C`, else `$HOOKRUN_PROJECT_DIR` (clap reads both), else the current
/// directory; made absolute so hooks and reports see one stable path.
pub(crate) fn project_dir(cli: &Cli) -> Result<PathBuf, Error> {
    let dir = match &cli.global.project_dir {
        Some(dir) => dir.clone(),
        None => std::env::current_dir().map_err(Error::system("read the current directory"))?,
    };
    dir.canonicalize()
        .map_err(Error::file("use the project directory", &dir))
}

/// Loads the configuration the global options describe.
pub(crate) fn load_config(cli: &Cli, project_dir: &std::path::Path) -> Config {
    sources::load(&load_options(cli, project_dir))
}

/// What the global options say to load.
pub(crate) fn load_options<'a>(cli: &'a Cli, project_dir: &'a std::path::Path) -> LoadOptions<'a> {
    LoadOptions {
        project_dir,
        config_files: &cli.global.config,
        dialect: cli.global.dialect,
        user_config: !cli.global.no_user_config,
    }
}
