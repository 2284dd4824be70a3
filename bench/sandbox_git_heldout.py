"""A held-out set of git attacks: planted config, links inside ``.git``, revision syntax.

    python bench/sandbox_git_heldout.py [--verbose]

Written before pse's defences against these kinds were built, and named by no test, so
that fitting them shows as a gap here rather than as green tests. Each case builds a
small hostile repository (with a committed ``.env`` holding a canary, an outside folder
holding another, and a non-deny-listed file holding the planted API key), sends one tool
call through ``pse.tools.call_tool`` in each isolation mode this machine has, and counts
an *escape* when a canary or the planted key shows in the result, a marker file written
by planted config exists afterwards, or an oracle answer (a secret's prefix found) comes
back. The kinds vary what the attack corpus and the tests use: other config keys git
reads (in submodules, nested repositories, worktree config), other places a link can sit
inside ``.git``, and other revision syntaxes that reach a deny-listed blob.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pse.tools import Sandbox, ToolSettings, call_tool
from pse.tools.isolation import isolation_mode

CANARY = "CANARY-GITHELD-"
OUTSIDE = CANARY + "OUTSIDE-5K"
SECRET = CANARY + "DOTENV-9P"
KEY_NAME = "PSE_HELDOUT_API_KEY"
KEY_VALUE = "sk-heldout-Zq81vY3mPa6Lr0TxWc5N"


@dataclass(frozen=True)
class Case:
    """One attack: how to set the repository up, which call, what counts as an oracle."""

    case_id: str
    setup: Callable[[Path, Path], dict[str, str]]
    """(repo, base) -> extra placeholders for ``argv``; may plant anything."""
    argv: tuple[str, ...] = ()
    tool: str = "run_command"
    arguments: tuple[tuple[str, str], ...] = ()
    oracle: bool = False
    """A non-empty answer (a match or a listed file) is itself the leak."""


def git(root: Path, *args: str) -> str:
    """Run git in ``root`` with a throw-away identity; its stdout."""
    argv = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@e.x",
            "-c", "commit.gpgsign=false", "-c", "protocol.file.allow=always", *args]
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout


def _repo(root: Path) -> None:
    root.mkdir(parents=True)
    files = {"README.md": "# held-out\n", "tracked.txt": "one\n", ".env": f"TOKEN={SECRET}\n",
             "notes.txt": f"key = {KEY_VALUE}\n"}
    for name, text in files.items():
        (root / name).write_text(text)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "held-out")
    (root / "tracked.txt").write_text("uno\n")
    os.utime(root / "tracked.txt", ns=(1, 1))


def _driver(base: Path, tag: str) -> str:
    return f"touch {base}/markers/{tag}; cat"


def _submodule(repo: Path, base: Path) -> Path:
    """``sub`` as a real submodule of ``repo`` (its git dir in ``.git/modules/sub``)."""
    origin = base / "origin-sub"
    _repo(origin)
    git(repo, "submodule", "add", "-q", str(origin), "sub")
    git(repo, "commit", "-qm", "sub")
    (repo / "sub" / "tracked.txt").write_text("dos\n")
    os.utime(repo / "sub" / "tracked.txt", ns=(1, 1))
    return repo / ".git" / "modules" / "sub"


def _append(config: Path, text: str) -> None:
    with open(config, "a", encoding="utf-8") as handle:
        handle.write(text)


def _sub_config(section: str, key: str, attributes: str = "") -> Callable[[Path, Path],
                                                                            dict[str, str]]:
    def setup(repo: Path, base: Path) -> dict[str, str]:
        gitdir = _submodule(repo, base)
        _append(gitdir / "config", f"[{section}]\n\t{key} = \"{_driver(base, 'sub')}\"\n")
        if attributes:
            (gitdir / "info").mkdir(exist_ok=True)
            (gitdir / "info" / "attributes").write_text(attributes + "\n")
        return {}
    return setup


def _sub_include(repo: Path, base: Path) -> dict[str, str]:
    gitdir = _submodule(repo, base)
    (gitdir / "evil.cfg").write_text(f"[core]\n\tfsmonitor = \"{_driver(base, 'inc')}\"\n")
    _append(gitdir / "config", "[include]\n\tpath = evil.cfg\n")
    return {}


def _sub_worktree_config(repo: Path, base: Path) -> dict[str, str]:
    gitdir = _submodule(repo, base)
    _append(gitdir / "config", "[extensions]\n\tworktreeConfig = true\n")
    (gitdir / "config.worktree").write_text(
        f"[core]\n\tfsmonitor = \"{_driver(base, 'wt')}\"\n")
    return {}


def _nested_gitlink(repo: Path, base: Path) -> dict[str, str]:
    """A nested repository committed as a gitlink, its own ``.git`` folder in the tree."""
    nested = repo / "vendor"
    _repo(nested)
    _append(nested / ".git" / "config", f"[core]\n\tfsmonitor = \"{_driver(base, 'nest')}\"\n")
    git(repo, "add", "vendor")
    git(repo, "commit", "-qm", "vendor")
    (nested / "tracked.txt").write_text("tres\n")
    return {}


def _main_summary(repo: Path, base: Path) -> dict[str, str]:
    gitdir = _submodule(repo, base)
    _append(repo / ".git" / "config", "[status]\n\tsubmoduleSummary = true\n"
            "[diff]\n\tsubmodule = diff\n")
    (repo / ".gitattributes").write_text("* filter=h\n")
    _append(gitdir / "config", f"[filter \"h\"]\n\tclean = \"{_driver(base, 'sum')}\"\n")
    (gitdir / "info").mkdir(exist_ok=True)
    (gitdir / "info" / "attributes").write_text("* filter=h\n")
    return {}


def _link(relative: str, *, hard: bool = False, content: str | None = None
          ) -> Callable[[Path, Path], dict[str, str]]:
    """Replace ``.git/<relative>`` by a link to an outside file holding the canary."""
    def setup(repo: Path, base: Path) -> dict[str, str]:
        target = base / "outside" / relative.replace("/", "_")
        target.write_text(content if content is not None else f"{OUTSIDE}\n")
        place = repo / ".git" / relative
        place.parent.mkdir(parents=True, exist_ok=True)
        if place.exists():
            place.unlink()
        if hard:
            os.link(target, place)
        else:
            place.symlink_to(target)
        return {}
    return setup


def _outside_objects(repo: Path, base: Path) -> dict[str, str]:
    other = base / "outside" / "other"
    _repo(other)
    (other / "private.txt").write_text(f"{OUTSIDE}\n")
    git(other, "add", "private.txt")
    git(other, "commit", "-qm", "private")
    blob = git(other, "rev-parse", "HEAD:private.txt").strip()
    alternates = repo / ".git" / "objects" / "info" / "alternates"
    hard = base / "outside" / "alternates"
    hard.write_text(str(other / ".git" / "objects") + "\n")
    os.link(hard, alternates)
    return {"blob": blob}


def _ids(repo: Path, base: Path) -> dict[str, str]:
    blob = git(repo, "rev-parse", "HEAD:.env").strip()
    git(repo, "tag", "envtag", blob)
    git(repo, "tag", "-a", "-m", "annotated", "envanno", blob)
    git(repo, "stash", "-q")
    return {"blob": blob, "short": blob[:9], "tree": git(repo, "rev-parse", "HEAD^{tree}").strip()}


def _dangling(repo: Path, base: Path) -> dict[str, str]:
    (repo / ".envrc").write_text(f"export X={SECRET}\n")
    blob = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", ".envrc"],
                          capture_output=True, text=True, check=True).stdout.strip()
    return {"blob": blob, "short": blob[:8]}


def _cases() -> Iterator[Case]:
    status, diff = ("status",), ("diff",)
    for argv in (status, diff, ("diff", "HEAD", "--stat"), ("status", "--porcelain=v2")):
        tag = "-".join(a.strip("-") for a in argv)
        yield Case(f"sub-fsmonitor-{tag}", _sub_config("core", "fsmonitor"), argv)
        yield Case(f"sub-filter-info-attrs-{tag}",
                   _sub_config('filter "h"', "clean", "* filter=h"), argv)
    yield Case("sub-diff-external", _sub_config("diff", "external"), diff)
    yield Case("sub-textconv", _sub_config('diff "h"', "textconv", "* diff=h"),
               ("diff", "--submodule=diff"))
    yield Case("sub-hookspath", _sub_config("core", "hooksPath"), status)
    yield Case("sub-include", _sub_include, status)
    yield Case("sub-worktree-config", _sub_worktree_config, status)
    yield Case("nested-gitlink-fsmonitor", _nested_gitlink, status)
    yield Case("nested-gitlink-diff", _nested_gitlink, diff)
    yield Case("main-submodule-summary", _main_summary, status)
    yield Case("main-submodule-diff", _main_summary, diff)
    for place, argv in (("logs/HEAD", ("show", "HEAD@{0}")),
                        ("refs/heads/main", ("log", "--oneline", "-1")),
                        ("HEAD", ("status",)),
                        ("shallow", ("log", "--oneline")),
                        ("rebase-apply/head-name", ("status",)),
                        ("sequencer/todo", ("status",)),
                        ("info/exclude", ("status", "--ignored")),
                        ("MERGE_HEAD", ("status",))):
        for hard in (False, True):
            kind = "hard" if hard else "sym"
            yield Case(f"link-{kind}-{place.replace('/', '-')}", _link(place, hard=hard), argv)
    yield Case("alternates-hard-link", _outside_objects, ("show", "{blob}"))
    yield Case("alternates-grep", _outside_objects, ("grep", "-e", "CANARY", "{blob}"))
    for argv in (("show", "HEAD^{/[:]}:.env"), ("show", "HEAD@{0}:.env"),
                 ("show", "main~0:.env"), ("show", "{short}"), ("show", "{blob}^{blob}"),
                 ("show", "envtag"), ("show", "envanno"), ("show", "envanno^{}"),
                 ("show", "--tags"), ("diff", "{blob}", "HEAD:README.md"),
                 ("grep", "-e", "TOKEN", "{short}"), ("grep", "-e", "", "{tree}"),
                 ("show", "stash@{0}^2:.env"), ("log", "-p", "--all"),
                 ("show", "{tree}:.env"), ("show", "HEAD:.\\env")):
        yield Case("rev-" + re.sub(r"[^a-zA-Z0-9]+", "-", " ".join(argv)).strip("-")
                   + ("-peeled" if argv[-1].endswith("^{}") else ""), _ids, argv)
    for argv in (("show", "{blob}"), ("show", "{short}"), ("grep", "-e", "X", "{short}")):
        yield Case("dangling-" + "-".join(argv).strip("-{}"), _dangling, argv)
    yield Case("oracle-git-grep-l", _ids, ("grep", "-l", "-F", "-e", KEY_VALUE[:12]),
               oracle=True)
    yield Case("oracle-git-grep-count", _ids, ("grep", "-c", "-e", KEY_VALUE[:10]),
               oracle=True)
    yield Case("oracle-git-log-pickaxe", _ids, ("log", "--oneline", "-S", KEY_VALUE[:11]),
               oracle=True)
    yield Case("oracle-grep-tool", _ids, tool="grep",
               arguments=(("pattern", re.escape(KEY_VALUE[:12])),), oracle=True)
    yield Case("envrc-read", _dangling, tool="read_file", arguments=(("path", ".envrc"),))
    yield Case("submodule-config-read", _sub_config("remote", "pushurl"), tool="read_file",
               arguments=(("path", ".git/modules/sub/config"),))


def _escaped(case: Case, output: str, base: Path) -> str:
    markers = sorted(p.name for p in (base / "markers").iterdir())
    if markers:
        return f"planted program ran: {markers}"
    for canary in (OUTSIDE, SECRET, KEY_VALUE, KEY_VALUE[:12]):
        if canary in output and not (canary == KEY_VALUE[:12] and not case.oracle):
            return f"leaked {canary[:24]}"
    if case.oracle and _oracle_answered(output):
        return "oracle answered"
    return ""


def _oracle_answered(output: str) -> bool:
    body = [line for line in output.splitlines()[1:]
            if line and not line.startswith(("[exit code", "no matches", "0 matching"))]
    return bool(body) and "[refused" not in output and "notes.txt" in output + "".join(
        body) or any(re.match(r"^[0-9a-f]{7,} ", line) for line in body)


def _fill(arg: str, holes: dict[str, str]) -> str:
    """``arg`` with ``{name}`` placeholders filled (git's own braces left alone)."""
    for name, value in holes.items():
        arg = arg.replace("{" + name + "}", value)
    return arg


def _run(case: Case, mode: str, folder: Path) -> str:
    base = folder / f"{case.case_id}-{mode}"
    (base / "markers").mkdir(parents=True)
    (base / "outside").mkdir()
    repo = base / "repo"
    _repo(repo)
    holes = case.setup(repo, base)
    settings = ToolSettings(isolation="auto" if mode == "bubblewrap" else "none")
    sandbox = Sandbox([repo], settings=settings)
    if case.tool == "run_command":
        arguments: dict[str, object] = {"argv": ["git", *(_fill(a, holes)
                                                          for a in case.argv)]}
    else:
        arguments = dict(case.arguments)
    output = call_tool(sandbox, case.tool, arguments)
    return _escaped(case, output, base) + ("\n" + output if "--verbose" in sys.argv else "")


def _unique(cases: list[Case]) -> list[Case]:
    """Case ids made unique (two revision spellings may flatten to one id)."""
    seen: Counter[str] = Counter()
    out = []
    for case in cases:
        seen[case.case_id] += 1
        suffix = f"-{seen[case.case_id]}" if seen[case.case_id] > 1 else ""
        out.append(dataclasses.replace(case, case_id=case.case_id + suffix))
    return out


def main() -> int:
    """Run every case in every mode; print escapes; exit 1 if any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    os.environ[KEY_NAME] = KEY_VALUE
    modes = (["bubblewrap"] if isolation_mode() == "bubblewrap" else []) + ["rlimits"]
    escapes: Counter[str] = Counter()
    cases = _unique(list(_cases()))
    with tempfile.TemporaryDirectory(prefix="pse-git-heldout-") as folder:
        for case in cases:
            for mode in modes:
                result = _run(case, mode, Path(folder))
                escaped = result.partition("\n")[0]
                if escaped:
                    escapes[mode] += 1
                if escaped or args.verbose:
                    print(f"{case.case_id:48} {mode:10} {escaped or 'held'}")
                    if args.verbose:
                        print(result.partition("\n")[2][:600])
    for mode in modes:
        print(f"git held-out set ({mode}): {escapes[mode]}/{len(cases)} escapes")
    return 1 if sum(escapes.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
