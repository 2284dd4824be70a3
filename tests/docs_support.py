"""The docs test's reading of the documented commands, and running them as a reader would.

A page's commands run in order, each as ``python -m pse ...`` in a throw-away workspace:
a copy of what they name from the repository (the whole checkout when one names ``.``
as its source, else README.md, docs/ and examples/) plus stand-ins for the reader's own
files, made from the bundled examples or from an earlier command's output:

- ``cv.md``, ``cv.txt``, ``jd.md``, ``job.md``, ``cv.zh.md``, ``jd.zh.md``: copies of
  ``examples/resume``; ``notes.md``: the English CV's projects (a second source of the
  same person's facts); ``notes/``: the Chinese job description as notes on what to stress;
- ``projects.json``: the bundled ``examples/projects.json``, its source made relative to
  the workspace root;
- ``tailored.md``, ``resume.md``: the resume the page's latest ``pse resume`` published;
- a file a console block shows with ``$ cat FILE``: exactly what the page shows.

``runs/<run-id>`` becomes the run folder the page's latest run made. Model commands reach
the server named by ``OPENAI_BASE_URL``; ``pse serve-local`` runs on a free port until
``/v1/models`` answers, then is stopped by PID.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest

import pse
from pse.cli.main import cli
from pse.cli.tasks import task_command
from pse.llm.serve import free_port
from pse.tasks import BUILTIN_TASKS
from serve_support import serve_local

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
ILLUSTRATIVE = "# illustrative"
"""A documented command with this comment is not run (it cannot run here)."""
ILLUSTRATIVE_ALLOWED: frozenset[str] = frozenset()
"""The documented commands allowed to be illustrative: none, every one runs."""

_FENCE = re.compile(r"^(```|~~~)(\w*)[^\n]*\n(.*?)^\1", re.S | re.M)
_SHELLS = ("bash", "sh", "shell", "console")
_REPO_TREE = (".ci", ".pre-commit-hooks.yaml", "CHANGELOG.md", "README.md", "action.yml",
              "bench", "docs", "examples", "pyproject.toml", "src", "tests")
"""A checkout of the repository: what ``--source .`` reads (its tests and bench define
names the docs mention)."""
_DOCS_TREE = ("README.md", "docs", "examples")
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*_cache", "*.egg-info", "runs")
_RESUME = ROOT / "examples" / "resume"
_COPIES = {"cv.md": "cv.en.md", "cv.txt": "cv.en.md", "jd.md": "jd.en.md",
           "job.md": "jd.en.md", "cv.zh.md": "cv.zh.md", "jd.zh.md": "jd.zh.md"}
_PUBLISHED = ("tailored.md", "resume.md")
_OUTPUTS = frozenset({"output_file", "out_dir", "write_baseline", "cache_folder"})
_RUNS = frozenset({"article", "resume", "run", "continue"})
_SITE = Path(__file__).parent / "offline_site"
_TIMEOUT_S = 180


def _shell_blocks(doc: Path) -> Iterator[list[str]]:
    for match in _FENCE.finditer(doc.read_text(encoding="utf-8")):
        if match.group(2) in _SHELLS:
            yield [line.strip() for line in match.group(3).splitlines()]


def documented_commands() -> list[tuple[str, str]]:
    """(page, command line) for every `pse ...` line in a shell block of the docs."""
    return [(doc.relative_to(ROOT).as_posix(), line.removeprefix("$ "))
            for doc in DOCS for block in _shell_blocks(doc) for line in block
            if line.removeprefix("$ ").startswith("pse ")]


def shown_files(page: str) -> dict[str, str]:
    """The files a page shows with ``$ cat FILE`` in a shell block, with what it shows."""
    shown: dict[str, str] = {}
    for block in _shell_blocks(ROOT / page):
        for i, line in enumerate(block):
            if line.startswith("$ cat "):
                body = []
                for rest in block[i + 1:]:
                    if rest.startswith("$ "):
                        break
                    body.append(rest)
                shown[line.removeprefix("$ cat ").strip()] = "\n".join(body) + "\n"
    return shown


def is_illustrative(line: str) -> bool:
    """Whether a documented command is marked as not runnable."""
    return ILLUSTRATIVE in line


def argv_of(line: str) -> list[str]:
    """The arguments after `pse`, without a trailing comment or redirection."""
    words = shlex.split(line, comments=True)
    cut = next((i for i, w in enumerate(words) if w in ("|", ">", "&&", ";")), len(words))
    return words[1:cut]


def resolve(argv: list[str]) -> tuple[click.Command, list[str], list[str]]:
    """The click command an argv names, its path, and the arguments left for it."""
    command: click.Command = cli
    path: list[str] = []
    rest = list(argv)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        sub = command.get_command(click.Context(command), rest[0])
        assert sub is not None, f"no command {' '.join([*path, rest[0]])!r}"
        command, path, rest = sub, [*path, rest.pop(0)], rest
    if path == ["run"] and rest:  # `pse run TASK ...`: the task's own options
        task = rest.pop(0)
        command, path = task_command(task, builtin=task in BUILTIN_TASKS), [*path, task]
    return command, path, rest


def path_arguments(argv: list[str]) -> tuple[list[Path], dict[str, Path]]:
    """The files and folders a command line reads, and those it writes (by parameter)."""
    command, path, rest = resolve(argv)
    params = command.make_context(" ".join(path), list(rest), resilient_parsing=True).params
    given = {Path(word) for word in rest}
    reads: list[Path] = []
    writes: dict[str, Path] = {}
    for param in command.params:
        value = params.get(param.name or "")
        values = value if isinstance(value, tuple) else (value,)
        if not isinstance(param.type, click.Path):
            continue
        for item in (v for v in values if isinstance(v, Path)):
            if param.name in _OUTPUTS:
                writes[param.name] = item
            elif item in given:
                reads.append(item)
    return reads, writes


def make_workspace(lines: list[str], target: Path) -> Path:
    """A copy of what the commands name: the checkout when one reads ``.``, else the docs
    and examples."""
    whole = any(Path(".") in path_arguments(argv_of(line))[0] for line in lines)
    target.mkdir(parents=True)
    for name in _REPO_TREE if whole else _DOCS_TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=_SKIP)
        elif source.is_file():
            shutil.copy2(source, target / name)
    return target


def page_env(base_url: str, *, cache: Path, blocked: Path) -> dict[str, str]:
    """The environment of a reader who pointed pse at a hosted model (``OPENAI_*``) and
    its embeddings endpoint (``EMBEDDING_BASE_URL``: the local embedding model costs
    seconds per process on a small CPU), with a fresh cache and no cached answers, offline
    but for loopback."""
    paths = [str(_SITE), str(Path(pse.__file__).parents[1]), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "test-key",
            "OPENAI_MODEL": "scripted-model", "EMBEDDING_BASE_URL": base_url,
            "PSE_CACHE_DIR": str(cache),
            "PSE_LLM_CACHE": "0", "DOCS_TEST_BLOCKED_LOG": str(blocked),
            "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


class Session:
    """One page's commands, run in order in one workspace."""

    def __init__(self, page: str, *, workspace: Path, env: dict[str, str],
                 requests: Callable[[], int]) -> None:
        self.page, self.workspace, self.env, self.requests = page, workspace, env, requests
        self.shown = shown_files(page)
        self.runs: list[Path] = []
        """Run folders made by the page's commands, oldest first."""
        self.resumes: list[Path] = []
        """Resumes published by the page's ``pse resume`` runs, oldest first."""
        self.skipped: list[str] = []

    def run(self, line: str) -> None:
        """Run one documented command line and check what it says it did."""
        argv = [self._substitute(word, line) for word in argv_of(line)]
        reads, writes = path_arguments(argv)
        for path in reads:
            self._provide(path, line)
        _, path, _ = resolve(argv)
        if path == ["serve-local"]:
            self._serve(argv, line)
            return
        out = self.workspace / writes.get("out_dir", Path("runs"))
        before, asked = self._run_folders(out), self.requests()
        stamps = {param: self._stamp(path) for param, path in writes.items()}
        done = subprocess.run([sys.executable, "-m", "pse", *argv], cwd=self.workspace,
                              env=self.env, capture_output=True, text=True,
                              timeout=_TIMEOUT_S, check=False)
        said = f"{self.page}: `{line}` exited {done.returncode}:\n" \
            f"{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        assert done.returncode in (0, 1), said
        assert "Traceback" not in done.stdout + done.stderr, said
        self._check_writes(writes, stamps, said)
        if "--json" in argv:
            json.loads(done.stdout)
        if path[0] in _RUNS:
            self._check_run(path[0], done.stdout, out, before, asked, said)

    def _substitute(self, word: str, line: str) -> str:
        if "<run-id>" in word:
            assert self.runs, f"{self.page}: `{line}` names a run, but no earlier command " \
                "of the page made one"
            word = word.replace("<run-id>", self.runs[-1].name)
        assert not re.search(r"<[^>]+>", word), \
            f"{self.page}: `{line}`: no value for the placeholder in {word!r}"
        return word

    def _provide(self, path: Path, line: str) -> None:
        """Make a file the command reads when the copy does not hold it (a stand-in)."""
        target = self.workspace / path
        name = path.as_posix()
        if target.exists():
            return
        if name in self.shown:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(self.shown[name], encoding="utf-8")
        elif name in _COPIES:
            shutil.copy2(_RESUME / _COPIES[name], target)
        elif name == "notes":
            target.mkdir()
            shutil.copy2(_RESUME / "jd.zh.md", target / "stress.md")
        elif name == "notes.md":
            cv = (_RESUME / "cv.en.md").read_text(encoding="utf-8")
            target.write_text("## Projects" + cv.split("## Projects", 1)[1].split("\n## ")[0],
                              encoding="utf-8")
        elif name == "projects.json":
            projects = json.loads((ROOT / "examples" / "projects.json").read_text("utf-8"))
            for project in projects:
                project["source"] = f"examples/{project['source']}"
            target.write_text(json.dumps(projects, indent=2), encoding="utf-8")
        elif name in _PUBLISHED and self.resumes:
            shutil.copy2(self.resumes[-1], target)
        else:
            pytest.fail(f"{self.page}: `{line}` reads {name!r}, which neither the repository "
                        "nor a stand-in of the docs test provides: add a stand-in to "
                        f"tests/docs_support.py or end the line with '{ILLUSTRATIVE}'")

    def _serve(self, argv: list[str], line: str) -> None:
        if importlib.util.find_spec("llama_cpp") is None:
            self.skipped.append(f"`{line}`: llama-cpp-python is not installed")
            return
        port = free_port()
        argv = [str(port) if before == "--port" else word
                for before, word in zip(["", *argv[:-1]], argv, strict=True)]
        with serve_local(argv, port=port, env=self.env, cwd=self.workspace,
                         log=self.workspace / "serve-local.err") as served:
            assert served.printed["OPENAI_BASE_URL"] == served.base_url, served.printed
            assert served.printed["OPENAI_MODEL"], served.printed

    @staticmethod
    def _run_folders(out: Path) -> set[Path]:
        return {state.parent for state in out.glob("*/state.json")}

    def _stamp(self, path: Path) -> int | None:
        written = self.workspace / path
        return written.stat().st_mtime_ns if written.is_file() else None

    def _check_writes(self, writes: dict[str, Path], stamps: dict[str, int | None],
                      said: str) -> None:
        """The report (``-o``) and baseline a command names were written by it."""
        for param in ("output_file", "write_baseline"):
            if param not in writes:
                continue
            written = self.workspace / writes[param]
            assert written.is_file(), f"{said}\n(no {writes[param]})"
            assert self._stamp(writes[param]) != stamps[param], \
                f"{said}\n({writes[param]} was not written again)"
            if written.suffix in (".json", ".sarif"):
                data = json.loads(written.read_text(encoding="utf-8"))
                if written.suffix == ".sarif":
                    assert data["version"] == "2.1.0" and data["runs"], said

    def _check_run(self, command: str, stdout: str, out: Path, before: set[Path],
                   asked: int, said: str) -> None:
        """A run prints what it wrote (artifacts, report), each a real file; a new run also
        made a run folder and asked the model."""
        printed = [Path(line) for line in stdout.splitlines() if line.strip()]
        artifacts = [p for p in printed if re.fullmatch(r"artifact\.\w+\.md", p.name)]
        assert artifacts, said
        for path in printed:
            assert (self.workspace / path).is_file(), f"{said}\n(no {path})"
        if command == "continue":
            return
        made = sorted(self._run_folders(out) - before)
        assert made, f"{said}\n(no run folder)"
        assert self.requests() > asked, f"{said}\n(the model was never asked)"
        self.runs.extend(made)
        if command == "resume":
            self.resumes.append(self.workspace / artifacts[0])
