//! Test plugins, built from text while the tests run: WAT core modules, wrapped into components
//! against hookrun's own `wit/` files (PRX's package, world and interface names), so no binary
//! is checked in without its source.
//!
//! Each plugin below is the core module a guest language would produce for PRX's `hook` world,
//! written by hand against the canonical ABI: it exports `memory`, `cabi_realloc` (a bump
//! allocator) and `prx:plugin/hook-exports@0.1.0#on-event`, and imports the host functions under
//! their interface names (`prx:host/kv@0.1.0` `set`, …).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use wit_component::{ComponentEncoder, StringEncoding};
use wit_parser::Resolve;

/// hookrun's WIT files (the `prx:plugin` package, its `prx:host` dependency in `deps/`).
fn wit_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("wit")
}

/// Wraps a WAT core module into a component of PRX's `hook` world, written to
/// `dir/plugin.wasm` (PRX's default file name).
pub(crate) fn build_hook_component(dir: &Path, wat_core_module: &str) -> PathBuf {
    build_component(
        dir,
        "plugin.wasm",
        wat_core_module,
        &[],
        "prx:plugin/hook@0.1.0",
    )
}

/// Wraps a WAT core module into a component of `world`, resolved from hookrun's WIT files and
/// the extra WIT packages given as sources (for worlds that are not PRX's).
pub(crate) fn build_component(
    dir: &Path,
    file: &str,
    wat_core_module: &str,
    extra_wit: &[&str],
    world: &str,
) -> PathBuf {
    let mut resolve = Resolve::default();
    let (package, _) = resolve
        .push_dir(wit_dir())
        .expect("hookrun's wit/ resolves");
    encode(
        dir,
        file,
        wat_core_module,
        resolve,
        package,
        extra_wit,
        world,
    )
}

/// Like [`build_component`], from the given WIT sources alone (hookrun's `wit/` left out): for
/// components whose `prx:plugin` package is not PRX's.
pub(crate) fn build_component_from(
    dir: &Path,
    file: &str,
    wat_core_module: &str,
    wit: &[&str],
    world: &str,
) -> PathBuf {
    let mut resolve = Resolve::default();
    let package = resolve
        .push_str("first.wit", wit[0])
        .expect("the test's WIT resolves");
    encode(
        dir,
        file,
        wat_core_module,
        resolve,
        package,
        &wit[1..],
        world,
    )
}

fn encode(
    dir: &Path,
    file: &str,
    wat_core_module: &str,
    mut resolve: Resolve,
    mut package: wit_parser::PackageId,
    extra_wit: &[&str],
    world: &str,
) -> PathBuf {
    for (index, source) in extra_wit.iter().enumerate() {
        package = resolve
            .push_str(format!("extra{index}.wit"), source)
            .expect("the test's WIT resolves");
    }
    let world = resolve
        .select_world(&[package], Some(world))
        .expect("the world exists");
    let mut module = wat::parse_str(wat_core_module).expect("the WAT parses");
    wit_component::embed_component_metadata(&mut module, &resolve, world, StringEncoding::UTF8)
        .expect("metadata embeds");
    let component = ComponentEncoder::default()
        .module(&module)
        .expect("the core module fits the world")
        .validate(true)
        .encode()
        .expect("the component encodes");
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, component).unwrap();
    path
}

/// A WAT string literal's contents for any text.
pub(crate) fn wat_bytes(text: &str) -> String {
    text.bytes().fold(String::new(), |mut out, byte| {
        let _ = write!(out, "\\{byte:02x}");
        out
    })
}

/// Every plugin's common part: memory, the allocator, the `on-event` return area at 16
/// (`$ok`, `$err`), and scratch return areas for host calls at 32 and 48. Data lives between
/// 256 and 4096; the allocator hands out memory from 65536 (the second page) on.
fn module(imports: &str, body: &str, data: &str) -> String {
    format!(
        r#"(module
  {imports}
  (memory (export "memory") 2)
  (global $heap (mut i32) (i32.const 65536))
  (func (export "cabi_realloc") (param $old i32) (param $old_size i32) (param $align i32)
        (param $size i32) (result i32)
    (local $ptr i32)
    (local.set $ptr (i32.and
      (i32.add (global.get $heap) (i32.sub (local.get $align) (i32.const 1)))
      (i32.sub (i32.const 0) (local.get $align))))
    (global.set $heap (i32.add (local.get $ptr) (local.get $size)))
    (block $fits
      (br_if $fits (i32.le_u (global.get $heap) (i32.mul (memory.size) (i32.const 65536))))
      (if (i32.eq (i32.const -1) (memory.grow (i32.add (i32.const 1) (i32.shr_u
            (i32.sub (global.get $heap) (i32.mul (memory.size) (i32.const 65536)))
            (i32.const 16)))))
        (then unreachable)))
    (if (local.get $old)
      (then (memory.copy (local.get $ptr) (local.get $old) (local.get $old_size))))
    (local.get $ptr))
  (func $ok (result i32)
    (i32.store8 (i32.const 16) (i32.const 0))
    (i32.const 16))
  (func $err (param $ptr i32) (param $len i32) (result i32)
    (i32.store8 (i32.const 16) (i32.const 1))
    (i32.store (i32.const 20) (local.get $ptr))
    (i32.store (i32.const 24) (local.get $len))
    (i32.const 16))
  (func $append (param $dst i32) (param $src i32) (param $len i32) (result i32)
    (memory.copy (local.get $dst) (local.get $src) (local.get $len))
    (i32.add (local.get $dst) (local.get $len)))
  (func (export "prx:plugin/hook-exports@0.1.0#on-event")
        (param $event i32) (param $event_len i32) (param $payload i32) (param $payload_len i32)
        (result i32)
    {body})
  {data}
)"#
    )
}

const LOG: &str = r#"(import "prx:host/log@0.1.0" "log" (func $log (param i32 i32 i32)))"#;
const CONFIG_GET: &str =
    r#"(import "prx:host/config@0.1.0" "get" (func $config_get (param i32 i32 i32)))"#;
const KV_GET: &str = r#"(import "prx:host/kv@0.1.0" "get" (func $kv_get (param i32 i32 i32)))"#;
const KV_SET: &str =
    r#"(import "prx:host/kv@0.1.0" "set" (func $kv_set (param i32 i32 i32 i32 i32)))"#;
const PUBLISH: &str =
    r#"(import "prx:host/events@0.1.0" "publish" (func $publish (param i32 i32 i32 i32 i32)))"#;

/// Returns `ok` and does nothing else.
pub(crate) fn ok() -> String {
    module("", "(call $ok)", "")
}

/// Returns `err(message)`.
pub(crate) fn err(message: &str) -> String {
    module(
        "",
        &format!("(call $err (i32.const 256) (i32.const {}))", message.len()),
        &format!(r#"(data (i32.const 256) "{}")"#, wat_bytes(message)),
    )
}

/// Loops forever (cheap instructions: fuel lasts; only the time limit ends it).
pub(crate) fn infinite_loop() -> String {
    module("", "(loop $forever (br $forever)) (unreachable)", "")
}

/// Grows its linear memory a megabyte at a time, without end.
pub(crate) fn memory_hog() -> String {
    module(
        "",
        "(loop $more (drop (memory.grow (i32.const 16))) (br $more)) (unreachable)",
        "",
    )
}

/// Counts to 10^11 and then returns `ok`: fuel runs out long before, and time would too.
pub(crate) fn fuel_burner() -> String {
    module(
        "",
        "(local $i i64)
    (loop $count
      (local.set $i (i64.add (local.get $i) (i64.const 1)))
      (br_if $count (i64.lt_u (local.get $i) (i64.const 100000000000))))
    (call $ok)",
        "",
    )
}

/// Logs the event at `info`, the payload at `debug`, and its `[config]` `greeting` at `warn`
/// (or `error` "no greeting" when there is none).
pub(crate) fn logger() -> String {
    module(
        &[LOG, CONFIG_GET].join("\n  "),
        r"(call $log (i32.const 2) (local.get $event) (local.get $event_len))
    (call $log (i32.const 1) (local.get $payload) (local.get $payload_len))
    (call $config_get (i32.const 256) (i32.const 8) (i32.const 32))
    (if (i32.load8_u (i32.const 32))
      (then (call $log (i32.const 3) (i32.load (i32.const 36)) (i32.load (i32.const 40))))
      (else (call $log (i32.const 4) (i32.const 272) (i32.const 11))))
    (call $ok)",
        r#"(data (i32.const 256) "greeting") (data (i32.const 272) "no greeting")"#,
    )
}

/// Counts its runs in kv key `n` (one ASCII digit), logs the count at `info`; a refused `set`
/// is returned as its `err`.
pub(crate) fn kv_counter() -> String {
    module(
        &[LOG, KV_GET, KV_SET].join("\n  "),
        r"(local $n i32)
    (call $kv_get (i32.const 256) (i32.const 1) (i32.const 32))
    (local.set $n (i32.const 49))
    (if (i32.load8_u (i32.const 32))
      (then (if (i32.load (i32.const 40))
        (then (local.set $n (i32.add (i32.const 1) (i32.load8_u (i32.load (i32.const 36)))))))))
    (i32.store8 (i32.const 300) (local.get $n))
    (call $kv_set (i32.const 256) (i32.const 1) (i32.const 300) (i32.const 1) (i32.const 48))
    (if (i32.load8_u (i32.const 48))
      (then (return (call $err (i32.load (i32.const 52)) (i32.load (i32.const 56))))))
    (call $log (i32.const 2) (i32.const 300) (i32.const 1))
    (call $ok)",
        r#"(data (i32.const 256) "n")"#,
    )
}

/// Stores `bytes` zero bytes under a key named after the event; a refused `set` is its `err`.
pub(crate) fn kv_filler(bytes: u32) -> String {
    module(
        KV_SET,
        &format!(
            r"(local $value i32)
    (local.set $value (call $alloc (i32.const {bytes})))
    (call $kv_set (local.get $event) (local.get $event_len) (local.get $value) (i32.const {bytes})
      (i32.const 48))
    (if (i32.load8_u (i32.const 48))
      (then (return (call $err (i32.load (i32.const 52)) (i32.load (i32.const 56))))))
    (call $ok)"
        ),
        r"(func $alloc (param $size i32) (result i32)
    (local $ptr i32)
    (local.set $ptr (global.get $heap))
    (drop (memory.grow (i32.add (i32.const 1) (i32.shr_u (local.get $size) (i32.const 16)))))
    (global.set $heap (i32.mul (memory.size) (i32.const 65536)))
    (local.get $ptr))",
    )
}

/// Publishes its payload to `topic`; a refused publish is logged at `warn`, and the run is `ok`
/// (PRX's bus is fire-and-forget). Subscribed to `topic` itself, it recurses until the bus says
/// no.
pub(crate) fn nested_publisher(topic: &str) -> String {
    module(
        &[LOG, PUBLISH].join("\n  "),
        &format!(
            r"(call $publish (i32.const 256) (i32.const {len})
      (local.get $payload) (local.get $payload_len) (i32.const 32))
    (if (i32.load8_u (i32.const 32))
      (then (call $log (i32.const 3) (i32.load (i32.const 36)) (i32.load (i32.const 40)))))
    (call $ok)",
            len = topic.len()
        ),
        &format!(r#"(data (i32.const 256) "{}")"#, wat_bytes(topic)),
    )
}

/// PRX's `pdk/rust/examples/audit-hook`, re-written in WAT against the same WIT: per event it
/// increments the kv counters `count:<event>` and `count:total` (decimal text, as the PDK's
/// `kv::increment` stores an `i64`), logs `audit-hook: received event '<event>'` at debug and
/// `audit-hook: event='<event>' count=<n> total=<total>` at info, and every 100 events publishes
/// `{"total":<total>,"milestone":true}` to `prx.audit.milestone`. A failed increment is its
/// `err`, worded as the example words it. (Not ported: the example's `last_ts:` timestamp, which
/// needs a WASI clock the hook world does not import, and its per-tool counter.)
pub(crate) fn audit() -> String {
    let strings: &[(u32, &str)] = &[
        (256, "count:"),
        (272, "count:total"),
        (288, "prx.audit.milestone"),
        (320, "KV increment failed for '"),
        (352, "': "),
        (360, "audit-hook: event='"),
        (384, "' count="),
        (400, " total="),
        (416, "{\"total\":"),
        (432, ",\"milestone\":true}"),
        (464, "audit-hook: received event '"),
        (496, "'"),
        (512, "audit-hook: published milestone summary at total="),
    ];
    let data = strings
        .iter()
        .map(|(at, text)| format!(r#"(data (i32.const {at}) "{}")"#, wat_bytes(text)))
        .collect::<Vec<_>>()
        .join("\n  ");
    let len = |at: u32| strings.iter().find(|(a, _)| *a == at).unwrap().1.len();
    let helpers = audit_helpers(len(320));
    let body = format!(
        r#"(local $end i32) (local $key_len i32) (local $count i64) (local $total i64)
    ;; log::debug("audit-hook: received event '<event>'")
    (local.set $end (call $append (i32.const 2048) (i32.const 464) (i32.const {l464})))
    (local.set $end (call $append (local.get $end) (local.get $event) (local.get $event_len)))
    (local.set $end (call $append (local.get $end) (i32.const 496) (i32.const 1)))
    (call $log (i32.const 1) (i32.const 2048) (i32.sub (local.get $end) (i32.const 2048)))
    ;; count:<event>
    (local.set $end (call $append (i32.const 1024) (i32.const 256) (i32.const {l256})))
    (local.set $end (call $append (local.get $end) (local.get $event) (local.get $event_len)))
    (local.set $key_len (i32.sub (local.get $end) (i32.const 1024)))
    (local.set $count (call $increment (i32.const 1024) (local.get $key_len)))
    (if (i64.lt_s (local.get $count) (i64.const 0))
      (then (return (call $increment_failed (i32.const 1024) (local.get $key_len)))))
    ;; count:total
    (local.set $total (call $increment (i32.const 272) (i32.const {l272})))
    (if (i64.lt_s (local.get $total) (i64.const 0))
      (then (return (call $increment_failed (i32.const 272) (i32.const {l272})))))
    ;; log::info("audit-hook: event='<event>' count=<n> total=<total>")
    (local.set $end (call $append (i32.const 2048) (i32.const 360) (i32.const {l360})))
    (local.set $end (call $append (local.get $end) (local.get $event) (local.get $event_len)))
    (local.set $end (call $append (local.get $end) (i32.const 384) (i32.const {l384})))
    (local.set $end (call $format (local.get $end) (local.get $count)))
    (local.set $end (call $append (local.get $end) (i32.const 400) (i32.const {l400})))
    (local.set $end (call $format (local.get $end) (local.get $total)))
    (call $log (i32.const 2) (i32.const 2048) (i32.sub (local.get $end) (i32.const 2048)))
    ;; every 100 events: publish the milestone
    (if (i64.eqz (i64.rem_u (local.get $total) (i64.const 100)))
      (then
        (local.set $end (call $append (i32.const 3072) (i32.const 416) (i32.const {l416})))
        (local.set $end (call $format (local.get $end) (local.get $total)))
        (local.set $end (call $append (local.get $end) (i32.const 432) (i32.const {l432})))
        (call $publish (i32.const 288) (i32.const {l288})
          (i32.const 3072) (i32.sub (local.get $end) (i32.const 3072)) (i32.const 32))
        (local.set $end (call $append (i32.const 2048) (i32.const 512) (i32.const {l512})))
        (local.set $end (call $format (local.get $end) (local.get $total)))
        (call $log (i32.const 2) (i32.const 2048) (i32.sub (local.get $end) (i32.const 2048)))))
    (call $ok)"#,
        l464 = len(464),
        l256 = len(256),
        l272 = len(272),
        l360 = len(360),
        l384 = len(384),
        l400 = len(400),
        l416 = len(416),
        l432 = len(432),
        l288 = len(288),
        l512 = len(512),
    );
    module(
        &[LOG, KV_GET, KV_SET, PUBLISH].join("\n  "),
        &body,
        &format!("{helpers}\n  {data}"),
    )
}

/// The audit plugin's helpers: decimal parse and format, PDK-style `kv::increment`, and its error.
fn audit_helpers(failed_len: usize) -> String {
    r#"
  ;; decimal digits at $ptr → value (stops at the first non-digit)
  (func $parse (param $ptr i32) (param $len i32) (result i64)
    (local $n i64) (local $c i32)
    (block $done (loop $digit
      (br_if $done (i32.eqz (local.get $len)))
      (local.set $c (i32.sub (i32.load8_u (local.get $ptr)) (i32.const 48)))
      (br_if $done (i32.gt_u (local.get $c) (i32.const 9)))
      (local.set $n (i64.add (i64.mul (local.get $n) (i64.const 10)) (i64.extend_i32_u (local.get $c))))
      (local.set $ptr (i32.add (local.get $ptr) (i32.const 1)))
      (local.set $len (i32.sub (local.get $len) (i32.const 1)))
      (br $digit)))
    (local.get $n))
  ;; value → decimal digits at $dst; returns the end
  (func $format (param $dst i32) (param $n i64) (result i32)
    (local $p i32)
    (local.set $p (i32.const 3640))
    (loop $digit
      (local.set $p (i32.sub (local.get $p) (i32.const 1)))
      (i64.store8 (local.get $p) (i64.add (i64.const 48) (i64.rem_u (local.get $n) (i64.const 10))))
      (local.set $n (i64.div_u (local.get $n) (i64.const 10)))
      (br_if $digit (i64.ne (local.get $n) (i64.const 0))))
    (call $append (local.get $dst) (local.get $p) (i32.sub (i32.const 3640) (local.get $p))))
  ;; kv::increment(key, 1): the new value, or -1 when `set` failed (its error at 52/56)
  (func $increment (param $key i32) (param $key_len i32) (result i64)
    (local $n i64) (local $end i32)
    (call $kv_get (local.get $key) (local.get $key_len) (i32.const 32))
    (if (i32.load8_u (i32.const 32))
      (then (local.set $n (call $parse (i32.load (i32.const 36)) (i32.load (i32.const 40))))))
    (local.set $n (i64.add (local.get $n) (i64.const 1)))
    (local.set $end (call $format (i32.const 3584) (local.get $n)))
    (call $kv_set (local.get $key) (local.get $key_len)
      (i32.const 3584) (i32.sub (local.get $end) (i32.const 3584)) (i32.const 48))
    (if (i32.load8_u (i32.const 48)) (then (return (i64.const -1))))
    (local.get $n))
  ;; err("KV increment failed for '<key>': <error>")
  (func $increment_failed (param $key i32) (param $key_len i32) (result i32)
    (local $end i32)
    (local.set $end (call $append (i32.const 2048) (i32.const 320) (i32.const LEN320)))
    (local.set $end (call $append (local.get $end) (local.get $key) (local.get $key_len)))
    (local.set $end (call $append (local.get $end) (i32.const 352) (i32.const 3)))
    (local.set $end (call $append (local.get $end) (i32.load (i32.const 52)) (i32.load (i32.const 56))))
    (call $err (i32.const 2048) (i32.sub (local.get $end) (i32.const 2048))))"#
        .replace("LEN320", &failed_len.to_string())
}

/// A core module (not a component) with the hook export: what `check` must refuse.
pub(crate) fn core_module_file(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("core.wasm");
    std::fs::write(&path, wat::parse_str(ok()).unwrap()).unwrap();
    path
}

/// A component of a world that imports `log` and exports nothing.
pub(crate) fn component_without_hook(dir: &Path) -> PathBuf {
    build_component(
        dir,
        "bare.wasm",
        &format!(
            "(module {LOG} (memory (export \"memory\") 1)
               (func (export \"cabi_realloc\") (param i32 i32 i32 i32) (result i32) unreachable)
               (func (export \"run\") (call $log (i32.const 2) (i32.const 0) (i32.const 0))))"
        ),
        &["package hookrun:bare; world bare { import prx:host/log@0.1.0; export run: func(); }"],
        "hookrun:bare/bare",
    )
}

/// A hook component that also imports a WASI filesystem interface.
pub(crate) fn component_with_filesystem(dir: &Path) -> PathBuf {
    let core = module(
        r#"(import "wasi:filesystem/preopens@0.2.0" "get-directories" (func $dirs (param i32)))"#,
        "(call $dirs (i32.const 32)) (call $ok)",
        "",
    );
    build_component(
        dir,
        "plugin.wasm",
        &core,
        &[
            "package wasi:filesystem@0.2.0; interface preopens { get-directories: func() -> list<string>; }",
            "package hookrun:fs; world fs-hook { import wasi:filesystem/preopens@0.2.0; include prx:plugin/hook@0.1.0; }",
        ],
        "hookrun:fs/fs-hook",
    )
}

/// A component exporting `prx:plugin/hook-exports@0.1.0` whose `on-event` takes one string.
pub(crate) fn component_with_wrong_signature(dir: &Path) -> PathBuf {
    build_component_from(
        dir,
        "wrong.wasm",
        r#"(module (memory (export "memory") 1)
             (func (export "cabi_realloc") (param i32 i32 i32 i32) (result i32) unreachable)
             (func (export "prx:plugin/hook-exports@0.1.0#on-event") (param i32 i32) (result i32)
               (i32.const 16)))"#,
        &["package prx:plugin@0.1.0;
           interface hook-exports { on-event: func(event: string) -> result<_, string>; }
           world hook { export hook-exports; }"],
        "prx:plugin/hook@0.1.0",
    )
}
