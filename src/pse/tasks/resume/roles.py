"""Roles a CV fits, from a table of roles (``rules/roles.toml``), without a model.

Each role is a short list of requirements written like a job description's; the CV is
matched to it with :func:`~.requirements.match_job`, so a proposed role comes with the CV
lines that support it and the terms the CV lacks for it. The model only words the
recommendation; a role it names that is not in the table is kept only when its quotes
are CV lines (:func:`~.plan.check_roles`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pse.tasks.resume.requirements import match_job

ROLES = Path(__file__).with_name("rules") / "roles.toml"
_MIN_ROLES, _MAX_ROLES = 3, 5
_TITLE_BONUS = 0.25


@dataclass(frozen=True)
class RoleFit:
    """A role, how much of it the CV supports, the CV lines that do, what it lacks."""

    name: str
    score: float
    """Share of the role's requirements the CV supports (partial ones count half)."""
    evidence: tuple[str, ...]
    lacks: tuple[str, ...]
    zh: str = ""


@cache
def role_table() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``(name, Chinese name, requirements)`` of every role in the table."""
    data = tomllib.loads(ROLES.read_text(encoding="utf-8"))
    return tuple((r["name"], r.get("zh", ""), tuple(r["requirements"])) for r in data["role"])


def role_requirements(name: str) -> str:
    """The role's requirements as a job description's list ("" for an unknown role)."""
    for role, zh, requirements in role_table():
        if name.casefold() in (role.casefold(), zh.casefold()):
            return "\n".join(f"- {r}" for r in requirements)
    return ""


def rank_roles(cv: str) -> list[RoleFit]:
    """The table's roles the CV supports, best first: at least three when three have any
    support, at most five."""
    fits: list[RoleFit] = []
    for name, zh, requirements in role_table():
        match = match_job("\n".join(f"- {r}" for r in requirements), cv)
        weights = [1.0 if r.coverage == "covered" else 0.5 if r.coverage == "partial" else 0.0
                   for r in match.requirements]
        score = sum(weights) / len(weights) if weights else 0.0
        if score and any(n and n.casefold() in cv.casefold() for n in (name, zh)):
            score += _TITLE_BONUS  # the CV's own job titles are evidence too
        evidence = tuple(dict.fromkeys(line for r in match.supported for line in r.evidence))
        lacks = tuple(dict.fromkeys(t for r in match.requirements for t in r.missing))
        if score > 0 and evidence:
            fits.append(RoleFit(name, round(score, 2), evidence[:3], lacks, zh))
    fits.sort(key=lambda f: (-f.score, f.name))
    strong = [f for f in fits if f.score >= 0.5]
    return (strong if len(strong) >= _MIN_ROLES else fits[:_MIN_ROLES])[:_MAX_ROLES]
