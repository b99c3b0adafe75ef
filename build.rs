//! Two things about how hookrun is built:
//!
//! - It tells the crate which target it is built for: `hookrun --version` names it, beside the
//!   runner backend, so that a bug report says which build and which process engine it is about.
//! - In a release build for x86_64 Linux linked by rustc's own LLD (its default there since 1.90),
//!   it shapes the link for start-up, since hookrun starts once per agent event and most of its
//!   start-up is the kernel mapping the pages it touches (bench/README.md, "Code layout"):
//!   - the functions a `fire` runs are placed next to each other, in the order `link/fire.order`
//!     lists them (made by `bench/order`): spread over the whole binary, an empty-project fire
//!     faulted 81 times; packed together, 44. The order only moves code: a name the file lists that
//!     does not exist (another version, another build) is skipped;
//!   - the read-only data those functions read (constants, strings, jump tables, glibc's tables)
//!     are gathered before the rest of `.rodata` by the linker script `link/fire.ld` (also made by
//!     `bench/order`; with `INSERT` it adds to the default layout): spread, an empty-project fire
//!     touched 13 windows of it; gathered, 54 faults became 41. A section it names that does not
//!     exist matches nothing.
//!
//!   Both only move code and data: the program is linked as rustc links it (position-independent
//!   unless the flags say otherwise; `cargo build-release` asks for a fixed address itself, see
//!   .cargo/config.toml), and a build whose flags this script does not know
//!   ([`flags_leave_the_link_to_us`]) is linked as cargo links any other. The script never picks
//!   the kind of executable: it once added `-no-pie` to every such build, and a static build of
//!   position-independent code (`-C target-feature=+crt-static`) then crashed at start.
//!
//!   A build for another target, with another linker, or with `HOOKRUN_LINK_LAYOUT=0`, is the same
//!   program linked as cargo links any other.

use std::path::Path;
use std::process::Command;

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".to_owned());
    println!("cargo:rustc-env=HOOKRUN_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/fire.order");
    println!("cargo:rerun-if-changed=link/fire.ld");
    println!("cargo:rerun-if-env-changed=HOOKRUN_LINK_LAYOUT");
    println!("cargo:rerun-if-env-changed=HOOKRUN_LINK_MAP");
    // The linker's map of where each function went: bench/order reads it to name the functions
    // it sees run in the (stripped) release binary. Only link arguments differ, so the names are
    // those of the build that ships.
    if let Some(map) = std::env::var_os("HOOKRUN_LINK_MAP").filter(|map| !map.is_empty()) {
        println!(
            "cargo:rustc-link-arg-bin=hookrun=-Wl,-Map={}",
            Path::new(&map).display()
        );
        // Mangled, as the order file must name them (LLD writes maps demangled by default).
        println!("cargo:rustc-link-arg-bin=hookrun=-Wl,--no-demangle");
    }
    if shaped_link(&target) {
        let order = Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
            .join("link/fire.order");
        if order.is_file() {
            println!(
                "cargo:rustc-link-arg-bin=hookrun=-Wl,--symbol-ordering-file={}",
                order.display()
            );
            println!("cargo:rustc-link-arg-bin=hookrun=-Wl,--no-warn-symbol-ordering");
        }
        let data = order.with_file_name("fire.ld");
        if data.is_file() {
            println!("cargo:rustc-link-arg-bin=hookrun=-Wl,-T,{}", data.display());
        }
    }
}

/// Whether this build is one the link shaping fits: a release build for x86_64 Linux (GNU),
/// linked through the C compiler driver by rustc's own LLD (no linker configured, rustc 1.90 or
/// later), with flags whose link this script knows, not turned off with `HOOKRUN_LINK_LAYOUT=0`.
fn shaped_link(target: &str) -> bool {
    if std::env::var_os("HOOKRUN_LINK_LAYOUT").is_some_and(|value| value == "0") {
        return false;
    }
    if target != "x86_64-unknown-linux-gnu" || std::env::var("PROFILE").as_deref() != Ok("release")
    {
        return false;
    }
    // A linker chosen by the user (`linker = …`) may not know `--symbol-ordering-file` (GNU ld
    // does not): leave the link alone.
    if std::env::var_os("RUSTC_LINKER").is_some() {
        return false;
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    flags_leave_the_link_to_us(&flags) && rustc_links_with_lld()
}

/// Whether every one of the user's `RUSTFLAGS` (cargo's encoding: separated by `\x1f`) is one
/// known to leave the link as rustc makes it: lints, `--cfg`, and the codegen options below. Any
/// other (`-C linker=…`, `-C link-arg=…`, `-Z …`, a flag this script has never heard of) may
/// change the linker, its arguments or the kind of executable: the link is left alone.
fn flags_leave_the_link_to_us(encoded: &str) -> bool {
    /// Codegen options that change the code, not how it is linked. `relocation-model` only with
    /// the values that make an executable LLD links with the layout (PIE, fixed-address).
    const NEUTRAL: &[&str] = &[
        "codegen-units",
        "debug-assertions",
        "debuginfo",
        "force-frame-pointers",
        "force-unwind-tables",
        "opt-level",
        "overflow-checks",
        "target-cpu",
        "target-feature",
    ];
    let neutral = |option: &str| {
        let (name, value) = option.split_once('=').unwrap_or((option, ""));
        NEUTRAL.contains(&name)
            || (name == "relocation-model" && ["pic", "pie", "static", "default"].contains(&value))
    };
    let mut flags = encoded.split('\x1f').filter(|flag| !flag.is_empty());
    while let Some(flag) = flags.next() {
        let known = match flag {
            "-C" | "--codegen" => flags.next().is_some_and(neutral),
            "--cfg" | "-A" | "-W" | "-D" | "-F" | "--cap-lints" => flags.next().is_some(),
            _ => flag
                .strip_prefix("-C")
                .or_else(|| flag.strip_prefix("--codegen="))
                .map_or_else(
                    || {
                        ["--cfg=", "-A", "-W", "-D", "-F", "--cap-lints="]
                            .iter()
                            .any(|prefix| flag.starts_with(prefix))
                    },
                    neutral,
                ),
        };
        if !known {
            return false;
        }
    }
    true
}

/// Whether this rustc links x86_64 Linux programs with its own LLD by default (1.90 and later).
fn rustc_links_with_lld() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let Ok(output) = Command::new(rustc).arg("-vV").output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let Some(release) = text.lines().find_map(|line| line.strip_prefix("release: ")) else {
        return false;
    };
    let mut parts = release.split(['.', '-']).map(str::parse::<u32>);
    matches!(
        (parts.next(), parts.next()),
        (Some(Ok(major)), Some(Ok(minor))) if major > 1 || (major == 1 && minor >= 90)
    )
}
