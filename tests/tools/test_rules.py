"""The command allowlist: rules, option parsing, custom prefixes."""

from __future__ import annotations

import pytest

from pse.tools import DEFAULT_COMMANDS, RefusalError
from pse.tools.rules import Parsed, build_rules, builtin_rule_names, find_rule, parse_arguments

RULES = build_rules(DEFAULT_COMMANDS)


def _parse(argv: list[str]) -> Parsed:
    rule = find_rule(argv, RULES)
    return parse_arguments(rule, argv[len(rule.prefix):])


def test_default_commands_are_all_builtin_rules() -> None:
    assert set(DEFAULT_COMMANDS) == set(builtin_rule_names())


@pytest.mark.parametrize("argv", [
    ["git", "log", "--oneline", "-5", "--pretty=format:%h %s", "--", "src"],
    ["git", "log", "-n", "3", "--author", "me", "--since=2.weeks"],
    ["git", "show", "--stat", "HEAD~2"],
    ["git", "diff", "--cached", "-U5", "--name-only"],
    ["git", "grep", "-n", "-i", "-e", "def main", "-A", "2", "--", "*.py"],
    ["git", "grep", "-inw", "foo"],
    ["git", "blame", "-L", "10,20", "src/app.py"],
    ["git", "status", "--porcelain=v1", "-uno"],
    ["git", "ls-files", "-co", "--exclude-standard"],
    ["ls", "-la", "--color=never", "src"],
    ["wc", "-l", "a", "b"],
    ["head", "-n", "20", "a"], ["head", "-20", "a"], ["head", "-c5", "a"],
    ["python", "-m", "pytest", "--collect-only", "-q", "-k", "slow and not db", "tests"],
    ["python3", "-m", "pytest", "--co", "tests/test_x.py::test_y"],
])
def test_allowed_commands_parse(argv: list[str]) -> None:
    _parse(argv)


@pytest.mark.parametrize(("argv", "why"), [
    (["git", "log", "--output=x"], "option '--output=x'"),
    (["git", "log", "--outp=x"], "option '--outp=x'"),
    (["git", "grep", "-Oid", "x"], "option '-Oid'"),
    (["git", "grep", "-in", "-O", "x"], "option '-O'"),
    (["git", "-c", "a=b", "log"], "git options before the subcommand"),
    (["git", "clone", "x"], "'git' 'clone' is not on the allowlist"),
    (["/usr/bin/git", "log"], "not a path"),
    (["python", "-m", "pytest"], "needs --co or --collect-only"),
    (["python", "-c", "1"], "'python' '-c' is not on the allowlist"),
    (["head", "-n"], "needs a value"),
    (["ls", "-laL"], "option '-laL'"),
])
def test_refused_commands_name_the_reason(argv: list[str], why: str) -> None:
    with pytest.raises(RefusalError) as info:
        _parse(argv)
    assert info.value.code == "not-allowed"
    assert why in str(info.value)


def test_parse_keeps_option_values_with_their_options() -> None:
    parsed = _parse(["git", "grep", "-e", "--not-an-option", "-A3", "--", "-weird-file"])
    assert parsed.options == ("-e", "--not-an-option", "-A3")
    assert parsed.values == (("-e", "--not-an-option"), ("-A", "3"))
    assert parsed.positionals == ()
    assert parsed.after_dashdash == ("-weird-file",)


def test_custom_entries_are_prefixes_accepting_any_option() -> None:
    rules = build_rules(("ls", "make -n"))
    rule = find_rule(["make", "-n", "--debug=b", "all"], rules)
    assert rule.name == "make -n"
    parsed = parse_arguments(rule, ["--debug=b", "all"])
    assert parsed.options == ("--debug=b",) and parsed.positionals == ("all",)
    with pytest.raises(RefusalError):
        find_rule(["make", "all"], rules)


def test_longest_prefix_wins() -> None:
    rules = build_rules(("git log", "git"))
    assert find_rule(["git", "log", "-1"], rules).name == "git log"
    assert find_rule(["git", "fetch"], rules).name == "git"
