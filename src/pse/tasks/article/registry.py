"""Projects registry (``projects.json``) and the style rotation history."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pse.errors import ConfigError, SourceError

STYLES_FILE = Path(__file__).with_name("styles.toml")


@dataclass(frozen=True)
class Style:
    """A narrative style."""

    name: str
    title: str
    guide: str


@dataclass(frozen=True)
class Project:
    """One entry of the projects registry."""

    name: str
    source: str
    description: str = ""
    highlights: list[str] = field(default_factory=list)
    style: str = ""
    repo: str = ""


def load_styles(path: Path = STYLES_FILE) -> dict[str, Style]:
    """Every style defined in ``styles.toml`` (ordered as written)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read the styles file {str(path)!r}: {exc}") from exc
    return {name: Style(name, str(v.get("title", name)), str(v.get("guide", "")))
            for name, v in data.items() if isinstance(v, dict)}


def load_projects(path: Path) -> dict[str, Project]:
    """The registry: a JSON list of ``{name, source, description, highlights, style}``."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SourceError(f"projects file {str(path)!r} does not exist") from exc
    except (OSError, json.JSONDecodeError) as exc:
        raise SourceError(f"cannot read projects file {str(path)!r}: {exc}") from exc
    entries = raw.get("projects", raw) if isinstance(raw, dict) else raw
    if not isinstance(entries, list):
        raise SourceError(f"{str(path)!r} must hold a list of projects")
    projects: dict[str, Project] = {}
    for entry in entries:
        if not isinstance(entry, dict) or "name" not in entry:
            raise SourceError(f"every project in {str(path)!r} needs a 'name': {entry!r}")
        source = str(entry.get("source") or entry.get("source_dir") or entry.get("repo", ""))
        if not source:
            raise SourceError(f"project {entry['name']!r} in {str(path)!r} has no 'source'")
        resolved = (path.parent / source) if not Path(source).is_absolute() else Path(source)
        projects[str(entry["name"])] = Project(
            name=str(entry["name"]), source=str(resolved),
            description=str(entry.get("description", "")),
            highlights=[str(h) for h in entry.get("highlights", [])],
            style=str(entry.get("style", "")), repo=str(entry.get("repo", "")))
    return projects


def choose_style(requested: str, *, project: str, styles: dict[str, Style],
                 history_file: Path) -> str:
    """The requested style, or the least-used one for ``project`` (ties: file order)."""
    if requested:
        if requested not in styles:
            raise ConfigError(f"unknown style {requested!r}; choose one of "
                              f"{', '.join(styles)}")
        return requested
    used = read_history(history_file).get(project, {})
    return min(styles, key=lambda name: (used.get(name, 0), list(styles).index(name)))


def read_history(path: Path) -> dict[str, dict[str, int]]:
    """``project -> style -> times used``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def record_style(path: Path, *, project: str, style: str) -> None:
    """Count one more use of ``style`` for ``project``."""
    history = read_history(path)
    counts = history.setdefault(project, {})
    counts[style] = counts.get(style, 0) + 1
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(history, indent=2, sort_keys=True) + "\n", encoding="utf-8")
