"""``pse verify --since`` against a full run on a ~2,000-file tree after one changed file.

Run:  python bench/verify_since.py [--modules N] [--docs N] [--runs N]

Builds a synthetic git repository in a temporary folder: ``--modules`` Python modules
(a class with two methods and a function each) and ``--docs`` Markdown documents, each
naming about a dozen of those symbols and paths (the whole tree is ~2,000 files by
default). After a first full run (the caches warm, as in CI with the cache step) one
source file is changed (a method renamed) and, interleaved ``--runs`` times with the
verify cache cleared before each (the index cache kept):

- full:  ``pse verify docs --source . --format json --no-history``;
- since: the same with ``--since HEAD`` (the uncommitted change).

Printed: the minimum wall seconds of each, their ratio (the target is <= 0.10), and
what the since run flagged (the reference to the renamed method). ``--modules 1000
--docs 1000`` makes a tree of the same size whose cost is in its documents.

A real project instead: ``--project SDIST`` (a source archive that ships its docs,
e.g. from ``pip download sphinx --no-deps --no-binary :all:``), unpacked and committed,
``--docs-dir`` its documents' folder, and ``--edit FILE:OLD:NEW`` the one change (the
first ``OLD`` in ``FILE`` replaced by ``NEW``), e.g.
``--project sphinx-9.0.4.tar.gz --docs-dir doc
--edit "sphinx/application.py:def add_builder(:def add_builder_x("``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path


def build_tree(root: Path, *, modules: int, docs: int) -> None:
    """The synthetic project, committed."""
    package = root / "src" / "bench"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    for n in range(modules):
        (package / f"mod{n:04d}.py").write_text(
            f"class Thing{n}:\n    def fetch{n}(self):\n        return {n}\n\n"
            f"    def close{n}(self):\n        return None\n\n\ndef helper{n}(x):\n"
            f"    return x + {n}\n", encoding="utf-8")
    (root / "docs").mkdir()
    for d in range(docs):
        lines = [f"# Page {d}", ""]
        for k in range(4):
            n = (d * 7 + k * 13) % modules
            lines.append(f"Call `bench.mod{n:04d}.Thing{n}.fetch{n}()` and "
                         f"`bench.mod{n:04d}.helper{n}`, see `src/bench/mod{n:04d}.py`.")
        (root / "docs" / f"page{d:03d}.md").write_text("\n".join(lines) + "\n",
                                                       encoding="utf-8")
    (root / "pyproject.toml").write_text('[project]\nname = "bench"\n', encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "tree")


def unpack(archive: Path, root: Path) -> None:
    """A source archive's files in ``root`` (its top folder dropped), committed."""
    with tarfile.open(archive) as tar:
        tar.extractall(root.parent / "unpacked", filter="data")
    (top,) = (root.parent / "unpacked").iterdir()
    top.rename(root)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "tree")


def git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "b",
           "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x"}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def timed(command: list[str], root: Path, env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True,
                          check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", type=int, default=1_900)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--project", type=Path, default=None,
                        help="a source archive (.tar.gz) of a real project")
    parser.add_argument("--docs-dir", default="docs")
    parser.add_argument("--edit", default="src/bench/mod0007.py:fetch7(:fetch_seven(",
                        help="FILE:OLD:NEW, the one change made after the first run")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pse-since-"))
    try:
        root = work / "tree"
        if args.project is None:
            build_tree(root, modules=args.modules, docs=args.docs)
        else:
            unpack(args.project, root)
        env = {**os.environ, "XDG_CACHE_HOME": str(work / "cache")}
        env.pop("PSE_CACHE_DIR", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: compiled modules kept
        pse = [sys.executable, "-m", "pse", "verify", args.docs_dir, "--source", ".",
               "--format", "json", "--no-history"]
        cold, _ = timed(pse, root, env)  # warms the index cache, as CI's cache step would
        name, old, new = args.edit.split(":", 2)
        target = root / name
        text = target.read_text(encoding="utf-8")
        if old not in text:
            sys.exit(f"--edit: {old!r} is not in {name}")
        target.write_text(text.replace(old, new, 1), encoding="utf-8")
        full: list[float] = []
        since: list[float] = []
        flagged: set[str] = set()
        for _ in range(args.runs):
            shutil.rmtree(work / "cache" / "pse" / "verify", ignore_errors=True)
            full.append(timed(pse, root, env)[0])
            shutil.rmtree(work / "cache" / "pse" / "verify", ignore_errors=True)
            seconds, out = timed([*pse, "--since", "HEAD"], root, env)
            since.append(seconds)
            flagged = {r["name"] for r in json.loads(out)["references"]
                       if r["status"] == "unverified"}
        files = sum(1 for p in root.rglob("*") if p.is_file() and ".git" not in p.parts)
        shape = f"{args.project.name}, {args.edit}" if args.project else \
            f"{args.modules} modules, {args.docs} documents"
        print(f"tree: {files} files ({shape})")
        print(f"first full run (cold caches): {cold:.2f}s")
        print(f"full run after one change:    {min(full):.2f}s (min of {args.runs})")
        print(f"--since HEAD after the change: {min(since):.2f}s (min of {args.runs})")
        print(f"ratio since/full: {min(since) / min(full):.3f} (target <= 0.10)")
        print(f"since flagged: {sorted(flagged)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
