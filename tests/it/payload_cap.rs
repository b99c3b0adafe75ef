//! An oversized payload is refused at the cap, not parsed first: hookrun runs under an
//! address-space limit far below what parsing 64 MiB of small JSON values costs (~380 MB), and
//! must still answer "larger than …" (exit 1) instead of dying of an allocation failure.

use std::fmt::Write as _;
use std::process::Command;

use crate::harness::{Case, Run, hookrun_bin};

/// An address-space limit (KiB) that holds the read-ahead of a 64 MiB cap with room to spare,
/// but not a 64 MiB array parsed into a JSON tree.
const ADDRESS_SPACE_KIB: u32 = 300 * 1024;

/// `{"a":["abcdefgh","abcdefgh",…]}` of about `bytes` bytes: many small values, the most
/// expensive JSON per byte to parse into a tree.
fn array_payload(bytes: usize) -> String {
    let mut text = String::with_capacity(bytes + 16);
    text.push_str("{\"a\":[");
    while text.len() < bytes {
        text.push_str("\"abcdefgh\",");
    }
    let _ = write!(text, "1]}}");
    text
}

/// Runs `command` (a shell command line where `$HOOKRUN` is hookrun with `-C` the case's project)
/// under the address-space limit.
fn fire_limited(case: &Case, command: &str) -> Run {
    let script = format!(
        "ulimit -v {ADDRESS_SPACE_KIB} && HOOKRUN=\"$0 -C $1 --no-user-config\" && {command}"
    );
    let args = ["fire", "Stop"];
    let start = std::time::Instant::now();
    let output = Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg(hookrun_bin())
        .arg(case.path())
        .envs(crate::harness::home_env(case.home()))
        .current_dir(case.path())
        .output()
        .expect("run hookrun under ulimit");
    Run::new(&args, &output, start.elapsed())
}

#[test]
fn an_oversized_payload_on_a_pipe_is_refused_at_the_cap_not_parsed() {
    let case = Case::new().file("payload.json", &array_payload(80 * 1000 * 1000));
    fire_limited(&case, "cat payload.json | $HOOKRUN fire Stop")
        .exit(1)
        .stderr_has("larger than 67108864 bytes");
}

#[test]
fn an_oversized_payload_file_is_refused_before_it_is_read() {
    let case = Case::new().file("payload.json", &array_payload(80 * 1000 * 1000));
    fire_limited(&case, "$HOOKRUN fire Stop < payload.json")
        .exit(1)
        .stderr_has("larger than 67108864 bytes");
    fire_limited(
        &case,
        "$HOOKRUN fire Stop --payload payload.json < /dev/null",
    )
    .exit(1)
    .stderr_has("larger than 67108864 bytes");
}
