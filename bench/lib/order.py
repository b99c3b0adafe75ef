"""Writes link/fire.order: the functions a `fire` runs, for the linker to place side by side
(build.rs passes the file to LLD as --symbol-ordering-file), and link/fire.ld: the read-only data
those fires read (string constants, jump tables, glibc's tables), gathered by a linker script into
one output section before the rest of `.rodata`. Used by bench/order.

hookrun starts once per agent event, and most of an idle fire's time is the kernel mapping the
pages of code it touches (a minor fault each, with a 64 KiB read-around): spread over the whole
binary, the fire path touched ~45 such windows; packed together, a handful.

The functions are those callgrind sees run in hookrun's own process (not its hooks), in the
release binary as it ships (stripped: callgrind names each function by its address, and the
linker's map of that same link names what lies there), over the fires agents make: every bench scenario's project (empty, 100 idle hooks in every dialect, 1 and
10 matching hooks in hookrun.toml and Claude's settings, 10 000 hooks), each fired twice (the
first loads the files and writes the configuration cache, the second reads the cache), with the
payload as a file and on stdin, plain and in agents' output modes, allowing and denying.
Functions of the warm fires come first, those that more of the fires run before those that fewer
do (ties by name): the code every fire runs (start-up, the
command line, the cache, the answer) lies packed at the front, so that an empty project's fire
touches its few windows and no window of code only a fire that runs hooks needs. Then come those
only the cold fires ran; then, where perf can record page faults, code that faulted in native runs
of the same fires and that valgrind's runs did not reach.

The data are those valgrind's lackey sees the warm fires load from `.rodata` (each one's input
section, named in the linker's map), ordered the same way: read by more fires first. Spread over `.rodata`, an empty
project's fire touched 13 windows of 64 KiB of it (the kernel maps each whole, 16 pages); gathered,
a few.

Python standard library only.
"""

import bisect
import os
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
    """(sorted addresses, names) of the symbols the linker placed in `.text`, from its map."""
    symbols = {}
    for kind, output, address, _, name in map_entries(map_file):
        if kind == "symbol" and output == ".text":
            symbols.setdefault(address, name)
    addresses = sorted(symbols)
    return addresses, [symbols[a] for a in addresses]


def _is_hex(word):
    try:
        int(word, 16)
        return True
    except ValueError:
        return False


def name_of(address, symbols):
    addresses, names = symbols
    i = bisect.bisect_right(addresses, address) - 1
    return names[i] if i >= 0 else None


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
    """The addresses of the code pages a native run faults in (perf: one sample per page fault
    whose address is the faulting instruction's own). Valgrind's run differs from a native one
    in a few places (glibc's start-up sets up the vDSO only natively): this catches what it
    misses."""
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
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


def by_popularity(runs):
    """The items of `runs` (one list per fire), those more runs met first; ties by name, so that
    the order does not depend on where the profiled build happened to place them."""
    count = {}
    for run in runs:
        for item in set(run):
            count[item] = count.get(item, 0) + 1
    return sorted(count, key=lambda item: (-count[item], item))


def write_data_order(sections, loads, ld_file):
    """Writes the linker script gathering the `.rodata` input sections that `loads` (one list of
    addresses per fire) fall in, those more fires read first."""
    starts, entries = sections

    def patterns(addresses):
        for address in addresses:
            i = bisect.bisect_right(starts, address) - 1
            if i >= 0 and address < entries[i][0] + entries[i][1]:
                yield entries[i][2]

    order = by_popularity([list(patterns(run)) for run in loads])
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
    warm, cold, native = [], [], []
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
            warm.append(named(instructions(argv, env, stdin), symbols))
            # The 10 000-hook project's first load under lackey takes minutes: its warm fire
            # reads what the others read, and its own groups (checksummed bytes, not .rodata).
            if not name.startswith("big-10k"):
                loads.append(data_loads(argv, env, stdin, low, high))
            if perf:
                native += faulting_code(argv, env, stdin)
            print(f"bench/order: profiled {name} {' '.join(extra)}{' (stdin)' if on_stdin else ''}"
                  f"{' (as an agent)' if agent else ''}", file=sys.stderr)
    order = by_popularity(warm)
    seen = set(order)
    for name in named(cold, symbols) + named(native, symbols):
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
