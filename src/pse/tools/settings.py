"""The sandbox's knobs, as one frozen value built from pse settings (``tools.*`` keys)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from pse.errors import ConfigError

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
