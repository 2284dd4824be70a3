"""``pse verify`` outputs, saved once and compared byte for byte after a change.

Run:  python bench/verify_identity.py save DIR      # before the change
      python bench/verify_identity.py compare DIR   # after it: exit 1 on any difference

Cases: every article of refbench (``corpus/dev``, ``corpus/llm-dev`` — the articles
llmclaims scores — and ``corpus/speed``) and claimbench (``corpus/dev``) against its
refbench tree, and every realdocs project (its ``doc``/``docs`` folder and README against
the unpacked sdist), as the shared scorers run them (``--format json``, exit 0 or 1).

Each case runs cold (a fresh cache folder), then warm twice in that folder: the same
documents, and then with one line appended to the first document (which must differ
from cold only by that line's references). Cold and warm outputs must be identical;
``save`` stores the cold output and exit code, ``compare`` checks them against it.
``--src`` runs another checkout's code (the baseline's). Runs go from a fixed working
folder (display paths depend on it), ``--jobs`` at a time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(os.environ.get("PSE_SHARED_BENCH", "/work/shared/bench"))
WORK = Path(os.environ.get("REFBENCH_WORK", "/tmp/refbench-work"))
REALDOCS = Path(os.environ.get("REALDOCS_WORK", "/tmp/realdocs-dev"))
REALDOCS_PROJECTS = ("itsdangerous-2.2.0", "structlog-24.4.0", "trio-0.26.2",
                     "cattrs-23.2.3", "pytest-8.3.3")


@dataclass(frozen=True)
class Case:
    """One scorer run: its name (a file name below the output folder) and arguments."""

    name: str
    documents: tuple[str, ...]
    source: str


def article_cases() -> list[Case]:
    """refbench's and claimbench's articles, each against its tree."""
    cases: list[Case] = []
    folders = [("refbench", SHARED / "refbench" / "corpus" / split)
               for split in ("dev", "llm-dev", "speed")]
    folders.append(("claimbench", SHARED / "claimbench" / "corpus" / "dev"))
    for bench, folder in folders:
        for article in sorted(folder.rglob("*.md")):
            labels = article.with_suffix(".labels.json")
            source = "trees/stdlib" if article.parent.name == "speed" else \
                f"trees/{article.parent.name}"
            if labels.is_file():
                source = json.loads(labels.read_text(encoding="utf-8")).get("source", source)
            name = f"{bench}--{article.relative_to(folder.parent).as_posix().replace('/', '--')}"
            cases.append(Case(name, (str(article),), str(WORK / source)))
    return cases


def realdocs_cases() -> list[Case]:
    """The realdocs projects, their docs as ``realdocs/score.py`` passes them."""
    cases: list[Case] = []
    for project in REALDOCS_PROJECTS:
        root = REALDOCS / project
        if not root.is_dir():
            continue
        docs = root / ("doc" if (root / "doc").is_dir() else "docs")
        readmes = [root / f for f in sorted(os.listdir(root)) if f.startswith("README")]
        cases.append(Case(f"realdocs--{project}", (str(docs), *map(str, readmes)), str(root)))
    return cases


def run_case(case: Case, *, cwd: Path, src: Path, cold_only: bool = False) -> dict[str, object]:
    """Cold, warm and edited-warm outputs of one case (fresh cache folder)."""
    with tempfile.TemporaryDirectory(prefix="pse-identity-") as temp:
        env = {**os.environ, "PSE_CACHE_DIR": temp,
               "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        base = [sys.executable, "-m", "pse", "verify"]
        tail = ["--source", case.source, "--format", "json"]
        runs = [subprocess.run([*base, *case.documents, *tail], capture_output=True, env=env,
                               cwd=cwd, check=False) for _ in range(1 if cold_only else 2)]
        if cold_only:
            runs.append(runs[0])  # no warm run to compare
        edited = cold_only or _edited_run(case, base=base, tail=tail, env=env, cwd=cwd,
                                          temp=Path(temp))
    return {"rc": runs[0].returncode, "out": runs[0].stdout.decode("utf-8", "replace"),
            "warm_same": runs[0].stdout == runs[1].stdout
            and runs[0].returncode == runs[1].returncode,
            "edited_same": edited, "stderr": runs[0].stderr.decode("utf-8", "replace")[-400:]}


def _edited_run(case: Case, *, base: list[str], tail: list[str], env: dict[str, str],
                cwd: Path, temp: Path) -> bool:
    """Whether a warm run over an edited copy of the first document answers the kept
    references as a cold run over that copy does (the memo must be exact)."""
    first = Path(case.documents[0])
    if not first.is_file():
        return True
    copy = temp / "edited" / first.name
    copy.parent.mkdir()
    copy.write_text(first.read_text(encoding="utf-8") +
                    "\nEdited line: see `json.loads()` and `os.path.join`.\n",
                    encoding="utf-8")
    argv = [*base, str(copy), *tail]
    warm = subprocess.run(argv, capture_output=True, env=env, cwd=cwd, check=False)
    cold_env = {**env, "PSE_CACHE_DIR": str(temp / "cold")}
    cold = subprocess.run(argv, capture_output=True, env=cold_env, cwd=cwd, check=False)
    return warm.stdout == cold.stdout and warm.returncode == cold.returncode


def main(argv: list[str] | None = None) -> int:
    """Save or compare every case's output."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("save", "compare"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run only cases whose name contains this")
    parser.add_argument("--cold-only", action="store_true",
                        help="one cold run per case (no warm and edited runs)")
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src",
                        help="the pse sources to run (default: this checkout's)")
    args = parser.parse_args(argv)
    if not (WORK / "trees").is_dir():
        print(f"missing {WORK / 'trees'}: run refbench's setup_targets.sh", file=sys.stderr)
        return 2
    cases = [c for c in [*article_cases(), *realdocs_cases()] if args.only in c.name]
    cwd = Path(tempfile.gettempdir())
    args.folder.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda case: run_case(case, cwd=cwd, src=args.src,
                                                cold_only=args.cold_only), cases))
    failures = 0
    for case, result in zip(cases, results, strict=True):
        failures += _record(args.mode, args.folder / f"{case.name}.json", case, result)
    print(f"{len(cases)} cases, {failures} differ"
          f"{' (realdocs missing: run realdocs/setup.sh)' if not realdocs_cases() else ''}")
    return 1 if failures else 0


def _record(mode: str, path: Path, case: Case, result: dict[str, object]) -> int:
    """Store (save) or check (compare) one case; 1 when it differs."""
    problems = []
    if result["rc"] not in (0, 1):
        problems.append(f"exit {result['rc']}: {result['stderr']}")
    if not result["warm_same"]:
        problems.append("warm output differs from cold")
    if not result["edited_same"]:
        problems.append("edited warm output differs from a cold run of the edit")
    kept = {"rc": result["rc"], "out": result["out"]}
    if mode == "save":
        path.write_text(json.dumps(kept), encoding="utf-8")
    elif not path.is_file():
        problems.append("no saved output")
    elif json.loads(path.read_text(encoding="utf-8")) != kept:
        problems.append("output differs from the saved one")
        shutil.copyfile(path, path.with_suffix(".before"))
        path.with_suffix(".after").write_text(json.dumps(kept), encoding="utf-8")
    for problem in problems:
        print(f"{case.name}: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
