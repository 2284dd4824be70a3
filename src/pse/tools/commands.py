"""``run_command``: read-only programs, argv only, never a shell.

Layers, in order: the argv must be a short list of plain strings; the seeds' blacklist of
dangerous patterns is kept as a second opinion (``blacklisted``); the allowlist must name
the program, subcommand and every option (``not-allowed``); every path argument must pass
the same checks as ``read_file``; git gets safety switches (no external diff or textconv
drivers; the repository's program-running config neutralised, see
:mod:`pse.tools.gitsafe`) and pathspecs that keep secret files out of its output. The
program then runs through :func:`pse.tools.confine.run_confined`, the one place that
decides how (and whether) a command runs.
"""

from __future__ import annotations

import os
import posixpath
import re
import shlex
import shutil
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pse.tools import gitsafe
from pse.tools.confine import check_allowed, run_confined
from pse.tools.outcome import RefusalError, ToolCallFailed
from pse.tools.pathtext import check_path_text
from pse.tools.process import safe_path
from pse.tools.rules import Parsed, Rule, build_rules, find_rule, parse_arguments
from pse.tools.secrets import SECRET_PATTERNS, is_secret_path

if TYPE_CHECKING:
    from pse.tools.sandbox import Sandbox

DANGEROUS_PATTERNS: tuple[str, ...] = (
    r"(^|[;&|]\s*)rm\s+-rf\b",
    r"(^|[;&|]\s*)rm\s+-fr\b",
    r"(^|[;&|]\s*)(sudo|su|shutdown|reboot|halt|poweroff)\b",
    r"(^|[;&|]\s*)mkfs(\.\w+)?\b",
    r"\bdd\s+if=",
    r":\(\)\s*\{",
    r">\s*/dev/sd",
    r"\bchmod\s+-R\s+777\b",
    r"\b(curl|wget)\b[^|]*\|\s*(ba|z)?sh\b",
)
"""The seeds' blacklist ("rm -rf and similar"), anchored at a command start as theirs was."""
_BLACKLIST = tuple(re.compile(p) for p in DANGEROUS_PATTERNS)
_MAX_ARGS = 256
_MAX_ARG = 4096
_GIT_SWITCHES = ("--no-pager",)
"""The rest of git's hardening is in the environment (:mod:`pse.tools.gitsafe`)."""
_GIT = Rule("git", ("git",))
_EXCLUDING = frozenset({"git log", "git show", "git diff", "git grep"})


def is_blacklisted(command: str) -> bool:
    """Whether the seeds' blacklist blocks the shell command line ``command``."""
    return any(pattern.search(command) for pattern in _BLACKLIST)


def run_command(sandbox: Sandbox, argv: object) -> str:
    """Run an allowed read-only command in the primary root; its output and exit code.

    Raises:
        RefusalError: blacklisted, not on the allowlist, a path argument refused, or
            ``needs-isolation`` (see :mod:`pse.tools.confine`).
        ToolCallFailed: malformed argv, program missing, timeout.
    """
    args = _check_argv(argv)
    if any(is_blacklisted(line) for line in (shlex.join(args), " ".join(args))):
        raise RefusalError("blacklisted", f"{shlex.join(args)!r} matches the dangerous-"
                           "command blacklist; run_command only runs read-only programs")
    rules = build_rules(sandbox.settings.allow_commands)
    if not rules:
        raise RefusalError("not-allowed", "run_command is disabled (tools.allow_commands is "
                           "empty); use read_file, list_dir and grep")
    rule = find_rule(args, rules)
    parsed = parse_arguments(rule, args[len(rule.prefix):])
    final = [_program(sandbox, rule), *_arguments(sandbox, rule, parsed)]
    check_allowed(sandbox, rule)
    return _execute(sandbox, rule, args, final)


def _check_argv(argv: object) -> list[str]:
    if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
        raise ToolCallFailed("invalid-arguments", "argv must be a non-empty list of strings, "
                             'e.g. ["git", "log", "--oneline", "-5"]; no shell is involved')
    if len(argv) > _MAX_ARGS or any(len(a) > _MAX_ARG for a in argv):
        raise ToolCallFailed("invalid-arguments", f"argv is limited to {_MAX_ARGS} arguments "
                             f"of {_MAX_ARG} characters")
    if any("\x00" in a for a in argv):
        raise ToolCallFailed("invalid-arguments", "an argument contains a null byte")
    return [str(a) for a in argv]


def _program(sandbox: Sandbox, rule: Rule) -> str:
    name = rule.prefix[0]
    if name in {"python", "python3"}:
        return sys.executable  # the interpreter pse runs in, which has the project's deps
    found = shutil.which(name, path=safe_path(sandbox.environ.get("PATH", ""),
                                              roots=sandbox.roots))
    if found is None:
        raise ToolCallFailed("not-found", f"program {name!r} is not installed here")
    return found


def _arguments(sandbox: Sandbox, rule: Rule, parsed: Parsed) -> list[str]:
    if rule.paths == "git":
        return _git_arguments(sandbox, rule, parsed)
    for arg in (*parsed.positionals, *parsed.after_dashdash):
        if rule.paths == "path" and arg != "-":
            sandbox.check_command_path(arg.split("::")[0])
        elif rule.paths == "free" and ("/" in arg or os.path.lexists(sandbox.root / arg)):
            sandbox.check_command_path(arg)
    for _, value in parsed.values:
        if rule.paths == "free" and "/" in value:
            sandbox.check_command_path(value)
    tail = ["--", *parsed.after_dashdash] if parsed.after_dashdash else []
    return [*rule.prefix[1:], *rule.inject, *parsed.options, *parsed.positionals, *tail]


def _git_arguments(sandbox: Sandbox, rule: Rule, parsed: Parsed) -> list[str]:
    gitsafe.git_directory(sandbox.root, sandbox.roots)  # a repository, inside the roots
    positionals = list(parsed.positionals)
    pattern: list[str] = []
    if rule.name == "git grep" and positionals and not any(
            option == "-e" or option.startswith("-e") for option in parsed.options):
        pattern = [positionals.pop(0)]
    revisions: list[str] = []
    paths: list[str] = list(parsed.after_dashdash)
    for arg in positionals:
        (paths if _is_worktree_path(sandbox, arg) else revisions).append(arg)
    for arg in (*revisions, *paths):
        _check_git_arg(sandbox, arg)
    for option, value in parsed.values:
        if option == "-L" and ":" in value:
            _check_git_arg(sandbox, value.rsplit(":", 1)[1])
    if rule.name in {"git show", "git diff"}:
        _refuse_blobs(sandbox, revisions)
    excludes = _secret_excludes() if rule.name in _EXCLUDING else []
    tail = ["--", *paths, *excludes] if paths or excludes else []
    return [*_GIT_SWITCHES, rule.prefix[1], *rule.inject, *parsed.options, *pattern,
            *revisions, *tail]


def _is_worktree_path(sandbox: Sandbox, arg: str) -> bool:
    if arg.startswith((":(", ":!", ":^")):
        return True  # pathspec magic
    if arg.startswith(":") or (":" in arg and not os.path.lexists(sandbox.root / arg)):
        return False
    return (os.path.isabs(arg) or ".." in Path(arg).parts
            or os.path.lexists(sandbox.root / arg))


def _check_git_arg(sandbox: Sandbox, arg: str) -> None:
    """A revision, ``REV:path`` or pathspec: no secret path, nothing outside the root."""
    check_path_text(arg)
    path = _git_object_path(arg)
    if path is None and (os.path.isabs(arg) or ".." in Path(arg).parts
                         or os.path.lexists(sandbox.root / arg)):
        sandbox.check_command_path(arg)
        return
    path = posixpath.normpath(path if path is not None else arg)
    if is_secret_path(path, allowed=sandbox.settings.allow_secrets):
        raise RefusalError("secret-file", f"{arg!r} names a file on the secrets deny-list; "
                           "its content is not shown")


def _git_object_path(arg: str) -> str | None:
    """The tree path inside ``REV:path``, ``:N:path``, ``:path`` or pathspec magic."""
    stage = re.match(r"^:[0-3]:", arg)
    if stage:
        return arg[stage.end():]
    if arg.startswith((":!", ":^")):
        return ""  # an exclusion hides files, it cannot reveal one
    if arg.startswith(":("):
        return arg.partition(")")[2]
    if arg.startswith(":"):
        return arg.lstrip(":/")
    if ":" in arg:
        return arg.partition(":")[2]
    return None


def _refuse_blobs(sandbox: Sandbox, revisions: list[str]) -> None:
    """``git show <blob-id>`` would print a secret file that no path names; ask for REV:path."""
    for rev in revisions:
        if ":" in rev or ".." in rev:
            continue  # REV:path was checked by path; ranges name commits
        done = run_confined(sandbox, _GIT, [_program(sandbox, _GIT), *_GIT_SWITCHES,
                                            "cat-file", "-t", f"{rev}^{{}}"])
        if done.output.strip() == b"blob":
            raise RefusalError("not-allowed", f"{rev!r} is a file object (blob); name it as "
                               "REV:path (e.g. HEAD:README.md) so the sandbox can check it")


def _secret_excludes() -> list[str]:
    """Pathspecs that hide every deny-listed file from git's output."""
    return [f":(exclude,icase,glob)**/{pattern}" for pattern in SECRET_PATTERNS]


def _execute(sandbox: Sandbox, rule: Rule, shown: list[str], final: list[str]) -> str:
    settings = sandbox.settings
    done = run_confined(sandbox, rule, final)
    scrub = sandbox.scrubber()
    # bytes that are not UTF-8 (a file name in `ls`) show as \xff, as in list_dir
    text = scrub.scrub(done.output.decode("utf-8", errors="backslashreplace")).rstrip("\n")
    if done.timed_out:
        raise ToolCallFailed("timeout", f"{shlex.join(shown)!r} was killed after "
                             f"{settings.timeout:g} s (setting tools.timeout); partial "
                             f"output:\n{text}")
    lines = [f"$ {scrub.scrub(shlex.join(shown))}", text] if text else [
        f"$ {scrub.scrub(shlex.join(shown))}"]
    if done.dropped:
        lines.append(f"[truncated: the command printed {len(done.output) + done.dropped} "
                     f"bytes; only the first {len(done.output)} are shown (setting "
                     "tools.max_output); narrow it, e.g. with -n or a path]")
    lines.append(f"[exit code {done.exit_code}{_signal_text(done.exit_code)}]")
    if settings.isolate_network and sandbox.isolation != "bubblewrap" and not (
            sandbox.network_prefix):
        lines.append("[note: network isolation is unavailable on this platform]")
    return "\n".join(lines)


def _signal_text(code: int) -> str:
    if code >= 0:
        return ""
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = f"signal {-code}"
    hint = " - it tried to write a file" if name == "SIGXFSZ" else ""
    return f": killed by {name}{hint}"
