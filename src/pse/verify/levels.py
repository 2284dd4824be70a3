"""Per-rule severity of unverified references (``[tool.pse.verify.rules]``).

A rule is a reference kind (``symbol``, ``path``, ``path_line``, ``module``, ``command``,
``env_var``, ``flag``, ``quote``, ``claim``) or one of the finer command rules:
``make``, ``just``, ``tox``, ``nox``, ``poe``, ``npm`` (``npm``/``yarn``/``pnpm``
scripts) and ``requires-python``. A finer rule wins over its kind. Its level is
``error`` (the default: fails the run), ``warning`` (reported, does not fail) or
``off`` (not reported: the reference becomes ``ignored``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from difflib import get_close_matches
from typing import Literal

from pse.verify.pyversion import RULE as PYTHON_RULE
from pse.verify.refs import CheckedReference, Reference
from pse.verify.targets import TOOLS

Level = Literal["error", "warning", "off"]
KINDS = ("symbol", "path", "path_line", "module", "command", "env_var", "flag", "quote",
         "claim")
RULES = (*KINDS, *sorted(set(TOOLS.values())), PYTHON_RULE)
LEVELS: tuple[Level, ...] = ("error", "warning", "off")


def parse_rules(table: Mapping[str, object], *, source: str) -> dict[str, Level]:
    """The rule table, checked.

    Raises:
        ValueError: an unknown rule or level (the message names it and the fix).
    """
    rules: dict[str, Level] = {}
    for raw, value in table.items():
        rule = raw.replace("-", "_") if raw.replace("-", "_") in KINDS else raw
        if rule not in RULES:
            close = get_close_matches(rule, RULES, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; rules: {', '.join(RULES)}"
            raise ValueError(f"unknown rule {raw!r} in {source}{hint}")
        level = next((name for name in LEVELS if name == str(value).lower()), None)
        if level is None:
            raise ValueError(f"rule {raw!r} in {source} is {value!r}; give one of "
                             f"{', '.join(LEVELS)}")
        rules[rule] = level
    return rules


def rule_of(ref: Reference) -> str:
    """The finest rule that covers ``ref``."""
    if ref.kind == "command":
        return TOOLS.get(ref.name.split(maxsplit=1)[0] if ref.name.strip() else "", "command")
    if ref.kind == "claim" and ref.name == PYTHON_RULE:
        return PYTHON_RULE
    return ref.kind


def level_of(ref: Reference, rules: Mapping[str, Level]) -> Level:
    """The configured level of ``ref`` (finer rule first, then its kind)."""
    return rules.get(rule_of(ref)) or rules.get(ref.kind) or "error"


def apply_levels(checked: list[CheckedReference], rules: Mapping[str, Level]
                 ) -> tuple[list[CheckedReference], dict[Reference, Literal["error", "warning"]]]:
    """``checked`` with references of rules that are off turned ``ignored``, and the
    level of each remaining unverified one that is not ``error``."""
    out: list[CheckedReference] = []
    levels: dict[Reference, Literal["error", "warning"]] = {}
    for item in checked:
        level = level_of(item.ref, rules) if item.result.status == "unverified" else "error"
        if level == "off":
            message = f"rule {rule_of(item.ref)!r} is off ([tool.pse.verify.rules])"
            item = CheckedReference(item.ref, replace(item.result, status="ignored",
                                                      message=message))
        elif level == "warning":
            levels[item.ref] = "warning"
        out.append(item)
    return out, levels
