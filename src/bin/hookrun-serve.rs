//! `hookrun-serve`: the server `hookrun serve` starts (src/serve/).

fn main() -> std::process::ExitCode {
    hookrun::serve_main()
}
