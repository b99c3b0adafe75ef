//! `hookrun-wasm`: runs and checks PRX WASM plugin hooks for `hookrun` (cargo feature `plugins`).
//! Everything it does is `hookrun::wasm::main` (the book "Plugin hooks (PRX WASM)").

fn main() -> std::process::ExitCode {
    hookrun::wasm::main()
}
