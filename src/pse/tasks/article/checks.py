"""The article task's checks beyond code references: wording, leaks, numbers, translation.

Each returns findings with the exact span and 1-based line, so the fix step can target
them and the fallback can delete them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from pse.index.facts import ProjectFacts
from pse.verify.finding import Finding

_LEAK = re.compile(
    r"^\s*(?:[-*>]\s*)?(?:thought|thinking|final answer|action|action input|observation|"
    r"reasoning|outline|notes to self|todo|draft|思考|想法|最终答案|大纲|提纲|草稿)\s*[:：]",
    re.IGNORECASE)
_THINK = re.compile(r"</?think>", re.IGNORECASE)
_COUNT = re.compile(
    r"(?P<num>\d[\d,]*)\s*(?:\+\s*)?(?P<what>python files|files|lines of code|lines|"
    r"个文件|行代码|行)", re.IGNORECASE)
_VERSION = re.compile(r"(?:version|版本|\bv)\s*(?P<ver>\d+\.\d+(?:\.\d+)?(?:[a-z]+\d*)?)",
                      re.IGNORECASE)


def load_terms(folder: Path, lang: str) -> list[str]:
    """Banned terms for ``lang`` from ``exaggeration.<lang>.txt`` (``#`` comments)."""
    path = folder / f"exaggeration.{lang}.txt"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def exaggerations(text: str, terms: Iterable[str], *, path: str) -> list[Finding]:
    """Every occurrence of a banned term."""
    findings: list[Finding] = []
    for number, line in enumerate(text.split("\n"), start=1):
        lower = line.lower()
        for term in terms:
            if term.lower() in lower:
                start = lower.index(term.lower())
                findings.append(Finding(
                    rule="exaggeration", message=f"exaggerated or unverifiable term {term!r}",
                    path=path, line=number, text=line[start:start + len(term)],
                    hint="state what the code does instead, or delete", kind="wording"))
    return findings


def reasoning_leaks(text: str, *, path: str) -> list[Finding]:
    """Lines that are the model's notes, not the article."""
    findings = []
    for number, line in enumerate(text.split("\n"), start=1):
        if _LEAK.match(line) or _THINK.search(line):
            findings.append(Finding(rule="reasoning-leak", message="not part of the article",
                                    path=path, line=number, text=line.strip(),
                                    hint="delete the line", kind="leak"))
    return findings


def repetitions(text: str, *, path: str) -> list[Finding]:
    """A sentence or paragraph said again: the later copies (small models loop)."""
    findings = []
    seen: set[str] = set()
    in_code = False
    for number, line in enumerate(text.split("\n"), start=1):
        if line.lstrip().startswith(("```", "~~~")):
            in_code = not in_code
            continue
        key = re.sub(r"\W+", " ", line).strip().lower()
        if in_code or len(key.split()) < 6 and len(key) < 24:
            continue  # short lines (headings, list stubs) may repeat legitimately
        if key in seen:
            findings.append(Finding(rule="repetition", message="this line repeats an earlier one",
                                    path=path, line=number, text=line.strip(),
                                    hint="delete the repetition", kind="wording"))
        seen.add(key)
    return findings


def numeric_claims(text: str, facts: ProjectFacts, *, path: str,
                   tolerance: float = 0.1) -> list[Finding]:
    """Counts of files/lines and the project's version, checked against ProjectFacts."""
    findings = []
    files = sum(facts.files_per_language.values())
    lines = sum(facts.lines_per_language.values())
    python_files = facts.files_per_language.get("python", 0)
    for number, line in _prose_lines(text):
        for match in _COUNT.finditer(line):
            claimed = int(match.group("num").replace(",", ""))
            what = match.group("what").lower()
            real = python_files if "python" in what else (
                files if "file" in what or "文件" in what else lines)
            if real and abs(claimed - real) > max(1, real * tolerance):
                findings.append(Finding(
                    rule="numeric-claim", path=path, line=number, text=match.group(0),
                    message=f"the repository has {real} {what}, not {claimed}",
                    hint=f"use {real} or delete the number", kind="number"))
        if facts.version:
            for match in _VERSION.finditer(line):
                version = match.group("ver")
                if _is_project_version_claim(line, facts) and version != facts.version:
                    findings.append(Finding(
                        rule="numeric-claim", path=path, line=number, text=match.group(0),
                        message=f"the project's version is {facts.version}, not {version}",
                        hint=f"use {facts.version} or delete", kind="number"))
    return findings


def _prose_lines(text: str) -> Iterable[tuple[int, str]]:
    """Numbered lines outside fenced code blocks (numbers in code are not claims)."""
    fence = ""
    for number, line in enumerate(text.split("\n"), start=1):
        marker = line.lstrip()[:3]
        if marker in ("```", "~~~") and (not fence or marker == fence):
            fence = "" if fence else marker
            continue
        if not fence:
            yield number, line


def _is_project_version_claim(line: str, facts: ProjectFacts) -> bool:
    """Only versions said of the project itself (its name on the line) are checked."""
    return bool(facts.name) and facts.name.lower() in line.lower()


def reference_set_changes(original: set[str], translated: set[str], *, path: str,
                          lines: dict[str, int]) -> list[Finding]:
    """A translation must keep exactly the original's code references."""
    findings = []
    for name in sorted(original - translated):
        findings.append(Finding(
            rule="translation-dropped-ref", path=path, line=None, text=name,
            message=f"the translation dropped the code reference {name!r}",
            hint="keep every code name of the original, untranslated", kind="translation"))
    for name in sorted(translated - original):
        findings.append(Finding(
            rule="translation-added-ref", path=path, line=lines.get(name), text=name,
            message=f"the translation added {name!r}, which the original does not mention",
            hint="delete it", kind="translation"))
    return findings
