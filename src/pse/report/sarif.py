"""SARIF 2.1.0 for code-scanning UIs: one result per unverified reference.

Artifact URIs are relative to the repository root (``uriBaseId`` ``%SRCROOT%``) whatever
form the documents were given in, so code-scanning UIs can place them; outside a
repository the base is the nearest folder holding the source and every document. Every
rule carries a short and a full description, help text and a ``helpUri``.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from pse import __version__
from pse.report.coverage import NO_EXTRAS, Extras
from pse.verify.check import CheckedReference

_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
BASE_ID = "%SRCROOT%"
INFORMATION_URI = "https://pypi.org/project/pse/"
HELP_URI = INFORMATION_URI + "#sarif-rules"
_RULES = {
    "symbol": ("PSE001", "unverified-symbol", "A code symbol that the source tree does not define"),
    "module": ("PSE002", "unverified-module", "A module that the source tree does not contain"),
    "path": ("PSE003", "unverified-path", "A file or folder that does not exist"),
    "path_line": ("PSE004", "unverified-line", "A file:line reference out of range"),
    "command": ("PSE005", "unverified-command", "A command naming a missing module"),
    "env_var": ("PSE006", "unverified-env-var", "An environment variable nothing reads"),
    "flag": ("PSE007", "unverified-flag", "A command-line option nothing defines"),
    "quote": ("PSE008", "misquoted-code", "A code block whose lines are not in the file it "
              "is attributed to"),
    "claim": ("PSE009", "false-claim", "A statement about the code (inheritance, location, "
              "kind, parameters, members, calls, raises) that the source contradicts"),
    "unsupported": ("PSE010", "unsupported", "A sentence about the code that no span of the "
                    "source backs (pse verify --evidence)"),
}
_FIX = ("Correct the reference from the source tree (the message names the closest real "
        "name when there is one), or remove it; silence a deliberate one with "
        "`<!-- pse: ignore -->` or `[tool.pse.verify] ignore`.")


def render_sarif(checked: list[CheckedReference], *, lines_of: Mapping[str, Sequence[str]],
                 root: Path | None = None, cwd: Path | None = None,
                 extras: Extras = NO_EXTRAS) -> str:
    """The SARIF log.

    Args:
        checked: the checked references.
        lines_of: document path -> its lines (for fingerprints and columns).
        root: the repository root (absolute) that artifact URIs are relative to; without
            it the document paths are used as they are.
        cwd: the folder relative document paths are relative to (absolute).
        extras: severities, history and coverage (the run's ``properties``).
    """
    if root is not None:
        root = _common_base(root, [item.ref.file for item in checked], cwd=cwd)
    results = [_result(item, lines_of, root=root, cwd=cwd, extras=extras) for item in checked
               if item.result.status == "unverified"]
    run: dict[str, object] = {
        "tool": {"driver": {"name": "pse", "version": __version__,
                            "informationUri": INFORMATION_URI, "rules": _rules()}},
        "results": results}
    if extras.coverage is not None:
        run["properties"] = {"coverage": extras.coverage.as_dict(), "notes": list(extras.notes)}
    if root is not None:
        run["originalUriBaseIds"] = {BASE_ID: {"description": {
            "text": "The root of the repository the documents belong to"}}}
    log = {"$schema": _SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


_UNSUPPORTED_FIX = ("Rewrite the sentence from the span the message names, or delete it "
                    "(pse verify --evidence --all shows the span of every sentence).")


def _rules() -> list[dict[str, object]]:
    return [{"id": rule_id, "name": name, "shortDescription": {"text": text},
             "fullDescription": {"text": f"{text}: " + (
                 "its names, words, return values or counts are in no definition of the "
                 "code it is about."
                 if name == "unsupported" else
                 "the document names it, the source tree does not have it.")},
             "help": {"text": fix, "markdown": fix}, "helpUri": HELP_URI,
             "defaultConfiguration": {"level": "error"}}
            for rule_id, name, text in sorted(_RULES.values())
            for fix in [_UNSUPPORTED_FIX if name == "unsupported" else _FIX]]


def _result(item: CheckedReference, lines_of: Mapping[str, Sequence[str]], *,
            root: Path | None, cwd: Path | None, extras: Extras) -> dict[str, object]:
    ref = item.ref
    rule_id = _RULES[ref.kind][0]
    text = lines_of.get(ref.file, [])
    line_text = text[ref.line - 1] if 0 < ref.line <= len(text) else ""
    # the reference text is part of the hash: two flags on one line are two alerts
    digest = hashlib.sha256(f"{ref.file}|{rule_id}|{line_text}|{ref.text}".encode()
                            ).hexdigest()
    message = result_message(item)
    region: dict[str, int] = {"startLine": ref.line}
    column = line_text.find(ref.text) if ref.text else -1
    if column >= 0:
        region |= {"startColumn": column + 1, "endColumn": column + 1 + len(ref.text)}
    found: dict[str, object] = {
        "ruleId": rule_id, "level": extras.level(ref), "message": {"text": message},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact_location(ref.file, root=root, cwd=cwd),
            "region": region}}],
        "partialFingerprints": {"primaryLocationLineHash": digest},
    }
    if ref in extras.history:
        found["properties"] = {"history": extras.history[ref].as_dict()}
    return found


def rule_of(kind: str) -> tuple[str, str]:
    """The SARIF rule id and name of a reference kind."""
    rule_id, name, _ = _RULES.get(kind, _RULES["symbol"])
    return rule_id, name


def result_message(item: CheckedReference) -> str:
    """The one-line message of an unverified reference (its suggestion included)."""
    ref, result = item.ref, item.result
    message = f"{ref.text!r}: {result.message}"
    if ref.kind == "claim":
        message = f"false claim {ref.text!r}: {result.message}"
    if result.suggestion:
        message += f"; did you mean {result.suggestion!r}?"
    return message


def _common_base(root: Path, paths: list[str], *, cwd: Path | None) -> Path:
    """``root``, or the nearest folder above it that holds every document too (docs beside
    a package folder given as the source, no repository around them), so every URI is
    relative to one base; ``root`` itself when only the file system root would do."""
    absolute = [posixpath.normpath(p if posixpath.isabs(p) else
                                   posixpath.join((cwd or root).as_posix(), p))
                for p in sorted(set(paths))]
    try:
        common = posixpath.commonpath([root.as_posix(), *absolute])
    except ValueError:
        return root
    return Path(common) if common not in ("/", "") else root


def artifact_location(path: str, *, root: Path | None, cwd: Path | None) -> dict[str, str]:
    """The ``artifactLocation`` of a document: relative to ``root`` when inside it."""
    if root is None:
        return {"uri": quote(path, safe="/")}
    posix = PurePosixPath(path)
    absolute = posix if posix.is_absolute() else PurePosixPath(
        (cwd or root).as_posix()) / posix
    normal = posixpath.normpath(str(absolute))
    base = posixpath.normpath(root.as_posix())
    if normal == base or not normal.startswith(base.rstrip("/") + "/"):
        return {"uri": Path(normal).as_uri()}
    return {"uri": quote(posixpath.relpath(normal, base), safe="/"), "uriBaseId": BASE_ID}
