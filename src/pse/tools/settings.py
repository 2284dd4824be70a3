"""The sandbox's knobs, as one frozen value built from pse settings (``tools.*`` keys).

The project being written about may carry its own ``[tool.pse.tools]`` table; it may
narrow the sandbox but never widen it (:meth:`ToolSettings.for_project`): custom command
rules, ``allow-secrets``, ``allow-hardlinks`` and ``isolate-network = false`` count only
when they come from the user (CLI, environment, a config file outside the project).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, fields
from pathlib import Path

from pse.errors import ConfigError
from pse.tools.rules import builtin_rule_names

DEFAULT_COMMANDS: tuple[str, ...] = (
    "git log", "git show", "git diff", "git grep", "git ls-files", "git blame", "git status",
    "ls", "wc", "head", "python -m pytest --collect-only",
)
"""The built-in read-only command rules enabled by default (see :mod:`pse.tools.rules`)."""


@dataclass(frozen=True)
class ToolSettings:
    """Limits and permissions shared by every tool of a :class:`~pse.tools.Sandbox`."""

    allow_commands: tuple[str, ...] = DEFAULT_COMMANDS
    """Command rules ``run_command`` accepts; an empty tuple disables it."""
    allow_secrets: tuple[str, ...] = ()
    """Glob patterns taken off the secrets deny-list (e.g. ``.env.test``)."""
    allow_hardlinks: bool = False
    """Read regular files that have several names (another may be outside the root)."""
    timeout: float = 30.0
    """Seconds a command (or a grep) may run; the seeds' value."""
    max_output: int = 20_000
    """Characters a tool returns at most; longer results end with a truncation notice."""
    max_file_size: int = 1_000_000
    """Bytes read from one file at most, by read_file and grep."""
    max_memory: int = 2048
    """Address-space limit of a command, in MiB."""
    max_matches: int = 200
    """Matching lines grep reports at most."""
    isolate_network: bool = True
    """Run commands without network (bubblewrap or ``unshare``) when the platform allows."""
    isolation: str = "auto"
    """``auto``: run commands under bubblewrap where it works; ``none``: never (the
    fallback mode, where commands that can run project code are refused)."""

    def __post_init__(self) -> None:
        if self.isolation not in {"auto", "none"}:
            raise ConfigError(f"setting 'tools.isolation' is {self.isolation!r}; it must be "
                              "'auto' or 'none'")
        minimums = {"timeout": 1, "max_output": 2000, "max_file_size": 1024,
                    "max_memory": 64, "max_matches": 1}
        for name, minimum in minimums.items():
            value = getattr(self, name)
            if not isinstance(value, int | float) or value < minimum:
                raise ConfigError(f"setting 'tools.{name}' is {value!r}; it must be a number "
                                  f">= {minimum}")

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> ToolSettings:
        """Build from resolved settings values keyed ``tools.<field>`` (missing = default)."""
        kwargs: dict[str, object] = {}
        for spec in fields(cls):
            key = f"tools.{spec.name}"
            if key not in values:
                continue
            value = values[key]
            kwargs[spec.name] = tuple(value) if isinstance(value, list | tuple) else value
        return cls(**kwargs)  # type: ignore[arg-type]  # pse.config coerced the values

    @classmethod
    def for_project(cls, values: Mapping[str, object], *, project_keys: Collection[str]
                    ) -> ToolSettings:
        """Like :meth:`from_values`, but keys in ``project_keys`` (set by the project's own
        config) may only narrow the sandbox: what they would widen is dropped, and logged."""
        kept = dict(values)
        for key in project_keys:
            narrowed = _narrowed(key, values.get(key))
            if narrowed is not _KEEP:
                _LOG.warning("ignoring %s = %r from the project's own config: a project may "
                             "narrow the agent sandbox, not widen it", key, values.get(key))
                kept[key] = narrowed
        return cls.from_values(kept)


_LOG = logging.getLogger(__name__)
_KEEP = object()


def _narrowed(key: str, value: object) -> object:
    """What of ``value`` a project may set for ``key`` (``_KEEP``: all of it)."""
    if key == "tools.allow_commands" and isinstance(value, list | tuple):
        builtins = [v for v in value if " ".join(str(v).split()) in builtin_rule_names()]
        return _KEEP if len(builtins) == len(value) else builtins
    defaults = {"tools.allow_secrets": (), "tools.allow_hardlinks": False,
                "tools.isolate_network": True}
    if key in defaults and value not in ((), [], defaults[key]):
        return defaults[key]
    return _KEEP


def project_config_keys(sources: Mapping[str, str], *, config_file: Path | None,
                        project: Path) -> frozenset[str]:
    """The ``tools.*`` keys whose value came from a config file inside ``project``."""
    if config_file is None:
        return frozenset()
    inside = Path(os.path.realpath(config_file)).is_relative_to(os.path.realpath(project))
    return frozenset(key for key, source in sources.items()
                     if inside and source in ("pyproject", "repository")
                     and key.startswith("tools."))
