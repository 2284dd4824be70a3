"""Index speed: a real JavaScript tree (tree-sitter) beside the Python stdlib (ast).

Run:  python bench/index_speed.py [--js DIR] [--python DIR] [--workers N]

Defaults: the npm CLI's own ``node_modules`` as installed with Node.js (found from the
``npm`` on PATH) and this interpreter's standard library. Each tree is indexed with a cold
cache (a fresh cache folder) and the script prints, per tree: seconds, files parsed, MB
parsed, symbols, symbols/s and s/MB; then the JavaScript/Python ratio of s/MB (the target
is at most 3: JavaScript no more than 3x slower per MB than Python).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from pse.index.builder import build_index
from pse.index.treesitter import is_available


@dataclass(frozen=True)
class Run:
    """One cold indexing run."""

    label: str
    seconds: float
    files: int
    megabytes: float
    symbols: int

    @property
    def per_mb(self) -> float:
        """Seconds per MB parsed."""
        return self.seconds / self.megabytes if self.megabytes else float("nan")

    def line(self) -> str:
        """The report line of this run."""
        rate = self.symbols / self.seconds if self.seconds else float("nan")
        return (f"{self.label:<11} {self.seconds:7.2f} s  {self.files:5d} files  "
                f"{self.megabytes:6.1f} MB  {self.symbols:7d} symbols  "
                f"{rate:9.0f} symbols/s  {self.per_mb:6.3f} s/MB")


def npm_modules() -> Path | None:
    """``node_modules`` of the npm CLI installed with Node.js (None when npm is missing)."""
    npm = shutil.which("npm")
    if npm is None:
        return None
    folder = Path(os.path.realpath(npm)).parent.parent / "node_modules"
    return folder if folder.is_dir() else None


def index_cold(label: str, root: Path, *, languages: set[str], workers: int) -> Run:
    """Index ``root`` with an empty cache; count the bytes of the files parsed."""
    with tempfile.TemporaryDirectory(prefix="pse-bench-") as cache:
        start = time.perf_counter()
        index, stats = build_index(root, cache_dir=Path(cache), workers=workers)
        seconds = time.perf_counter() - start
        try:
            parsed = [path for path, (language, _) in index.files.items()
                      if language in languages]
            size = sum((root / path).stat().st_size for path in parsed)
            symbols = sum(1 for s in index.all_symbols()
                          if s.path.rsplit(".", 1)[-1] in _SUFFIXES[label])
        finally:
            index.close()
    return Run(label=label, seconds=seconds, files=len(parsed), megabytes=size / 1e6,
               symbols=symbols or stats.symbols)


_SUFFIXES = {"javascript": {"js", "mjs", "cjs", "jsx", "ts", "tsx"}, "python": {"py", "pyi"}}


def main(argv: list[str] | None = None) -> int:
    """Index both trees and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--js", type=Path, default=None, help="JavaScript tree (>= 300 files)")
    parser.add_argument("--python", type=Path,
                        default=Path(sysconfig.get_paths()["stdlib"]), help="Python tree")
    parser.add_argument("--workers", type=int, default=1,
                        help="parser processes for both trees (default 1: comparable)")
    args = parser.parse_args(argv)
    if not is_available():
        print("tree-sitter is not installed: pip install 'pse[treesitter]'", file=sys.stderr)
        return 2
    js_root = args.js or npm_modules()
    if js_root is None or not js_root.is_dir():
        print("no JavaScript tree: pass --js DIR (npm was not found)", file=sys.stderr)
        return 2
    js = index_cold("javascript", js_root, languages={"javascript", "typescript", "tsx"},
                    workers=args.workers)
    py = index_cold("python", args.python, languages={"python"}, workers=args.workers)
    print(f"javascript: {js_root}\npython:     {args.python}\nworkers:    {args.workers}")
    print(js.line())
    print(py.line())
    ratio = js.per_mb / py.per_mb
    print(f"JavaScript/Python time per MB: {ratio:.2f}x (target <= 3x): "
          f"{'ok' if ratio <= 3 else 'TOO SLOW'}")
    if js.files < 300:
        print(f"warning: only {js.files} JavaScript files (the figure wants >= 300)",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
