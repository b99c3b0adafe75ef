fn main() -> std::process::ExitCode {
    hookrun::main()
}
