"""The planner's answer, read leniently and checked against the CV.

The planner answers in labelled lines (``ROLE:``, ``JOBS: J1, J2``, ``PROJECTS: P1``,
``FOCUS: ...``); in recommend mode each ``ROLE:`` line also carries ``EVIDENCE:`` quotes
from the CV. Anything unreadable falls back to a safe default: every job, every project,
and (for recommendations) the CV's own job titles with their header lines as evidence. A
recommended role survives only with at least one quote that really is a CV line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from pse.tasks.resume.cv import CvEntry

_LABEL = re.compile(r"^\s*(?:[-*]\s*)?(?:\*\*)?(?P<label>role|target role|jobs?|projects?|"
                    r"focus|keywords|角色|职位|目标职位|工作|项目|重点|关键词)(?:\*\*)?\s*"
                    r"(?:\d+\s*)?[:：]\s*(?P<value>.*)$", re.IGNORECASE)
_KEY = re.compile(r"\b([JP])\s*(\d{1,2})\b", re.IGNORECASE)
_EVIDENCE = re.compile(r"\s*[|｜]\s*(?:evidence|cv|依据|证据)\s*[:：]\s*", re.IGNORECASE)
_QUOTE = re.compile(r"\"([^\"]{6,})\"|“([^”]{6,})”|「([^」]{6,})」|'([^']{12,})'")
_MAX_ROLES = 3
_MIN_MATCH = 88


@dataclass(frozen=True)
class RoleChoice:
    """A recommended role and the CV lines that support it."""

    name: str
    evidence: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()
    """What the CV does not show for the role (from the role table)."""


@dataclass(frozen=True)
class Plan:
    """What the resume will contain and what it is aimed at."""

    role: str
    jobs: tuple[str, ...]
    """Keys of the CV jobs the resume keeps (most recent first)."""
    projects: tuple[str, ...]
    focus: tuple[str, ...] = ()
    roles: tuple[RoleChoice, ...] = ()
    """Recommend mode: the ranked roles that survived the check."""

    def selected(self, entries: Sequence[CvEntry]) -> list[CvEntry]:
        """The CV entries the plan keeps."""
        keys = set(self.jobs) | set(self.projects)
        return [e for e in entries if e.key in keys]


def parse_plan(text: str, entries: Sequence[CvEntry], *, cv_lines: Sequence[str],
               recommend: bool, role: str = "", default_role: str = "") -> Plan:
    """Read the planner's reply; ``role`` (the user's ``--role``) wins over the model's."""
    labels: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = _LABEL.match(line)
        if match:
            labels.setdefault(_canonical(match.group("label")), []).append(
                match.group("value").strip())
    jobs = _keys(labels.get("jobs", []), entries, "job")
    projects = _keys(labels.get("projects", []), entries, "project")
    all_jobs = tuple(e.key for e in entries if e.kind == "job")
    if recommend or not jobs or (all_jobs and all_jobs[0] not in jobs):
        # a resume without the current job is no resume; and a recommendation is about
        # the whole career, so it keeps every job
        jobs = all_jobs
    if not projects:
        projects = tuple(e.key for e in entries if e.kind == "project")
    focus = tuple(f.strip() for v in labels.get("focus", []) for f in re.split(r"[,，、;；]", v)
                  if f.strip())[:8]
    roles: tuple[RoleChoice, ...] = ()
    if recommend:
        roles = tuple(check_roles([_role(v) for v in labels.get("role", [])], cv_lines))
        if not roles and not default_role:
            roles = tuple(fallback_roles(entries))
    # recommend mode: an unchecked role of the model never wins over the role table's
    chosen = role or (roles[0].name if roles else "") or (
        default_role if recommend else "") or _first_role(labels) or default_role
    return Plan(role=chosen, jobs=jobs, projects=projects, focus=focus, roles=roles)


def _canonical(label: str) -> str:
    label = label.lower()
    if label in {"role", "target role", "角色", "职位", "目标职位"}:
        return "role"
    if label.startswith("job") or label == "工作":
        return "jobs"
    if label.startswith("project") or label == "项目":
        return "projects"
    return "focus"


def _keys(values: list[str], entries: Sequence[CvEntry], kind: str) -> tuple[str, ...]:
    known = {e.key for e in entries if e.kind == kind}
    found = [f"{m.group(1).upper()}{int(m.group(2))}" for v in values for m in _KEY.finditer(v)]
    return tuple(k for k in dict.fromkeys(found) if k in known)


def _first_role(labels: dict[str, list[str]]) -> str:
    values = labels.get("role", [])
    return _role(values[0]).name if values else ""


def _role(value: str) -> RoleChoice:
    parts = _EVIDENCE.split(value, maxsplit=1)
    name, rest = parts[0], (parts[1] if len(parts) > 1 else "")
    quotes = [next(g for g in m.groups() if g) for m in _QUOTE.finditer(rest)]
    if not quotes and rest:
        quotes = [q.strip() for q in re.split(r"\s*[;；]\s*", rest) if q.strip()]
    name = re.sub(r"^\s*\d+[.)、]\s*|\*+", "", name).strip().strip("\"“”")
    return RoleChoice(name=name, evidence=tuple(quotes))


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"^\s*(?:[-*•·]|\d+[.)])\s*|\*\*|#+\s*", "", text)).strip()


def _cv_line(quote: str, cv_lines: Sequence[str]) -> str | None:
    """The CV line ``quote`` reproduces (nearly verbatim), or None."""
    wanted = _clean(quote)
    if len(wanted) < 6:
        return None
    best, score = None, 0.0
    for line in cv_lines:
        candidate = _clean(line)
        if len(candidate) < 6:
            continue
        value = fuzz.ratio(wanted, candidate) if len(wanted) >= 0.8 * len(candidate) else (
            fuzz.partial_ratio(wanted, candidate) if len(wanted) >= 20 else 0.0)
        if value > score:
            best, score = candidate, value
    return best if score >= _MIN_MATCH else None


def check_roles(roles: Sequence[RoleChoice], cv_lines: Sequence[str]) -> list[RoleChoice]:
    """The roles with at least one real CV line as evidence (quotes replaced by the CV's
    own line); names with numbers or over eight words are not role names."""
    out: list[RoleChoice] = []
    for role in roles:
        if not role.name or re.search(r"\d", role.name) or len(role.name.split()) > 8:
            continue
        lines = [line for q in role.evidence if (line := _cv_line(q, cv_lines))]
        if lines and role.name.casefold() not in {r.name.casefold() for r in out}:
            out.append(RoleChoice(role.name, tuple(dict.fromkeys(lines))))
    return out[:_MAX_ROLES]


def fallback_roles(entries: Sequence[CvEntry]) -> list[RoleChoice]:
    """The CV's own job titles, most recent first, each with its job's header line and
    first bullet as evidence (used when no recommended role could be checked)."""
    out: list[RoleChoice] = []
    for entry in entries:
        if entry.kind != "job" or not entry.title:
            continue
        if entry.title.casefold() in {r.name.casefold() for r in out}:
            continue
        evidence = [_clean(entry.header_text), *entry.bullets[:1]]
        out.append(RoleChoice(entry.title, tuple(evidence)))
    return out[:_MAX_ROLES]
