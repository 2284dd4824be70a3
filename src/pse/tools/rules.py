"""The command allowlist: which programs ``run_command`` runs, and with which options.

A rule names a command prefix (``git log``, ``ls``, ``python -m pytest``) and lists every
option it accepts, exactly: options with a value, flags, and whether ``-NUM`` is allowed.
Anything else, including abbreviations git would accept (``--outp=FILE``), is refused,
so options that write files (``--output``), run programs (``--open-files-in-pager``,
``--ext-diff``, ``-c core.pager=...``, ``--upload-pack``) or read outside the project
(``--no-index``, ``--contents``, ``--files0-from``) never reach a program. Positional
arguments are checked as paths by the caller. ``git log --follow`` and ``-L`` are left
out on purpose: they follow a file through renames, past the pathspecs that hide secret
files; so is ``git grep --untracked``, which would read hard links and untracked secrets,
and ``--recurse-submodules``, which would read submodules' own configs. Rules whose
program executes project code say so (``runs_code``); :mod:`pse.tools.confine` decides
where they may run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pse.tools.outcome import RefusalError

PathMode = Literal["path", "git", "free"]
"""How positionals are checked: every one is a path; git revisions and pathspecs; custom."""


@dataclass(frozen=True)
class Rule:
    """One allowed command: a prefix and the options that may follow it."""

    name: str
    prefix: tuple[str, ...]
    flags: frozenset[str] = frozenset()
    valued: frozenset[str] = frozenset()
    """Options taking a value (``--opt=V``, ``--opt V``, ``-oV`` or ``-o V``)."""
    optional: frozenset[str] = frozenset()
    """Options whose value is optional and attached (``--pretty[=F]``, ``-M[50%]``)."""
    numeric: bool = False
    """``-NUM`` (``head -5``, ``git log -3``) is accepted."""
    paths: PathMode = "path"
    required: frozenset[str] = frozenset()
    """At least one of these options must be present (``--collect-only``)."""
    inject: tuple[str, ...] = ()
    """Arguments pse adds after the prefix (``--no-ext-diff``, ``-p no:cacheprovider``)."""
    any_option: bool = False
    """Custom rules from settings accept every option (still blacklisted, still confined)."""
    runs_code: bool = False
    """The program executes code from the project (pytest collection imports it), so it
    only runs isolated (see :mod:`pse.tools.confine`)."""


@dataclass(frozen=True)
class Parsed:
    """Arguments after the prefix, split by role; ``options`` keeps values with options."""

    options: tuple[str, ...]
    positionals: tuple[str, ...]
    after_dashdash: tuple[str, ...]
    values: tuple[tuple[str, str], ...]
    """(option, value) pairs, for options whose values need checking (``-L``)."""


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


_DIFF_FLAGS = _set(
    "-p -u --patch -s --no-patch --raw --stat --numstat --shortstat --summary --name-only "
    "--name-status --no-color --color -w -b --ignore-all-space --ignore-space-change "
    "--ignore-blank-lines --word-diff --minimal --patience --histogram -M -C -R --full-index "
    "--no-renames --text -a --check --compact-summary --no-prefix")
_DIFF_VALUED = _set("-U --unified --diff-filter --stat-width --word-diff-regex "
                    "--diff-algorithm")
_LOG_FLAGS = _DIFF_FLAGS | _set(
    "--oneline --graph --decorate --no-decorate --all --branches --tags --remotes --reverse "
    "--first-parent --merges --no-merges --abbrev-commit --no-abbrev-commit "
    "--full-history --simplify-merges --date-order --topo-order --author-date-order "
    "--left-right --cherry-pick --boundary -i --regexp-ignore-case -E --extended-regexp "
    "-F --fixed-strings --all-match --invert-grep --source --use-mailmap --no-walk "
    "--pickaxe-all --pickaxe-regex --parents --children --show-signature -m --cc -c "
    "--no-expand-tabs --expand-tabs")
_LOG_VALUED = _DIFF_VALUED | _set(
    "-n --max-count --skip --since --until --after --before --author --committer --grep "
    "--date -S -G --min-parents --max-parents")
_DIFF_OPTIONAL = _set("--color --abbrev --word-diff --find-renames --find-copies --stat -M -C "
                      "--color-words --relative")
_LOG_OPTIONAL = _DIFF_OPTIONAL | _set("--pretty --format --decorate --no-walk")
_GREP_FLAGS = _set(
    "-n --line-number -i --ignore-case -w --word-regexp -v --invert-match -l "
    "--files-with-matches --name-only -L --files-without-match -c --count -E "
    "--extended-regexp -F --fixed-strings -G --basic-regexp -P --perl-regexp --cached "
    "-I -a --text --and --or --not --all-match -q --quiet --break -H "
    "--full-name --column -o --only-matching -W --function-context -p --show-function "
    "--no-color")
_GREP_VALUED = _set("-e -A -B -C --after-context --before-context --context --max-depth "
                    "-m --max-count --threads")
_GIT_SAFETY = ("--no-ext-diff", "--no-textconv", "--ignore-submodules=all")
"""Injected into every diff-producing git command: no program drivers, and submodules
never entered (a submodule's own git directory has its own config)."""

_BUILTIN: tuple[Rule, ...] = (
    Rule("git log", ("git", "log"), _LOG_FLAGS, _LOG_VALUED, _LOG_OPTIONAL, numeric=True,
         paths="git", inject=_GIT_SAFETY),
    Rule("git show", ("git", "show"), _LOG_FLAGS, _LOG_VALUED, _LOG_OPTIONAL, paths="git",
         inject=_GIT_SAFETY),
    Rule("git diff", ("git", "diff"), _DIFF_FLAGS | _set("--cached --staged --merge-base"),
         _DIFF_VALUED, _DIFF_OPTIONAL, paths="git", inject=_GIT_SAFETY),
    Rule("git grep", ("git", "grep"), _GREP_FLAGS, _GREP_VALUED, _set("--color"),
         numeric=True, paths="git", inject=("--no-textconv",)),
    Rule("git ls-files", ("git", "ls-files"), _set(
        "-c --cached -m --modified -o --others -d --deleted -s --stage -u --unmerged "
        "--exclude-standard --full-name --directory --no-empty-directory -t -v --eol "
        "--error-unmatch --deduplicate"), paths="git"),
    Rule("git blame", ("git", "blame"), _set(
        "-w -M -C -e -s -l -t -f -n -p -c --porcelain --line-porcelain --root --show-email "
        "--show-name --show-number --show-stats --incremental --minimal"),
        _set("-L --date --abbrev"), paths="git", inject=("--no-textconv",)),
    Rule("git status", ("git", "status"), _set(
        "-s --short -b --branch --porcelain --long -v --verbose --ignored --no-renames "
        "--show-stash --ahead-behind --no-ahead-behind"), frozenset(),
        _set("-u --untracked-files --porcelain --ignored --column"), paths="git",
        inject=("--ignore-submodules=all",)),
    Rule("ls", ("ls",), _set(
        "-a -A -l -h -R -1 -d -F -p -S -t -r -s -i -n -g -o -G -U -X -v --all --almost-all "
        "--human-readable --recursive --directory --classify --size --inode --numeric-uid-gid "
        "--no-group --reverse --group-directories-first --full-time"),
        _set("--sort --time-style --indicator-style --format"), _set("--color")),
    Rule("wc", ("wc",), _set("-l -w -c -m -L --lines --words --bytes --chars "
                             "--max-line-length")),
    Rule("head", ("head",), _set("-q -v --quiet --silent --verbose"), _set("-n -c --lines "
                                                                          "--bytes"),
         numeric=True),
    *(Rule("python -m pytest --collect-only", (python, "-m", "pytest"),
           _set("--collect-only --co -q --quiet -v --verbose --strict-markers"),
           _set("-k -m --ignore --deselect --ignore-glob"),
           required=_set("--collect-only --co"),
           inject=("-p", "no:cacheprovider", "--capture=no"), runs_code=True)
      for python in ("python", "python3")),
)


def builtin_rule_names() -> tuple[str, ...]:
    """Names of the built-in rules, as ``tools.allow_commands`` spells them."""
    return tuple(dict.fromkeys(rule.name for rule in _BUILTIN))


def build_rules(allowed: tuple[str, ...]) -> tuple[Rule, ...]:
    """The rules for ``tools.allow_commands``: built-in names, or custom command prefixes."""
    rules: list[Rule] = []
    for entry in allowed:
        words = tuple(entry.split())
        builtins = [rule for rule in _BUILTIN if rule.name == " ".join(words)]
        if builtins:
            rules.extend(builtins)
        elif words:
            rules.append(Rule(entry, words, paths="free", any_option=True))
    return tuple(rules)


def find_rule(argv: list[str], rules: tuple[Rule, ...]) -> Rule:
    """The rule with the longest prefix matching ``argv``.

    Raises:
        RefusalError: ``not-allowed`` when no rule matches.
    """
    matching = [rule for rule in rules if tuple(argv[:len(rule.prefix)]) == rule.prefix]
    if matching:
        return max(matching, key=lambda rule: len(rule.prefix))
    allowed = ", ".join(sorted({rule.name for rule in rules})) or "none"
    why = ""
    if "/" in argv[0]:
        why = " (give the program's name, not a path)"
    elif argv[0] == "git" and len(argv) > 1 and argv[1].startswith("-"):
        why = " (git options before the subcommand are not allowed)"
    raise RefusalError("not-allowed", f"command {argv[0]!r}{_sub(argv)} is not on the "
                       f"allowlist{why}; allowed: {allowed}. Reading files goes through "
                       "read_file, searching through grep")


def _sub(argv: list[str]) -> str:
    return f" {argv[1]!r}" if argv[0] in {"git", "python", "python3"} and len(argv) > 1 else ""


def parse_arguments(rule: Rule, args: list[str]) -> Parsed:
    """Split ``args`` (after the prefix) into options and positionals, checking options.

    Raises:
        RefusalError: ``not-allowed`` for an option the rule does not list.
    """
    options: list[str] = []
    positionals: list[str] = []
    values: list[tuple[str, str]] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return _finish(rule, options, positionals, args[index + 1:], values)
        if arg == "-" or not arg.startswith("-") or rule.any_option:
            (options if rule.any_option and arg.startswith("-") else positionals).append(arg)
            index += 1
            continue
        taken = _option(rule, arg, args[index + 1] if index + 1 < len(args) else None)
        options.extend(args[index:index + taken])
        if taken == 2 or "=" in arg:
            values.append((arg.partition("=")[0], args[index + 1] if taken == 2
                           else arg.partition("=")[2]))
        elif len(arg) > 2 and arg[:2] in rule.valued:
            values.append((arg[:2], arg[2:]))
        index += taken
    return _finish(rule, options, positionals, [], values)


def _finish(rule: Rule, options: list[str], positionals: list[str], rest: list[str],
            values: list[tuple[str, str]]) -> Parsed:
    if rule.required and not any(o.partition("=")[0] in rule.required for o in options):
        need = " or ".join(sorted(rule.required))
        raise RefusalError("not-allowed", f"{rule.name!r} needs {need}")
    return Parsed(tuple(options), tuple(positionals), tuple(rest), tuple(values))


def _option(rule: Rule, arg: str, following: str | None) -> int:
    """How many argv items the option ``arg`` takes (1 or 2); refuse unknown options."""
    if arg.startswith("--"):
        name, eq, _ = arg.partition("=")
        if name in rule.valued:
            return 1 if eq else _needs(rule, name, following)
        if name in rule.optional or (name in rule.flags and not eq):
            return 1
    else:
        if rule.numeric and arg[1:].isdigit():
            return 1
        if arg[:2] in rule.valued:
            return 1 if len(arg) > 2 else _needs(rule, arg, following)
        if arg[:2] in rule.optional:
            return 1
        if all(f"-{char}" in rule.flags for char in arg[1:]):
            return 1
    raise RefusalError("not-allowed", f"option {arg!r} is not allowed for {rule.name!r}; "
                       "only read-only options are (see the tool description)")


def _needs(rule: Rule, name: str, following: str | None) -> int:
    if following is None:
        raise RefusalError("not-allowed", f"option {name!r} of {rule.name!r} needs a value")
    return 2
