"""Secrets: which files inside a root are off limits, and which values never leave a tool.

Two independent guards. The *deny-list* stops the tools from reading files that usually
hold credentials (``.env``, private keys, ``.git/config``, ``.netrc``...) even though they
sit inside the project; template files such as ``.env.example`` are documentation and stay
readable, and a project can allow more names explicitly. The *scrubber* replaces the value
of every secret-looking environment variable (its name contains KEY, TOKEN, SECRET,
PASSWORD, PASSWD or CREDENTIAL) wherever it appears in a tool's output or event, so an API
key the process holds can never reach the model or the trace, even from an ordinary file.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

SECRET_PATTERNS: tuple[str, ...] = (
    # environment files (templates are allowed below)
    ".env", ".env.*", "*.env", ".envrc",
    # private keys and key stores
    "*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore", "*.kdbx", "*.ppk",
    "id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*",
    # credential files of common tools
    ".netrc", "_netrc", ".npmrc", ".pypirc", ".pgpass", ".git-credentials", ".htpasswd",
    ".dockercfg", "credentials", "credentials.*", "*.tfvars", "terraform.tfstate*",
    "secrets.yaml", "secrets.yml", "secrets.json", "secrets.toml",
    # configuration folders that hold credentials (may sit at any depth); inside ``.git``
    # see also :func:`is_secret_path` (submodule and worktree config, fetch records)
    ".git/config", ".ssh/*", ".aws/*", ".gnupg/*", ".kube/config", ".docker/config.json",
)
"""Glob patterns, matched case-insensitively: without ``/`` against the file name, with
``/`` against any run of consecutive path components (so ``.ssh/*`` covers everything
below a ``.ssh`` folder, at any depth)."""

DOCUMENTATION_PATTERNS: tuple[str, ...] = (".env.example", ".env.sample", ".env.template")
"""Names that match :data:`SECRET_PATTERNS` but are documentation, hence readable."""

_SECRET_ENV_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL", re.IGNORECASE)
_MIN_SECRET_LENGTH = 8
"""Shorter values (``1``, ``true``) are too common to redact without mangling output."""
_MIN_PARTIAL = 4


def matches_any(rel_path: str, patterns: Iterable[str]) -> bool:
    """Whether the POSIX path ``rel_path`` matches one of ``patterns`` (see above)."""
    parts = rel_path.lower().strip("/").split("/")
    for pattern in patterns:
        pattern = pattern.lower().strip("/")
        width = pattern.count("/") + 1
        if width > len(parts):
            continue
        tails = ["/".join(parts[i:i + width]) for i in range(len(parts) - width + 1)]
        if width == 1:
            tails = [parts[-1]]
        if any(fnmatch.fnmatchcase(tail, pattern) for tail in tails):
            return True
    return False


_GIT_SECRETS = frozenset({"config", "config.worktree", "fetch_head"})
"""Names that hold remote URLs (with tokens, often) anywhere inside a ``.git`` folder:
the repository's, a submodule's (``.git/modules/*/config``), a worktree's."""


def is_secret_path(rel_path: str, *, allowed: Sequence[str] = ()) -> bool:
    """Whether ``rel_path`` (relative to its root, POSIX) is on the secrets deny-list."""
    parts = rel_path.lower().strip("/").split("/")
    inside_git = ".git" in parts[:-1]
    if inside_git and (parts[-1] in _GIT_SECRETS or "logs" in parts[parts.index(".git"):]):
        return not matches_any(rel_path, allowed)  # reflogs record "clone: from URL"
    if not matches_any(rel_path, SECRET_PATTERNS):
        return False
    return not matches_any(rel_path, (*DOCUMENTATION_PATTERNS, *allowed))


def is_secret_env_name(name: str) -> bool:
    """Whether an environment variable's name says it holds a secret."""
    return bool(_SECRET_ENV_NAME.search(name))


@dataclass(frozen=True)
class Scrubber:
    """Replaces known secret values in text with ``[REDACTED:NAME]``."""

    secrets: tuple[tuple[str, str], ...] = ()
    """(name, value) pairs, longest value first so that overlapping values redact fully."""

    @classmethod
    def from_environ(cls, environ: Mapping[str, str], *, extra: Iterable[str] = ()
                     ) -> Scrubber:
        """Collect the secret-looking variables of ``environ`` plus ``extra`` names."""
        wanted = set(extra)
        pairs = {(name, value) for name, value in environ.items()
                 if (is_secret_env_name(name) or name in wanted)
                 and len(value) >= _MIN_SECRET_LENGTH}
        return cls(tuple(sorted(pairs, key=lambda p: (-len(p[1]), p[0]))))

    def scrub(self, text: str) -> str:
        """``text`` with every secret value, and a secret cut off at its end, redacted."""
        for name, value in self.secrets:
            if value in text:
                text = text.replace(value, f"[REDACTED:{name}]")
        return self._trim_partial(text)

    def _trim_partial(self, text: str) -> str:
        # Output may be cut (by a size cap or ``head -c``) in the middle of a secret; the
        # beginning of the value must not leak either.
        for name, value in self.secrets:
            for size in range(len(value) - 1, _MIN_PARTIAL - 1, -1):
                if text.endswith(value[:size]):
                    return text[:-size] + f"[REDACTED:{name} (partial)]"
        return text

    def scrub_value(self, value: object) -> object:
        """Scrub strings inside a JSON-like value (dicts, lists, strings)."""
        if isinstance(value, str):
            return self.scrub(value)
        if isinstance(value, list):
            return [self.scrub_value(item) for item in value]
        if isinstance(value, dict):
            return {key: self.scrub_value(item) for key, item in value.items()}
        return value
