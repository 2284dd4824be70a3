"""Git that cannot run what the repository configures.

A repository's own config (``.git/config``, ``config.worktree`` and what they include)
can name programs git runs while it only reads: ``filter.<driver>.clean`` on ``git
status``/``diff``/``blame``, ``diff.<driver>.textconv`` and ``.command``,
``diff.external``, ``core.fsmonitor``, hooks, pagers, ``gpg.program`` on
``--show-signature``, credential helpers, ssh commands... and paths it reads
(``core.worktree``, ``mailmap.file``, ``core.excludesFile``). So every git invocation:

- finds the git directory itself and refuses one outside the project roots (a ``.git``
  file or symlink pointing elsewhere), then passes ``GIT_DIR``/``GIT_WORK_TREE`` so that
  no config can move the work tree;
- ignores the system and global config (``GIT_CONFIG_NOSYSTEM``, ``GIT_CONFIG_GLOBAL``)
  and inherits no ``GIT_*`` variable (the environment is built from scratch);
- lists the config git will read (``git config --list --show-origin --includes``, under
  the same isolation as the command), refuses config files outside the roots, and
  overrides every key that runs a program or reads a path with a safe value through
  ``GIT_CONFIG_KEY_n``/``GIT_CONFIG_VALUE_n`` (command-line scope, which wins over every
  file, and which keeps driver names containing ``=`` intact, unlike ``-c``).

Driver names come from ``.gitattributes``, but their commands only from config, so
overriding every configured driver's keys leaves no attribute anything to run.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from pse.tools.outcome import RefusalError

Runner = Callable[[list[str], dict[str, str]], tuple[int, bytes]]
"""Runs git's argv with an environment (isolated like the real command): code, output."""

_FIXED: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"), ("core.hooksPath", os.devnull), ("core.pager", "cat"),
    ("core.attributesFile", os.devnull), ("core.excludesFile", os.devnull),
    ("diff.external", ""), ("credential.helper", ""), ("core.sshCommand", ""),
    ("core.askPass", ""), ("gpg.program", "gpg"),
)
"""Set on every invocation, whatever the config says."""
_EXACT: dict[str, str] = {
    "core.fsmonitor": "false", "core.hookspath": os.devnull, "core.pager": "cat",
    "core.attributesfile": os.devnull, "core.excludesfile": os.devnull, "core.worktree": "",
    "gpg.program": "gpg", "gpg.openpgp.program": "gpg", "gpg.x509.program": "gpgsm",
    "gpg.ssh.program": "ssh-keygen", "mailmap.file": "", "blame.ignorerevsfile": "",
    "core.gitproxy": "", "core.alternaterefscommand": "", "sequence.editor": "",
    "core.editor": "", "web.browser": "", "gpg.ssh.allowedsignersfile": "",
    "gpg.ssh.revocationfile": "", "gpg.ssh.defaultkeycommand": "",
    "uploadpack.packobjectshook": "", "core.sshcommand": "", "core.askpass": "",
    "diff.external": "", "interactive.difffilter": "", "log.showsignature": "false",
}
"""Keys without a driver name, lower case, and the value that makes them harmless
(git's default program for the ``gpg`` ones: the system's, never the project's)."""
_BY_NAME: dict[tuple[str, str], str] = {
    ("filter", "required"): "false", ("submodule", "update"): "none",
    ("man", "path"): "", ("mergetool", "path"): "", ("difftool", "path"): "",
}
"""(section, variable) of keys with any driver name, and their harmless value."""
_RUNS = frozenset({
    "command", "cmd", "program", "helper", "driver", "textconv", "clean", "smudge",
    "process", "editor", "pager", "askpass", "sshcommand", "gitproxy", "proxy",
    "uploadpack", "receivepack", "packobjectshook", "alternaterefscommand",
    "defaultkeycommand", "fsmonitor", "hookspath", "worktree"})
"""Variable names that run a program (or move the work tree): emptied in any section
(``filter.x.clean``, ``diff.x.textconv``, ``credential.<url>.helper``, ``man.x.cmd``...);
so is any variable ending in ``cmd`` (``sendemail.tocmd``...). ``include.path`` is the one
key that cannot be overridden: the files it names are checked instead."""
_MAX_KEYS = 2000


@dataclass(frozen=True)
class GitDirs:
    """Where a work tree's repository lives."""

    gitdir: Path
    common: Path
    """The shared git directory (``gitdir`` itself except for a linked worktree)."""
    outside: tuple[Path, ...] = ()
    """Folders git must read outside the roots: a linked worktree's main repository."""


def git_directory(root: Path, roots: tuple[Path, ...]) -> GitDirs:
    """The git directories of the work tree ``root``; refused when they lie outside.

    The one exception is a linked worktree (``git worktree add``) whose main repository
    lists ``root`` as its worktree: a ``.git`` file cannot fake that, since the back
    pointer lives in the other repository.

    Raises:
        RefusalError: ``not-allowed`` (no repository, or its git directory lies outside).
    """
    dot = root / ".git"
    if os.path.isfile(dot) and not os.path.islink(dot):
        text = dot.read_text(encoding="utf-8", errors="replace").strip()
        if not text.startswith("gitdir:"):
            raise _not_a_repo(root)
        gitdir = Path(os.path.realpath(root / text.partition(":")[2].strip()))
    elif os.path.isdir(dot):
        gitdir = Path(os.path.realpath(dot))
    else:
        raise _not_a_repo(root)
    common = gitdir
    if (gitdir / "commondir").is_file():
        pointer = (gitdir / "commondir").read_text(encoding="utf-8", errors="replace").strip()
        common = Path(os.path.realpath(gitdir / pointer))
    outside = tuple(f for f in dict.fromkeys([gitdir, common])
                    if not any(f.is_relative_to(r) for r in roots))
    if outside and not _is_linked_worktree(root, gitdir, common):
        raise RefusalError("not-allowed", f"the git directory of {str(root)!r} is "
                           f"{str(outside[0])!r}, outside the project; git tools only read "
                           "repositories whose git directory is inside it (or linked "
                           "worktrees of one)")
    return GitDirs(gitdir, common, (common,) if outside else ())


def _is_linked_worktree(root: Path, gitdir: Path, common: Path) -> bool:
    back = gitdir / "gitdir"
    if gitdir.parent != common / "worktrees" or not back.is_file():
        return False
    target = back.read_text(encoding="utf-8", errors="replace").strip()
    return os.path.realpath(target) == os.path.realpath(root / ".git")


def _not_a_repo(root: Path) -> RefusalError:
    return RefusalError("not-allowed", f"git tools need the project root {str(root)!r} to "
                        "be a git repository")


def base_environment(*, gitdir: Path, root: Path) -> dict[str, str]:
    """The git variables of every invocation: this repository only, no system/global."""
    return {"GIT_DIR": str(gitdir), "GIT_WORK_TREE": str(root), "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull, "GIT_ATTR_NOSYSTEM": "1",
            "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat",
            "GIT_CEILING_DIRECTORIES": str(root.parent)}


def safe_environment(git: str, *, dirs: GitDirs, root: Path, roots: tuple[Path, ...],
                     env: dict[str, str], run: Runner) -> dict[str, str]:
    """``env`` plus the git variables that neutralise this repository's config.

    Raises:
        RefusalError: ``not-allowed`` when the config cannot be read, includes a file
            outside the roots, or is absurdly large.
    """
    base = {**env, **base_environment(gitdir=dirs.gitdir, root=root)}
    code, output = run([git, "config", "--list", "-z", "--show-origin", "--includes"], base)
    if code != 0:
        raise RefusalError("not-allowed", "git cannot read this repository's config: "
                           f"{output.decode('utf-8', 'replace').strip()[:300]}")
    entries = parse_listing(output)
    _check_origins([origin for origin, _ in entries], root=root,
                   roots=(*roots, *dirs.outside))
    overrides = neutralising_overrides(key for _, key in entries)
    return {**base, **config_environment(overrides)}


def parse_listing(output: bytes) -> list[tuple[str, str]]:
    """(origin, key) pairs of ``git config --list -z --show-origin`` output."""
    fields = output.decode("utf-8", errors="surrogateescape").split("\0")
    pairs: list[tuple[str, str]] = []
    for index in range(0, len(fields) - 1, 2):
        origin, entry = fields[index], fields[index + 1]
        pairs.append((origin, entry.partition("\n")[0]))
    return pairs


def _check_origins(origins: list[str], *, root: Path, roots: tuple[Path, ...]) -> None:
    for origin in dict.fromkeys(origins):
        kind, _, name = origin.partition(":")
        if kind == "command line":
            continue
        real = Path(os.path.realpath(root / name)) if kind == "file" else None
        if real is None or not any(real.is_relative_to(r) for r in roots):
            raise RefusalError("not-allowed", f"this repository's git config reads "
                               f"{origin!r}, outside the project (an include); git tools "
                               "only read config from inside it")


def neutralising_overrides(keys: Iterable[str]) -> list[tuple[str, str]]:
    """The fixed overrides plus one for every program-running or path key in ``keys``."""
    overrides = dict(_FIXED)
    for key in dict.fromkeys(keys):
        value = _safe_value(key)
        if value is not None:
            overrides[key] = value
    if len(overrides) > _MAX_KEYS:
        raise RefusalError("not-allowed", f"this repository's git config has more than "
                           f"{_MAX_KEYS} program or path settings; git tools are off for it")
    return list(overrides.items())


def _safe_value(key: str) -> str | None:
    """The harmless value for config ``key`` (``section[.sub].var``), or ``None``: keep."""
    lower = key.lower()
    if lower in _EXACT:
        return _EXACT[lower]
    section, _, rest = key.partition(".")
    section = section.lower()
    variable = rest.rpartition(".")[2].lower()
    if section == "pager":
        return "false"  # pager.<command>: no subsection, any variable
    if section in {"include", "includeif"}:
        return None  # its files are checked by origin; they cannot be overridden
    if (section, variable) in _BY_NAME:
        return _BY_NAME[(section, variable)]
    if variable in _RUNS or variable.endswith("cmd"):
        return ""
    return None


def config_environment(overrides: list[tuple[str, str]]) -> dict[str, str]:
    """``GIT_CONFIG_COUNT`` / ``GIT_CONFIG_KEY_n`` / ``GIT_CONFIG_VALUE_n`` for overrides."""
    env = {"GIT_CONFIG_COUNT": str(len(overrides))}
    for index, (key, value) in enumerate(overrides):
        env[f"GIT_CONFIG_KEY_{index}"] = key
        env[f"GIT_CONFIG_VALUE_{index}"] = value
    return env
