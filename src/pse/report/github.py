"""CI formats: GitHub workflow annotations and a GitLab code-quality report.

GitHub: one workflow command per unverified reference,
``::error file=PATH,line=N,col=C,endColumn=E,title=TITLE::MESSAGE`` (``::warning`` for a
reference configured as a warning), then a ``::notice`` with the coverage line. Paths
are relative to the repository root, which is where GitHub places annotations. Values
are escaped as GitHub's toolkit does: ``%``, ``\\r`` and ``\\n`` in the message; those
and ``:`` and ``,`` in properties.

GitLab: the code-quality JSON array (``description``, ``check_name``, ``fingerprint``,
``severity``, ``location.path``/``lines.begin``), with the SARIF fingerprint.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from pse.report.coverage import NO_EXTRAS, Extras
from pse.report.sarif import artifact_location, result_message, rule_of
from pse.verify.baseline import fingerprint
from pse.verify.refs import CheckedReference


def escape_data(text: str) -> str:
    """A workflow command's message, escaped."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value, escaped."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _repo_path(path: str, *, root: Path | None, cwd: Path | None) -> str:
    location = artifact_location(path, root=root, cwd=cwd)
    uri = location["uri"]
    if "uriBaseId" not in location:
        return path  # outside the repository: GitHub cannot place it anyway
    from urllib.parse import unquote
    return unquote(uri)


def _column(item: CheckedReference, lines_of: Mapping[str, Sequence[str]]) -> int:
    lines = lines_of.get(item.ref.file, ())
    line = lines[item.ref.line - 1] if 0 < item.ref.line <= len(lines) else ""
    found = line.find(item.ref.text) if item.ref.text else -1
    return found + 1 if found >= 0 else 0


def render_github(checked: list[CheckedReference], *, lines_of: Mapping[str, Sequence[str]],
                  root: Path | None = None, cwd: Path | None = None,
                  extras: Extras = NO_EXTRAS) -> str:
    """GitHub Actions workflow commands, one per unverified reference."""
    out: list[str] = []
    for item in checked:
        if item.result.status != "unverified":
            continue
        rule_id, name = rule_of(item.ref.kind)
        props = [f"file={escape_property(_repo_path(item.ref.file, root=root, cwd=cwd))}",
                 f"line={item.ref.line}"]
        column = _column(item, lines_of)
        if column:
            props += [f"col={column}", f"endColumn={column + len(item.ref.text)}"]
        props.append(f"title={escape_property(f'pse {rule_id} {name}')}")
        out.append(f"::{extras.level(item.ref)} {','.join(props)}::"
                   f"{escape_data(result_message(item))}")
    notes = ([extras.coverage.line()] if extras.coverage is not None else []) + \
        list(extras.notes)
    if notes:
        out.append(f"::notice title=pse verify::{escape_data('; '.join(notes))}")
    return "\n".join(out) + ("\n" if out else "")


def render_gitlab(checked: list[CheckedReference], *, lines_of: Mapping[str, Sequence[str]],
                  root: Path | None = None, cwd: Path | None = None,
                  extras: Extras = NO_EXTRAS) -> str:
    """A GitLab code-quality report (JSON array), one issue per unverified reference."""
    issues: list[dict[str, object]] = []
    for item in checked:
        if item.result.status != "unverified":
            continue
        lines = lines_of.get(item.ref.file, ())
        line = lines[item.ref.line - 1] if 0 < item.ref.line <= len(lines) else ""
        _, name = rule_of(item.ref.kind)
        issues.append({
            "type": "issue", "check_name": name, "description": result_message(item),
            "categories": ["Bug Risk"],
            "severity": "major" if extras.level(item.ref) == "error" else "minor",
            "fingerprint": fingerprint(item.ref, line),
            "location": {"path": _repo_path(item.ref.file, root=root, cwd=cwd),
                         "lines": {"begin": item.ref.line}}})
    return json.dumps(issues, ensure_ascii=False, indent=2) + "\n"
