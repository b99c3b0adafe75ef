"""Writes link/fire.order: the functions a `fire` runs, for the linker to place side by side
(build.rs passes the file to LLD as --symbol-ordering-file), and link/fire.ld: the read-only data
those fires read (string constants, jump tables, glibc's tables), gathered by a linker script into
one output section before the rest of `.rodata`. Used by bench/order.

hookrun starts once per agent event, and most of an idle fire's time is the kernel mapping the
pages of code it touches (a minor fault each, with a 64 KiB read-around): spread over the whole
binary, the fire path touched ~45 such windows; packed together, a handful.

The functions are those callgrind sees run in hookrun's own process (not its hooks), in the
release binary as it ships (stripped: callgrind names each function by its address, and the
linker's map of that same link names what lies there), over the fires agents make: every bench
scenario's project (empty, 100 idle hooks in every dialect, 1 and 10 matching hooks in
hookrun.toml and Claude's settings, 10 000 hooks), each fired twice (the first loads the files and
writes the configuration cache, the second reads the cache), with the payload as a file and on
stdin, plain and in agents' output modes, allowing and denying; and, where perf can record page
faults, the code a warm native run of each faults in that valgrind's did not reach (glibc's
start-up, and the hook's process between `posix_spawn`'s vfork and its exec, which runs in
hookrun's memory).

The warm fires' functions are laid out by class of fire (CLASSES): every function an empty
project's fire runs, then what a fire running one hook adds, then ten hooks, then 100 idle hooks,
then 10 000; within a class, those more fires run first (ties by name). A fire then touches the
code of its own class and of the classes before it, packed, and nothing of those after: ordered by
popularity alone, the code only a few fires run (an empty project's note, the JSON answer that
the agents' output modes do not use) lay among the rest, and an empty project's fire touched 14
windows of code instead of 11. glibc's string functions come in one variant per instruction set
(IFUNC): beside each variant seen, its EVEX and AVX-512 variants, which valgrind's CPU never
picks. Then come those only the cold fires ran.

The data are those valgrind's lackey sees the warm fires load from `.rodata` (each one's input
section, named in the linker's map), ordered the same way: by class, then read by more fires
first. Spread over `.rodata`, an empty
project's fire touched 13 windows of 64 KiB of it (the kernel maps each whole, 16 pages); gathered,
a few.

Python standard library only.
"""

import bisect
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import gen  # noqa: E402
import instr  # noqa: E402

LD_HEADER = """\
/* The read-only data a `hookrun fire` reads, gathered before the rest of .rodata (build.rs: LLD's
   -T, which with INSERT adds to the default layout). Made by bench/order from lackey runs of the
   release build; a section that no longer exists matches nothing, so a stale file costs start-up
   time (bench/instructions counts page faults and fails), never correctness. */
"""

HEADER = """\
# The functions a `hookrun fire` runs, in the order the linker is to place them
# (build.rs: LLD's --symbol-ordering-file). Made by bench/order from callgrind runs of the
# release build; names that no longer exist are skipped by the linker, so a stale file costs
# start-up time (bench/instructions counts page faults and fails), never correctness.
"""


def map_entries(map_file):
    """The linker's map as (kind, output section, address, size, text) per entry, kind being
    "in" (an input section `file:(section)`) or "symbol". LLD's format: a header, then VMA, LMA,
    size and alignment, then an output section, an input section or a symbol, each starting at
    its own column of the header: `Out`, `In`, `Symbol`."""
    output = None
    with open(map_file, errors="replace") as f:
        header = f.readline()
        columns = {header.index("Out"): "out", header.index("In"): "in",
                   header.index("Symbol"): "symbol"}
        for line in f:
            words = line.split()
            if len(words) < 5 or not all(_is_hex(w) for w in words[:3]):
                continue
            column = len(line.rstrip()) - len(words[-1])
            kind = columns.get(column)
            if kind == "out":
                output = words[-1]
            elif kind:
                yield kind, output, int(words[0], 16), int(words[2], 16), line[column:].strip()


def text_symbols(map_file):
    """(sorted addresses, names, end) of the symbols the linker placed in `.text`, from its map;
    `end` is where the last of them ends."""
    symbols = {}
    end = 0
    for kind, output, address, size, name in map_entries(map_file):
        if kind == "symbol" and output == ".text":
            symbols.setdefault(address, name)
            end = max(end, address + size)
    addresses = sorted(symbols)
    return addresses, [symbols[a] for a in addresses], end


def _is_hex(word):
    try:
        int(word, 16)
        return True
    except ValueError:
        return False


def name_of(address, symbols):
    addresses, names, end = symbols
    i = bisect.bisect_right(addresses, address) - 1
    return names[i] if i >= 0 and address < end else None


def named(addresses, symbols):
    """The names of the functions `addresses` lie in, in order (addresses outside `.text`'s
    symbols are left out)."""
    names = (name_of(address, symbols) for address in addresses)
    return [name for name in names if name is not None]


def instructions(argv, env, stdin=None):
    """The addresses of the instructions callgrind saw run, in the order its output lists them
    (every executed instruction, so that code reached by a jump, such as a tail call, counts as
    much as code reached by a call)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        with open(stdin or os.devnull, "rb") as given:
            p = subprocess.run(
                ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no",
                 "--compress-strings=no", f"--callgrind-out-file={out}", "--", *argv],
                stdin=given, capture_output=True, env=env)
        if not os.path.exists(out):
            raise RuntimeError(f"callgrind wrote nothing for {argv}: {p.stderr[-600:]!r}")
        addresses = []
        with open(out, errors="replace") as f:
            for line in f:
                if line.startswith("0x"):
                    addresses.append(int(line.split(None, 1)[0], 16))
        return addresses


def perf_usable():
    if shutil.which("perf") is None:
        return False
    p = subprocess.run(["perf", "record", "-q", "-e", "page-faults", "-o", os.devnull, "true"],
                       capture_output=True)
    return p.returncode == 0


def faulting_code(argv, env, stdin=None):
    """The addresses of the code pages a warm native run faults in (perf: one sample per page
    fault whose address is the faulting instruction's own), the spawned hooks' included until
    their exec. Valgrind's run differs from a native one in a few places (glibc's start-up sets
    up the vDSO only natively; the code a hook's process runs in hookrun's memory between
    `posix_spawn`'s vfork and its exec is not traced): this catches what it misses. A first,
    unrecorded run writes the native executable's configuration cache."""
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        with open(stdin or os.devnull, "rb") as given:
            subprocess.run(argv, stdin=given, capture_output=True, env=env)
        with open(stdin or os.devnull, "rb") as given:
            subprocess.run(["perf", "record", "-q", "-e", "page-faults", "-c", "1", "-d", "-o", data,
                            "--", *argv], stdin=given, capture_output=True, env=env)
        p = subprocess.run(["perf", "script", "-i", data, "-F", "ip,addr"], capture_output=True,
                           text=True)
        addresses = []
        for line in p.stdout.splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == words[1]:
                addresses.append(int(words[0], 16))
        return addresses


def rodata_sections(map_file):
    """(sorted start addresses, [(start, size, linker-script pattern)]) of the input sections
    the linker placed in `.rodata`, from its map: those of `.rodata.fire` too, which a build
    with link/fire.ld already gathered (this file is remade from such a build)."""
    sections = []
    for kind, output, address, size, where in map_entries(map_file):
        read_only = output in (".rodata", ".rodata.fire")
        pattern = _pattern(where) if kind == "in" and read_only else None
        if pattern:
            sections.append((address, size, pattern))
    sections.sort()
    return [s[0] for s in sections], sections


def _pattern(where):
    """A linker-script input section description for the map's `file:(section)`: by name alone
    for a section named after its contents (`.rodata.<symbol>`, `.rodata..Lanon.<hash>.<n>`, and
    the merged constants and strings, `<internal>`), by archive member or file for a plain
    `.rodata` (a name every object's constants share)."""
    file, sep, section = where.rpartition(":(")
    if not sep or not section.endswith(")"):
        return None
    section = section[:-1]
    if file == "<internal>" or section != ".rodata":
        return f"*({section})"
    if file.endswith(")") and "(" in file:  # /usr/lib/.../libc.a(C-ctype.o)
        archive, _, member = file[:-1].rpartition("(")
        return f"*{os.path.basename(archive)}:{member}({section})"
    return f"*{os.path.basename(file)}({section})"


def data_loads(argv, env, stdin=None, low=0, high=0):
    """The addresses in [low, high) that lackey sees the run load or modify, in order."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "lackey.out")
        # Under each valgrind tool `/proc/self/exe` is another file, so the cache callgrind's
        # runs wrote is not valid here: a first, untraced run writes lackey's.
        for trace in ("no", "yes"):
            with open(stdin or os.devnull, "rb") as given:
                subprocess.run(["valgrind", "--tool=lackey", f"--trace-mem={trace}",
                                f"--log-file={out}", "--", *argv], stdin=given,
                               capture_output=True, env=env)
        if not os.path.exists(out):
            raise RuntimeError(f"lackey wrote nothing for {argv}")
        addresses = []
        with open(out, errors="replace") as f:
            for line in f:
                if line[:2] not in (" L", " M"):
                    continue
                address = int(line[3:].split(",", 1)[0], 16)
                if low <= address < high:
                    addresses.append(address)
        return addresses


# The classes of fire, in the order their code is laid out: an empty project's fire, a fire that
# runs one hook, ten hooks, one whose hooks all sit out (100 idle hooks), the 10 000-hook project.
# Each class's code comes after that of the classes before it, so that a fire of a class touches
# the code of its class and of those before it, packed, and none of the classes after it.
CLASSES = (("empty",), ("match-1", "match-1-claude", "deny"), ("match-10",), ("none-100",),
           ("big-10k-0", "big-10k-1"))


# What the hook's process runs of glibc between `posix_spawn`'s vfork and its exec: hookrun's code,
# in hookrun's memory, which no tool sees whole (valgrind does not trace the child; perf sees only
# the first fault in each window). Laid out with a fire that runs one hook.
SPAWN_CHILD = ("__spawni_child", "__pthread_sigmask", "__sigprocmask", "__libc_sigaction",
               "__sigaction", "__setpgid", "__setsid", "__dup2", "__chdir", "__open_nocancel",
               "__close_nocancel", "__execve", "_exit")


def class_of(project):
    """The rank of a profiled project's class in CLASSES (a project no class names: last)."""
    for rank, names in enumerate(CLASSES):
        if project in names:
            return rank
    return len(CLASSES)


def by_class(runs):
    """The items of `runs` ((project, items) per fire) by the first class of fire that meets
    them, then those more runs met first; ties by name, so that the order does not depend on
    where the profiled build happened to place them."""
    count, first = {}, {}
    for project, run in runs:
        rank = class_of(project)
        for item in set(run):
            count[item] = count.get(item, 0) + 1
            first[item] = min(first.get(item, rank), rank)
    return sorted(count, key=lambda item: (first[item], -count[item], item))


# glibc's string functions in one variant per instruction set, chosen at start-up by the CPU
# (IFUNC): `__strlen_avx2`, `__strlen_evex`, `__memmove_avx_unaligned_erms`, ...
VARIANT = re.compile(r"^__([a-z]+?(?:_l)?)_(?:sse2|ssse3|sse4_2|avx2|avx|evex|avx512)(?:_|$)")


def with_variants(order, names):
    """`order` with each glibc string function's EVEX and AVX-512 variants right after the first
    variant of its family that it lists. Valgrind's CPU has AVX2 and no AVX-512, so callgrind sees
    the AVX2 variants run; a machine with AVX-512 runs the EVEX ones (and perf, which sees them,
    only sees the first fault in each window of code)."""
    wider = {}
    for name in names:
        found = VARIANT.match(name)
        # Not the variants for transactional memory (RTM, off on most CPUs) or Xeon Phi.
        if found and ("_evex" in name or "_avx512" in name) and not (
                "_rtm" in name or "no_vzeroupper" in name):
            wider.setdefault(found.group(1), []).append(name)
    out, seen = [], set()
    for name in order:
        if name in seen:
            continue
        out.append(name)
        seen.add(name)
        found = VARIANT.match(name)
        for sibling in sorted(wider.get(found.group(1), ())) if found else ():
            if sibling not in seen:
                out.append(sibling)
                seen.add(sibling)
    return out


def write_data_order(sections, loads, ld_file):
    """Writes the linker script gathering the `.rodata` input sections that `loads` ((project,
    addresses) per fire) fall in, in the order of `by_class`."""
    starts, entries = sections

    def patterns(addresses):
        for address in addresses:
            i = bisect.bisect_right(starts, address) - 1
            if i >= 0 and address < entries[i][0] + entries[i][1]:
                yield entries[i][2]

    order = by_class([(project, list(patterns(run))) for project, run in loads])
    with open(ld_file + ".tmp", "w") as f:
        f.write(LD_HEADER)
        f.write("SECTIONS\n{\n  .rodata.fire : {\n")
        f.write("".join(f"    {pattern}\n" for pattern in order))
        f.write("  }\n}\nINSERT BEFORE .rodata;\n")
    os.replace(ld_file + ".tmp", ld_file)
    return len(order)


def fires(root):
    """(name, project, extra fire arguments, payload on stdin?, as an agent?) for every fire
    profiled. `as an agent`: the way an agent's settings start hookrun (what `hookrun install`
    writes): the user's configuration looked for, the project's hooks trusted in the trust store
    (not `--trust-project`); otherwise the bench's `--no-user-config --trust-project`."""
    projects = instr.projects(root)
    claude = os.path.join(root, "match-1-claude")
    gen.gen_matching(claude, "claude", gen.true_commands(1))
    projects["match-1-claude"] = (claude, 1)
    deny = os.path.join(root, "deny")
    gen.gen_matching(deny, "hookrun", ["echo no force pushes >&2; exit 2"])
    projects["deny"] = (deny, 1)
    out = []
    for name, (project, _) in sorted(projects.items()):
        out.append((name, project, (), False, False))
    for name in ("match-1-claude", "deny", "none-100", "empty"):
        project = projects[name][0]
        out.append((name, project, (), True, False))
        for agent in ("claude", "codex", "gemini"):
            out.append((name, project, ("--output", agent), True, True))
    return out


def main():
    hookrun, map_file, order_file, ld_file = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    symbols = text_symbols(map_file)
    rodata = rodata_sections(map_file)
    if not rodata[0]:
        sys.exit(f"bench/order: no .rodata input sections in the link map {map_file}")
    low, high = rodata[1][0][0], max(start + size for start, size, _ in rodata[1])
    loads = []
    if not symbols[0]:
        sys.exit(f"bench/order: no .text symbols in the link map {map_file}")
    known = set(symbols[1])
    runs, cold = [], []
    # The functions native runs faulted in, by project: kept across bench/order's passes in
    # this file when it is given (a fifth argument).
    native = {}
    native_file = sys.argv[5] if len(sys.argv) > 5 else None
    perf = perf_usable()
    if not perf:
        print("bench/order: perf cannot record page faults here: the order is callgrind's alone",
              file=sys.stderr)
    with tempfile.TemporaryDirectory() as root:
        payload = os.path.join(root, "payload-1k.json")
        gen.write(payload, gen.payload_1k())
        for i, (name, project, extra, on_stdin, agent) in enumerate(fires(root)):
            env = instr.isolated_env(os.path.join(root, f"cache-{i}"))
            if agent:
                home = os.path.join(root, f"home-{i}")
                os.makedirs(home)
                env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                           XDG_STATE_HOME=os.path.join(home, ".local/state"))
                subprocess.run([hookrun, "-C", project, "trust", "--yes"], env=env,
                               capture_output=True, check=True)
                flags = []
            else:
                flags = ["--no-user-config", "--trust-project"]
            argv = [hookrun, "-C", project, *flags, "fire", instr.EVENT, *extra]
            stdin = payload if on_stdin else None
            if not on_stdin:
                argv += ["--payload", payload]
            cold += instructions(argv, env, stdin)
            run = named(instructions(argv, env, stdin), symbols)
            if perf:
                faulted = named(faulting_code(argv, env, stdin), symbols)
                run += faulted
                native.setdefault(name, set()).update(faulted)
            runs.append((name, run))
            # The 10 000-hook project's first load under lackey takes minutes: its warm fire
            # reads what the others read, and its own groups (checksummed bytes, not .rodata).
            if not name.startswith("big-10k"):
                loads.append((name, data_loads(argv, env, stdin, low, high)))
            print(f"bench/order: profiled {name} {' '.join(extra)}{' (stdin)' if on_stdin else ''}"
                  f"{' (as an agent)' if agent else ''}", file=sys.stderr)
        runs.append(("match-1", [name for name in SPAWN_CHILD if name in known]))
    if native_file:
        # What earlier passes saw fault: once laid out, a function shares a window with others
        # and faults no more, but its fire still runs it.
        earlier = {}
        if os.path.exists(native_file):
            with open(native_file) as f:
                for line in f:
                    project, _, function = line.rstrip("\n").partition("\t")
                    if function in known:
                        earlier.setdefault(project, set()).add(function)
        runs += [(project, sorted(functions)) for project, functions in earlier.items()]
        for project, functions in earlier.items():
            native.setdefault(project, set()).update(functions)
        with open(native_file, "w") as f:
            f.writelines(f"{project}\t{function}\n" for project in sorted(native)
                         for function in sorted(native[project]))
    order = with_variants(by_class(runs), symbols[1])
    seen = set(order)
    for name in named(cold, symbols):
        if name not in seen:
            seen.add(name)
            order.append(name)
    with open(order_file + ".tmp", "w") as f:
        f.write(HEADER)
        f.write("\n".join(order) + "\n")
    os.replace(order_file + ".tmp", order_file)
    print(f"bench/order: {len(order)} functions written to {order_file}", file=sys.stderr)
    gathered = write_data_order(rodata, loads, ld_file)
    print(f"bench/order: {gathered} read-only data sections written to {ld_file}", file=sys.stderr)


if __name__ == "__main__":
    main()
