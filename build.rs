//! Tells the crate which target it is built for: `hookrun --version` names it, beside the runner
//! backend, so that a bug report says which build and which process engine it is about.

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".to_owned());
    println!("cargo:rustc-env=HOOKRUN_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
}
