//! Whether human output is coloured, and the few styles it uses. Colour only on a terminal,
//! never when `NO_COLOR` is set (<https://no-color.org>), and `--color always|never` overrides both.

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};

use clap::ValueEnum;

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Whether to colour what goes to stdout.
pub(crate) fn stdout_enabled(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}

/// Styles text, or leaves it plain when colour is off.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Painter {
    enabled: bool,
}

pub(crate) const ERROR: Style = AnsiColor::Red.on_default().bold();
pub(crate) const WARNING: Style = AnsiColor::Yellow.on_default().bold();
pub(crate) const NOTE: Style = AnsiColor::Cyan.on_default().bold();
pub(crate) const OK: Style = AnsiColor::Green.on_default().bold();
pub(crate) const HEADER: Style = Style::new().bold();
pub(crate) const DIM: Style = Style::new().dimmed();

impl Painter {
    pub(crate) fn new(enabled: bool) -> Painter {
        Painter { enabled }
    }

    pub(crate) fn paint(self, style: Style, text: &str) -> String {
        if self.enabled {
            format!("{style}{text}{style:#}")
        } else {
            text.to_owned()
        }
    }
}
