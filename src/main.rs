// Windows has none of what the runner is made of (process groups, poll over pipes, signals):
// one clear error instead of a wall of missing symbols (the library is empty there).
#[cfg(not(unix))]
compile_error!(
    "hookrun runs on Unix only (Linux, macOS, the BSDs): Windows is not supported yet; use WSL"
);

#[cfg(unix)]
fn main() -> std::process::ExitCode {
    hookrun::main()
}

#[cfg(not(unix))]
fn main() {}
