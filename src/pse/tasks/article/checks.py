"""The article task's checks beyond code references: wording, leaks, numbers, translation.

Each returns findings with the exact span and 1-based line, so the fix step can target
them and the fallback can delete them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from pse.index.facts import ProjectFacts
from pse.tasks.article.text import sentences
from pse.text import Document
from pse.verify.finding import Finding

_LEAK = re.compile(
    r"^\s*(?:[-*>]\s*)?(?:thought|thinking|final answer|action|action input|observation|"
    r"reasoning|outline|notes to self|todo|draft|思考|想法|最终答案|大纲|提纲|草稿)\s*[:：]",
    re.IGNORECASE)
_THINK = re.compile(r"</?think>", re.IGNORECASE)
_COUNT = re.compile(
    r"(?P<num>\d[\d,]*)\s*(?:\+\s*)?(?P<what>python files|source files|files|lines of code|"
    r"lines|个\s*python\s*文件|个文件|行代码|行)", re.IGNORECASE)
_VERSION_NUMBER = r"(?P<ver>\d+\.\d+(?:\.\d+)?(?:[a-z]+\d*)?)"
_WHOLE_REPO = re.compile(
    r"\b(?:the|this|its|whole|entire) (?:repository|repo|project|codebase|code base|package|"
    r"library|source tree|source code)\b|\b(?:in total|altogether|overall)\b|"
    r"整个|全部|项目|仓库|代码库|总共|一共|共有", re.IGNORECASE)


def load_terms(folder: Path, lang: str, *, kind: str = "exaggeration") -> list[str]:
    """Lines of ``<kind>.<lang>.txt`` (``#`` comments): banned terms or patterns."""
    path = folder / f"{kind}.{lang}.txt"
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


def numeric_claims(text: str | Document, facts: ProjectFacts, *, path: str,
                   tolerance: float = 0.1) -> list[Finding]:
    """Repository-wide counts of files/lines and the project's version, against the facts.

    Only a sentence that claims a figure of the whole repository is checked ("the project
    has 12 files"); "this method is 12 lines long" or "reads 2 files" is not. A version is
    checked only when it is said of the project by name ("tinyqueue 0.3", "version 0.3 of
    tinyqueue"), never "Python 3.11".
    """
    findings = []
    for number, sentence in sentences(text):  # numbers in code are not claims
        findings.extend(_count_findings(sentence, facts, path=path, line=number,
                                        tolerance=tolerance))
        findings.extend(_version_findings(sentence, facts, path=path, line=number))
    return findings


def _count_findings(sentence: str, facts: ProjectFacts, *, path: str, line: int,
                    tolerance: float) -> list[Finding]:
    if not _WHOLE_REPO.search(sentence):
        return []
    files = sum(facts.files_per_language.values())
    lines = sum(facts.lines_per_language.values())
    python_files = facts.files_per_language.get("python", 0)
    findings = []
    for match in _COUNT.finditer(sentence):
        claimed = int(match.group("num").replace(",", ""))
        what = match.group("what").lower()
        real = python_files if "python" in what else (
            files if "file" in what or "文件" in what else lines)
        if real and abs(claimed - real) > max(1, real * tolerance):
            findings.append(Finding(
                rule="numeric-claim", path=path, line=line, text=match.group(0),
                message=f"the repository has {real} {what}, not {claimed}",
                hint=f"use {real} or delete the number", kind="number"))
    return findings


def _version_findings(sentence: str, facts: ProjectFacts, *, path: str,
                      line: int) -> list[Finding]:
    if not (facts.version and facts.name):
        return []
    name = re.escape(facts.name)
    said_of_project = re.compile(
        rf"(?:\b{name}\b[`'’s]*\s+(?:(?:is\s+(?:at|on)\s+)?version\s+|v|版本\s*|的版本是\s*)?"
        rf"{_VERSION_NUMBER}|version\s+{_VERSION_NUMBER.replace('ver', 'ver2')}\s+of\s+`?{name}\b)",
        re.IGNORECASE)
    findings = []
    for match in said_of_project.finditer(sentence):
        version = match.group("ver") or match.group("ver2")
        if version != facts.version:
            findings.append(Finding(
                rule="numeric-claim", path=path, line=line, text=version,
                message=f"the project's version is {facts.version}, not {version}",
                hint=f"use {facts.version} or delete", kind="number"))
    return findings


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
