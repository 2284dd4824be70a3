"""Held-out denial-of-service and odd-name inputs, written before the fixes they probe.

    PYTHONPATH=src python bench/bounds_heldout.py [--timeout 20]

Variants of the attacks the tests grow from, on other patterns, other device links, other
depths and other odd names: each case builds a small hostile tree in a temporary folder and
runs one pse entry point on it in a child process with a wall-clock timeout. A case passes
when the child ends in time with exit code 0, 1 or 2, no Python traceback and (for the
tools) a result that encodes as strict UTF-8. No test names these cases, so fitting them
would show here as a gap, not as green in the suite. The last line is the summary; the exit
code is 1 if any case failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

Builder = Callable[[Path], None]

_TOOL_SCRIPT = """
import json, sys
from pse.tools import Sandbox, ToolSettings, call_tool
settings = ToolSettings(isolation=sys.argv[2])
box = Sandbox([sys.argv[1]], settings=settings)
out = call_tool(box, sys.argv[3], json.loads(sys.argv[4]))
out.encode("utf-8")
json.dumps({"content": out}, ensure_ascii=False).encode("utf-8")
print(out[:300])
"""


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _docs(root: Path) -> None:
    _write(root, {"pkg/__init__.py": "def run():\n    pass\n",
                  "docs/a.md": "# A\n\nCall `run()` from `pkg/__init__.py`.\n"})


def _ignore(pattern: str, name_len: int) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        _write(root, {".gitignore": pattern + "\n", "docs/.gitignore": pattern + "\n",
                      "a" * name_len: "x\n"})
    return build


def _link(rel: str, target: str) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, root / rel)
    return build


def _fifo(rel: str) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(root / rel)
    return build


def _sparse(rel: str, size: int) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        with open(root / rel, "wb") as handle:
            handle.truncate(size)
    return build


def _deep(depth: int, name: str) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        fd = os.open(root, os.O_RDONLY)
        try:  # relative mkdir per level: the full path is longer than PATH_MAX
            for _ in range(depth):
                os.mkdir(name, dir_fd=fd)
                nxt = os.open(name, os.O_RDONLY, dir_fd=fd)
                os.close(fd)
                fd = nxt
            with open(os.open("deep.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as f:
                f.write("# deep\n\n`run()`\n")
        finally:
            try:
                os.close(fd)
            except OSError:
                pass
    return build


def _raw_names(names: list[bytes]) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        for raw in names:
            path = os.fsencode(root) + b"/" + raw
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(b"# odd\n\nSee `run()` and [x](" + os.path.basename(raw) + b").\n")
    return build


def _text(rel: str, text: str) -> Builder:
    def build(root: Path) -> None:
        _docs(root)
        _write(root, {rel: text})
    return build


def _nested_md(depth: int) -> str:
    return "".join("  " * i + "- item\n" for i in range(depth)) + "> " * depth + "quote\n"


def cases() -> Iterator[tuple[str, Builder, list[str]]]:
    """(name, tree builder, what to run: ``verify``, ``facts``, or ``tool:NAME:ARGS``)."""
    every = ["verify", "tool:grep:{\"pattern\": \"run\"}", "tool:list_dir:{\"path\": \".\"}"]
    yield "ignore ?-star chain", _ignore("?*?*?*?*?*?*?*?*?*?*?*?*b", 60), every
    yield "ignore bracket chain", _ignore("[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*c", 60), every
    yield "ignore deep double-star", _ignore("**/" * 12 + "a*a*a*a*a*a*c", 60), every
    yield "ignore 200k-char line", _ignore("*a" * 100_000 + "b", 60), every
    yield "ignore 100k lines", _text(".gitignore", "".join(f"p{i}*q*r*s\n" for i in range(100_000))
                                      ), every
    yield "link .gitignore to /dev/urandom", _link(".gitignore", "/dev/urandom"), every
    yield "link docs/.gitignore to /dev/zero", _link("docs/.gitignore", "/dev/zero"), every
    yield "fifo pyproject.toml", _fifo("pyproject.toml"), ["verify", "facts"]
    yield "fifo docs/.gitignore", _fifo("docs/.gitignore"), every
    yield "link package.json to /dev/zero", _link("package.json", "/dev/zero"), ["facts"]
    yield "sparse setup.cfg 2 GiB", _sparse("setup.cfg", 2 << 30), ["facts", "verify"]
    yield "sparse .git/HEAD 2 GiB", _sparse(".git/HEAD", 2 << 30), every + ["facts"]
    yield "sparse docs/big.md 2 GiB", _sparse("docs/big.md", 2 << 30), ["verify"]
    yield "fifo setup.py", _fifo("setup.py"), ["facts"]
    yield "setup.py 50k nested lists", _text("setup.py", "x = " + "[" * 50_000 + "]" * 50_000
                                             ), ["facts"]
    yield "setup.py 20k nested calls", _text("setup.py", "setup(" * 20_000 + ")" * 20_000
                                             ), ["facts"]
    yield "tree 1500 deep", _deep(1500, "d"), every + ["facts", "tool:run_command:"
                                                        "{\"argv\": [\"ls\", \"-R\"]}"]
    yield "tree 3000 deep, long names", _deep(3000, "n" * 40), every
    yield "non-utf8 names", _raw_names([b"docs/\xff\xfe.md", b"pkg/caf\xe9.py",
                                        b"docs/\xed\xa0\x80sur.md"]), every
    yield "link doc to /etc/hostname", _link("docs/host.md", "/etc/hostname"), [
        "verify", "verify-html"]
    yield "rst 60k backtick-colon", _text("docs/r.rst", ":`" * 60_000 + "\n"), ["verify"]
    yield "rst 80k colons", _text("docs/r.rst", ":a" * 80_000 + "\n"), ["verify"]
    yield "rst 5000 nested directives", _text(
        "docs/r.rst", "".join("   " * i + ".. note::\n\n" for i in range(5000))), ["verify"]
    yield "md 3000 nested lists/quotes", _text("docs/n.md", _nested_md(3000)), ["verify"]
    yield "md 50k backticks", _text("docs/b.md", "`" * 50_000 + "x\n" + "``a" * 20_000 + "\n"
                                    ), ["verify"]
    yield "md 30k brackets", _text("docs/l.md", "[" * 30_000 + "x" + "](" * 30_000 + "\n"
                                   ), ["verify"]


def _argv(step: str, root: Path, isolation: str) -> list[str]:
    py = sys.executable
    if step == "verify":
        return [py, "-m", "pse", "verify", str(root), "--source", str(root), "--format", "json"]
    if step == "verify-html":
        return [py, "-m", "pse", "verify", str(root / "docs"), "--source", str(root),
                "--format", "html"]
    if step == "facts":
        return [py, "-m", "pse", "index", str(root), "--facts"]
    _, tool, args = step.split(":", 2)
    return [py, "-c", _TOOL_SCRIPT, str(root), isolation, tool, args]


def _check(name: str, step: str, argv: list[str], timeout: float) -> str | None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).resolve().parents[1] / "src"), os.environ.get("PYTHONPATH", "")])}
    started = time.monotonic()
    try:
        done = subprocess.run(argv, capture_output=True, timeout=timeout, env=env, check=False)
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout} s"
    took = time.monotonic() - started
    err = done.stderr.decode("utf-8", "replace")
    out = done.stdout.decode("utf-8", "replace")
    if done.returncode not in (0, 1, 2):
        return f"exit {done.returncode}: {err.strip()[-300:]}"
    if "Traceback" in err or "internal error" in err.lower():
        return f"traceback/internal error: {err.strip()[-300:]}"
    if step == "verify-html" and "root:" in out:
        return "html report shows a file outside the tree"
    return None if took < timeout else "too slow"


def main() -> int:
    """Run every held-out case in each isolation mode; print failures and a summary."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=20.0)
    options = parser.parse_args()
    failed = total = 0
    for name, build, steps in cases():
        with tempfile.TemporaryDirectory(prefix="pse-heldout-") as folder:
            root = Path(folder) / "repo"
            root.mkdir()
            build(root)
            for step in steps:
                modes = ["auto", "none"] if step.startswith("tool:") else ["auto"]
                for mode in modes:
                    total += 1
                    problem = _check(name, step, _argv(step, root, mode), options.timeout)
                    label = f"{name} / {step.split(':')[0:2]} / {mode}"
                    if problem:
                        failed += 1
                        print(f"FAIL {label}: {problem}", flush=True)
                    else:
                        print(f"ok   {label}", flush=True)
            _unlink_deep(root)
    print(f"held-out bounds cases: {total - failed}/{total} passed, {failed} failed")
    return 1 if failed else 0


def _unlink_deep(root: Path) -> None:
    """Remove a tree too deep for shutil.rmtree's path strings."""
    subprocess.run(["rm", "-rf", "--", str(root)], check=False, capture_output=True)


if __name__ == "__main__":
    sys.exit(main())
