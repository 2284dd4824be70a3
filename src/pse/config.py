"""Settings resolution.

Every setting is declared once in :data:`FIELDS` with its type, default and help. A value
is resolved from, in order of precedence: a CLI flag, the environment (``PSE_<KEY>`` plus
any legacy names the field lists, e.g. ``OPENAI_API_KEY``), a ``.env`` file in the working
directory, the nearest ``pyproject.toml`` that has a ``[tool.pse]`` table (walking up from
the target, stopping at a ``.git`` folder), and finally the default. Each resolved value
remembers where it came from so ``pse config show`` can explain it. Secrets are only read
from the environment or ``.env``, never from ``pyproject.toml``, and are redacted on output.

Trust boundary: a ``[tool.pse]`` table (or ``.env``) inside the repository pse reads is
hostile input unless the user declares the checkout theirs (``--trust-project`` /
``PSE_TRUST_PROJECT=1``, run from inside it) or names the file with ``--config``. Such a
table may only narrow what pse does; each :class:`Field` declares how (:data:`Narrow`), and
:func:`_narrow` is the one place that applies it (a ``stricter`` table is clamped by its
reader, which knows each threshold's direction). Keys it may not set are dropped and named
in :attr:`Settings.ignored`, so the CLI can warn once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pse.errors import ConfigError

FieldKind = Literal["str", "int", "float", "bool", "list", "table"]
Source = Literal["cli", "env", ".env", "user-config", "pyproject", "repository", "default"]
"""``pyproject``: the user's own project (trusted); ``repository``: an input's config."""
Narrow = Literal["user", "any", "lower", "subset", "only-true", "only-false", "stricter"]
"""What an input repository's own config may do with a field:

``user`` nothing (only the user's settings may set it: backends, keys, URLs, models,
caches, output places); ``any`` set it freely (it only selects what is read or flagged:
docs globs, ignore lists); ``lower`` lower it (a larger value is clamped to the default);
``subset`` keep some of the default's items (an item the default lacks is dropped);
``only-true`` / ``only-false`` set a switch only that way (the stricter one);
``stricter`` a table of thresholds kept with its source ``repository``, which its reader
clamps to each threshold's declared stricter side (the article rules' ``rule_limits``:
only the declaration knows which way is stricter).
"""


@dataclass(frozen=True)
class Field:
    """One setting: its dotted key (``verify.ignore``), type, default and help."""

    key: str
    kind: FieldKind
    default: object
    help: str
    env: tuple[str, ...] = ()
    """Extra environment names accepted besides ``PSE_<KEY>`` (the seeds' names)."""
    secret: bool = False
    choices: tuple[str, ...] = ()
    repo: Narrow = "user"
    """What an input repository's ``[tool.pse]`` may do with it (see :data:`Narrow`)."""

    @property
    def env_names(self) -> tuple[str, ...]:
        """All environment variable names that set this field, most specific first."""
        return ("PSE_" + self.key.upper().replace(".", "_").replace("-", "_"), *self.env)


FIELDS: tuple[Field, ...] = (
    Field("format", "str", "text", "Output format of reports.",
          choices=("text", "json", "sarif", "html")),
    Field("cache_dir", "str", "", "Folder for the index and response caches "
          "(default: $XDG_CACHE_HOME/pse or ~/.cache/pse). Yours only: a repository's own "
          "config cannot set it; 'pse cache clear' deletes it only if pse made it."),
    Field("root", "str", "", "Default source root for commands that take --source "
          "(yours only).",
          env=("PSE_ROOT",)),
    Field("max_retries", "int", 3, "Fix rounds after the first evaluation (a repository's "
          "own config may only lower it).",
          env=("PSE_MAX_RETRIES",), repo="lower"),
    Field("index.max_file_size", "int", 2_000_000,
          "Files larger than this many bytes are not indexed.", repo="lower"),
    Field("index.exclude", "list", [], "Extra gitignore-style patterns never indexed.",
          repo="any"),
    Field("verify.ignore", "list", [],
          "Reference names (fnmatch patterns) that are never flagged, e.g. 'my_helper*'.",
          repo="any"),
    Field("verify.exclude", "list", [],
          "Markdown files (gitignore-style patterns) that `pse verify` skips.", repo="any"),
    Field("verify.historical", "list",
          ["CHANGELOG*", "CHANGES*", "HISTORY*", "NEWS*", "RELEASE*NOTES*"],
          "Documents about past versions (file-name patterns): a name they mention may "
          "have been removed since, so it is reported as ignored, not flagged.", repo="any"),
    Field("article.rules_dir", "str", "",
          "Folder with exaggeration.<lang>.txt rule files for the article task "
          "(default: the built-in rules; yours only)."),
    Field("article.disable_rules", "list", [],
          "Article rules (ids from `pse rules`) that do not run: what they would flag is "
          "neither fixed nor stripped (yours only: the repository an article is about may "
          "not switch off the checks on it)."),
    Field("article.rules", "table", {},
          "Thresholds of article rules and final gates, by id ([tool.pse.article.rules."
          "repetition] near-duplicate = 0.7; [tool.pse.article.rules.sections] min-sections "
          "= 4); `pse rules` lists each one's thresholds and defaults. A repository's own "
          "config may only make them stricter.", repo="stricter"),
    Field("article.planner", "str", "auto",
          "Who outlines an article: 'llm' (the Planner, then the index plan if its outline "
          "is unusable), 'index' (the plan built from the index, no Planner call) or 'auto' "
          "('index' when the planner stage runs on the embedded model, whose outlines were "
          "unusable in every measured run, else 'llm').", choices=("auto", "llm", "index")),
    Field("verify.strict", "bool", False,
          "Flag every name the tree does not define, not only those the text clearly "
          "means as the project's code (the article pipeline's mode for LLM text).",
          repo="only-true"),
    Field("verify.external", "list", [],
          "Extra top-level module names to treat as external (installed elsewhere).", repo="any"),
    Field("verify.suggest_cutoff", "int", 75,
          "Minimum similarity (0-100) for a did-you-mean suggestion.", repo="any"),
    Field("verify.history", "bool", True,
          "Attach git history (the commit that removed or renamed it) to each unverified "
          "name or path when the source is a git checkout.", repo="any"),
    Field("verify.history_budget", "int", 10,
          "Seconds all git history look-ups of one `pse verify` run may take together.",
          repo="lower"),
    Field("verify.include", "list", [],
          "Only these documents (gitignore-style patterns) are checked (empty: all).",
          repo="any"),
    Field("verify.rules", "table", {},
          "Per-rule severity of unverified references: {rule: 'error'|'warning'|'off'}, "
          "rule = a reference kind (symbol, path, command...) or a command rule "
          "(make, just, tox, nox, poe, npm, requires-python).", repo="any"),
    # LLM layer (see docs/llm.md). Tables are TOML tables, or JSON / "k=v,k=v" in env.
    Field("llm.backend", "str", "", "Default LLM backend: 'local', 'openai' or a name from "
          "llm.backends (default: 'openai' when an API key or base URL is set, else 'local'). "
          "Like every llm.*, local.* and embedding.* key: yours only, never a repository's."),
    Field("llm.api_key", "str", "", "API key of the 'openai' backend.",
          env=("PSE_API_KEY", "OPENAI_API_KEY"), secret=True),
    Field("llm.base_url", "str", "", "Base URL of the 'openai' backend (any OpenAI-compatible "
          "server; default: https://api.openai.com/v1).", env=("OPENAI_BASE_URL",)),
    Field("llm.model", "str", "gpt-4o-mini", "Model of the 'openai' backend.",
          env=("OPENAI_MODEL",)),
    Field("llm.timeout", "float", 120.0, "Seconds one LLM request may take before it is retried."),
    Field("llm.max_retries", "int", 4,
          "Retries of a failed LLM request (connection errors, timeouts, 429, 5xx)."),
    Field("llm.temperature", "float", 0.0,
          "Default sampling temperature; answers at 0 are cached."),
    Field("llm.tools", "str", "auto", "Tool calling: native, prompt (JSON in the reply) or auto "
          "(native, falling back to prompt when the backend rejects tools).",
          choices=("auto", "native", "prompt")),
    Field("llm.cache", "bool", True, "Cache temperature-0 answers in SQLite (--no-cache: off)."),
    Field("llm.backends", "table", {}, "Named backends {name: {kind, base-url, model, "
          "api-key-env, timeout, max-retries, tools}}. Yours only: a repository's config "
          "could send your keys to its server."),
    Field("llm.stages", "table", {}, "Backend name per stage "
          "{planner|specialist|evaluator|fix|translate: name}."),
    Field("llm.prices", "table", {}, "Prices per million tokens {model: {input, output, "
          "cached-input}}, over the built-in table."),
    Field("llm.currency", "str", "USD", "Currency of llm.prices and of the cost budget."),
    Field("llm.budget.max_requests", "int", 0, "Stop a run before it sends more LLM requests "
          "than this (0: no limit)."),
    Field("llm.budget.max_tokens", "int", 0, "Stop a run once it has used more tokens than "
          "this (0: no limit)."),
    Field("llm.budget.max_cost", "str", "", "Stop a run once it has cost more than this, in "
          "llm.currency (empty: no limit)."),
    Field("local.model", "str", "qwen2.5-coder-0.5b", "Embedded model: a name from "
          "`pse models` or the path of a GGUF file."),
    Field("local.n_ctx", "int", 8192, "Context window of the embedded model, in tokens."),
    Field("local.threads", "int", 0, "CPU threads of the embedded model (0: every core, "
          "at most 8)."),
    # Retrieval (pse.rag): which retriever grounds the writers, and its embedding model.
    Field("rag.retriever", "str", "auto", "Retriever: 'auto' (hybrid when an embedding model "
          "or endpoint is available, else BM25), 'bm25', 'dense' or 'hybrid'.",
          choices=("auto", "bm25", "dense", "hybrid")),
    Field("rag.top_k", "int", 8, "Chunks retrieved per query."),
    Field("rag.depth", "int", 50, "Candidates each retriever hands to hybrid fusion."),
    Field("rag.dense_weight", "float", 0.5, "Weight of the dense ranking in hybrid "
          "reciprocal-rank fusion (BM25's is 1)."),
    Field("rag.reranker", "str", "none", "Rerank the top chunks: 'none' or 'llm' (the "
          "planner's model orders them, listwise).", choices=("none", "llm")),
    Field("rag.rerank_depth", "int", 10, "How many top chunks the reranker orders."),
    Field("embedding.backend", "str", "auto", "Embeddings: 'auto' (the endpoint when "
          "embedding.base_url is set, else the packaged local model when installed), "
          "'local', 'openai' or 'none'.", choices=("auto", "local", "openai", "none")),
    Field("embedding.base_url", "str", "", "OpenAI-compatible endpoint for embeddings "
          "(POST {base_url}/embeddings).", env=("EMBEDDING_BASE_URL",)),
    Field("embedding.model", "str", "text-embedding-3-small",
          "Embedding model name sent to the endpoint.", env=("EMBEDDING_MODEL",)),
    Field("embedding.api_key", "str", "", "API key of the embeddings endpoint.",
          env=("EMBEDDING_API_KEY",), secret=True),
    Field("embedding.timeout", "float", 60.0, "Seconds one embeddings request may take."),
    # Agent sandbox (pse.tools): what the agents' read_file/list_dir/grep/run_command may do.
    Field("tools.allow_commands", "list", [
        "git log", "git show", "git diff", "git grep", "git ls-files", "git blame",
        "git status", "ls", "wc", "head", "python -m pytest --collect-only"],
        "Commands run_command accepts: built-in read-only rules by name, or extra command "
        "prefixes (each still blacklisted, confined and rlimited); empty: no run_command. "
        "A repository's config may only drop some of the defaults.", repo="subset"),
    Field("tools.allow_secrets", "list", [], "Glob patterns taken off the secrets deny-list "
          "(.env*, keys, .git/config, .netrc...), e.g. '.env.test'. Yours only.", repo="subset"),
    Field("tools.allow_hardlinks", "bool", False,
          "Let tools read files that have several hard links.", repo="only-false"),
    Field("tools.timeout", "float", 30.0, "Seconds one command or grep may run (a repository's "
          "config may only lower this and the other tools.* limits).", repo="lower"),
    Field("tools.max_output", "int", 20_000,
          "Characters one tool result may have; longer results end with a notice.", repo="lower"),
    Field("tools.max_file_size", "int", 1_000_000,
          "Bytes read_file and grep read from one file at most.", repo="lower"),
    Field("tools.max_memory", "int", 2048, "Address-space limit of a command, in MiB.",
          repo="lower"),
    Field("tools.max_matches", "int", 200, "Matching lines one grep reports at most.",
          repo="lower"),
    Field("tools.isolate_network", "bool", True,
          "Run commands without network (unshare) where the platform allows.", repo="only-true"),
    # Resume fact checking (pse verify-resume, the resume task's verify function).
    Field("resume.jd_skill_policy", "str", "separate",
          "Skills only the job description names: 'separate' (own kind jd-only-skill), "
          "'flag' (unsupported skill) or 'allow' (accepted when hedged).",
          choices=("separate", "flag", "allow")),
    Field("resume.tolerance", "float", 0.05,
          "Relative slack for approximate numbers ('about 30%') and round numbers."),
    Field("resume.over_floor", "float", 0.5,
          "'over X' claims need X >= this share of the real value ('over 35%' for 37%)."),
    Field("resume.translations", "list", [],
          "Extra accepted translations, '中文=English|Other' (added to the bundled glossary)."),
    Field("resume.phone_regions", "list", [],
          "Regions (ISO codes such as 'FR', 'IT') whose national phone formats are redacted "
          "besides those the CV's language and country codes imply."),
    Field("resume.public_lines", "list", [],
          "Header lines of the CV that may be sent to the model as written (a title line)."),
    Field("resume.external_names", "bool", True,
          "Accept official English names / well-known abbreviations of schools the CV "
          "does not spell out (UC Berkeley, 中山大学 -> Sun Yat-sen University)."),
)

_BY_KEY = {f.key: f for f in FIELDS}


@dataclass(frozen=True)
class Settings:
    """Resolved settings: a value and its source for every field."""

    values: Mapping[str, object]
    sources: Mapping[str, Source]
    pyproject: Path | None = None
    """The pyproject.toml that contributed values, if any."""
    repository: Path | None = None
    """The input repository's own config (``pyproject.toml`` or ``.env``), if it had one."""
    ignored: tuple[str, ...] = ()
    """Its keys pse ignored: only the user's settings may set them (or they widen)."""
    clamped: tuple[str, ...] = ()
    """Its keys narrowed to the default (a larger limit, items the default lacks)."""

    def trust_warning(self) -> str | None:
        """One line naming what the input repository's config was not allowed to set."""
        if not (self.ignored or self.clamped) or self.repository is None:
            return None
        parts = [f"ignored {', '.join(self.ignored)}"] if self.ignored else []
        if self.clamped:
            parts.append(f"clamped to the default {', '.join(self.clamped)}")
        return (f"{self.repository}: {'; '.join(parts)} (a repository pse reads may only "
                "narrow what it does; if this is your own checkout, run from inside it with "
                "--trust-project or PSE_TRUST_PROJECT=1)")

    def __getitem__(self, key: str) -> object:
        return self.values[key]

    def get_str(self, key: str) -> str:
        """The value of a ``str`` field."""
        return str(self.values[key])

    def get_int(self, key: str) -> int:
        """The value of an ``int`` field."""
        value = self.values[key]
        assert isinstance(value, int)
        return value

    def get_bool(self, key: str) -> bool:
        """The value of a ``bool`` field."""
        return bool(self.values[key])

    def get_table(self, key: str) -> dict[str, object]:
        """The value of a ``table`` field (a copy)."""
        value = self.values[key]
        assert isinstance(value, dict)
        return dict(value)

    def get_list(self, key: str) -> list[str]:
        """The value of a ``list`` field."""
        value = self.values[key]
        assert isinstance(value, list)
        return [str(v) for v in value]

    def redacted(self) -> dict[str, tuple[object, Source]]:
        """Values with secrets masked, for display."""
        shown: dict[str, tuple[object, Source]] = {}
        for key in sorted(self.values):
            value = self.values[key]
            if _BY_KEY[key].secret and value:
                value = "********"
            shown[key] = (value, self.sources[key])
        return shown


@dataclass
class _Layer:
    source: Source
    values: dict[str, object] = field(default_factory=dict)


def load_settings(
    *,
    cli: Mapping[str, object] | None = None,
    start: Path | None = None,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    config_file: Path | None = None,
    trust_project: bool | None = None,
) -> Settings:
    """Resolve every field from CLI values, env, ``.env``, config files and defaults.

    Args:
        cli: values given as flags, keyed by field key; ``None`` values are ignored.
        start: where to start looking for ``pyproject.toml`` (the target of the command).
        environ: the environment (``os.environ`` when omitted).
        cwd: folder holding the ``.env`` file (the working directory when omitted).
        config_file: an explicit TOML file (``--config``) used instead of the user config
            file and the search; the user named it, so it is trusted.
        trust_project: the user declares the project they run pse in as theirs (default:
            ``PSE_TRUST_PROJECT`` in ``environ``); only then may the ``pyproject.toml`` and
            ``.env`` of the folder they stand in set more than :data:`Narrow` allows.
    """
    environ = os.environ if environ is None else environ
    cwd = (Path.cwd() if cwd is None else cwd).resolve()
    if trust_project is None:
        trust_project = _is_on(environ.get("PSE_TRUST_PROJECT", ""))
    pyproject = None if config_file else find_pyproject(start or cwd)
    user_file = config_file or user_config_file(environ)
    target = (start or cwd).resolve()
    input_root = pyproject.parent if pyproject else (
        target.parent if target.is_file() else target)
    own_cwd = trust_project or not cwd.is_relative_to(input_root)
    own_project = pyproject is not None and trust_project and cwd.is_relative_to(input_root)
    dotenv = _env_layer(".env", read_dotenv(cwd / ".env")).values
    project = _read_table(pyproject) if pyproject else {}
    layers = [
        _Layer("cli", {k: v for k, v in (cli or {}).items() if v is not None}),
        _env_layer("env", environ),
        _Layer(".env", dotenv if own_cwd else {}),
        _Layer("user-config", read_pyproject(user_file) if user_file else {}),
        _Layer("pyproject", _checked(project, pyproject) if own_project and pyproject else {}),
    ]
    foreign = {**({} if own_project else project), **({} if own_cwd else dotenv)}
    return _resolve(layers, foreign, pyproject=pyproject or config_file,
                    repository=None if not foreign else (pyproject or cwd / ".env"))


def _resolve(layers: list[_Layer], foreign: Mapping[str, object], *, pyproject: Path | None,
             repository: Path | None) -> Settings:
    """Take each field from the first layer that sets it; else narrow ``foreign`` into it."""
    values: dict[str, object] = {}
    sources: dict[str, Source] = {}
    ignored = [key for key in foreign if key not in _BY_KEY]
    clamped: list[str] = []
    for spec in FIELDS:
        values[spec.key], sources[spec.key] = spec.default, "default"
        for layer in layers:
            if spec.key in layer.values:
                values[spec.key] = _coerce(spec, layer.values[spec.key], layer.source)
                sources[spec.key] = layer.source
                break
        if spec.key not in foreign:
            continue
        verdict, value = _narrow(spec, foreign[spec.key])
        if verdict == "ignored":
            ignored.append(spec.key)
        elif sources[spec.key] == "default":  # the user's own value always wins
            values[spec.key], sources[spec.key] = value, "repository"
            if verdict == "clamped":
                clamped.append(spec.key)
    return Settings(values=values, sources=sources, pyproject=pyproject,
                    repository=repository, ignored=_kebab(ignored), clamped=_kebab(clamped))


def _narrow(spec: Field, raw: object) -> tuple[Literal["kept", "clamped", "ignored"], object]:
    """What an input repository's ``raw`` for ``spec`` becomes (the rule of :data:`Narrow`)."""
    if spec.repo == "user" or spec.secret:
        return "ignored", None
    try:
        value = _coerce(spec, raw, "repository")
    except ConfigError:
        return "ignored", None
    default = spec.default
    if spec.repo == "lower" and isinstance(value, int | float) \
            and isinstance(default, int | float):
        return ("clamped", default) if value > default else ("kept", value)
    if spec.repo == "subset" and isinstance(value, list) and isinstance(default, list):
        allowed = {" ".join(str(item).split()) for item in default}
        kept = [item for item in value if " ".join(str(item).split()) in allowed]
        return ("clamped" if len(kept) < len(value) else "kept"), kept
    if spec.repo in ("only-true", "only-false"):
        stricter = spec.repo == "only-true"
        return ("kept", value) if value in (stricter, default) else ("ignored", None)
    return "kept", value


def _kebab(keys: list[str]) -> tuple[str, ...]:
    return tuple(sorted({key.replace("_", "-") for key in keys}))


def _is_on(text: str) -> bool:
    return text.strip().lower() in {"1", "true", "yes", "on"}


def user_config_file(environ: Mapping[str, str]) -> Path | None:
    """``$XDG_CONFIG_HOME/pse/config.toml`` (or ``~/.config/pse/``) when it exists."""
    base = environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    path = Path(base) / "pse" / "config.toml"
    return path if path.is_file() else None


def _env_layer(source: Source, environ: Mapping[str, str]) -> _Layer:
    layer = _Layer(source)
    for spec in FIELDS:
        for name in spec.env_names:
            if name in environ and environ[name] != "":
                layer.values[spec.key] = environ[name]
                break
    return layer


def _coerce(spec: Field, raw: object, source: Source) -> object:
    where = f"{spec.key!r} (from {source})"
    try:
        value = _coerce_kind(spec.kind, raw)
    except ValueError as exc:
        raise ConfigError(f"setting {where} must be {spec.kind}, got {raw!r}") from exc
    if spec.choices and value not in spec.choices:
        raise ConfigError(
            f"setting {where} is {value!r}; choose one of {', '.join(spec.choices)}"
        )
    return value


def _coerce_kind(kind: FieldKind, raw: object) -> object:
    if kind == "table":
        return _coerce_table(raw)
    if kind == "list":
        if isinstance(raw, str):
            return [part.strip() for part in raw.split(",") if part.strip()]
        if isinstance(raw, list | tuple):
            return [str(item) for item in raw]
        raise ValueError(raw)
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in {"1", "true", "yes", "on"}:
            return True
        if text in {"0", "false", "no", "off"}:
            return False
        raise ValueError(raw)
    if kind == "int":
        if isinstance(raw, bool):
            raise ValueError(raw)
        return int(str(raw).strip()) if not isinstance(raw, int) else raw
    if kind == "float":
        return float(str(raw).strip())
    return str(raw)


def _coerce_table(raw: object) -> dict[str, object]:
    """A TOML table as is; from env, a JSON object or ``name=value,name=value``."""
    if isinstance(raw, dict):
        return {str(k): v for k, v in raw.items()}
    if not isinstance(raw, str):
        raise ValueError(raw)
    text = raw.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(raw) from exc
        if not isinstance(value, dict):
            raise ValueError(raw)
        return value
    pairs = [part.partition("=") for part in text.split(",") if part.strip()]
    if any(not sep or not name.strip() for name, sep, _ in pairs):
        raise ValueError(raw)
    return {name.strip(): value.strip() for name, _, value in pairs}


def find_pyproject(start: Path) -> Path | None:
    """The nearest ``pyproject.toml`` with a ``[tool.pse]`` table, walking up to ``.git``."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _has_pse_table(candidate):
            return candidate
        if (folder / ".git").exists():
            return None
    return None


def consulted_paths(*, start: Path | None, environ: Mapping[str, str],
                    cwd: Path | None = None, config_file: Path | None = None
                    ) -> list[tuple[Path, Literal["file", "exists"]]]:
    """What :func:`load_settings` reads or looks for, found or not: each file whose
    content may set a value, and each ``.git`` whose presence ends the search (a
    superset: the search may stop earlier, at a ``pyproject.toml`` with ``[tool.pse]``).
    Equal stat data of these and an equal environment give equal settings."""
    cwd = (Path.cwd() if cwd is None else cwd).resolve()
    base = environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    found: list[tuple[Path, Literal["file", "exists"]]] = [
        (cwd / ".env", "file"), (config_file or Path(base) / "pse" / "config.toml", "file")]
    if config_file is not None:
        return found
    here = (start or cwd).resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        found += [(folder / "pyproject.toml", "file"), (folder / ".git", "exists")]
        if (folder / ".git").exists():
            break
    return found


def _has_pse_table(path: Path) -> bool:
    import tomllib  # only where a pyproject.toml is found

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return isinstance(data.get("tool"), dict) and "pse" in data["tool"]


def read_pyproject(path: Path) -> dict[str, object]:
    """Flatten ``[tool.pse]`` of ``path`` to dotted snake_case keys, rejecting unknown ones."""
    return _checked(_read_table(path), path)


def _read_table(path: Path) -> dict[str, object]:
    """``[tool.pse]`` of ``path`` (or the whole file, for ``--config``), flattened."""
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read config file {str(path)!r}: {exc.strerror}") from exc
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"config file {str(path)!r} is not valid TOML: {exc}") from exc
    table = data.get("tool", {}).get("pse", {}) if path.name == "pyproject.toml" else data
    if isinstance(table, dict) and "tool" in table and path.name != "pyproject.toml":
        table = table["tool"].get("pse", table)
    flat: dict[str, object] = {}
    _flatten(table, "", flat)
    return flat


def _checked(flat: dict[str, object], path: Path) -> dict[str, object]:
    """``flat`` unless it has an unknown key or a secret (a one-line ConfigError)."""
    for key in flat:
        if key not in _BY_KEY:
            import difflib  # only for a misspelt key

            best = difflib.get_close_matches(key, list(_BY_KEY), n=1)
            hint = f"; did you mean {best[0].replace('_', '-')!r}?" if best else ""
            raise ConfigError(f"unknown key {key.replace('_', '-')!r} in [tool.pse] of "
                              f"{path}{hint}")
        if _BY_KEY[key].secret:
            raise ConfigError(f"{key!r} is a secret and may not be set in {path}; "
                              f"set {_BY_KEY[key].env_names[0]} in the environment instead")
    return flat


def _flatten(table: Mapping[str, object], prefix: str, out: dict[str, object]) -> None:
    for raw_key, value in table.items():
        key = prefix + raw_key.replace("-", "_")
        if isinstance(value, dict) and key not in _BY_KEY:
            _flatten(value, key + ".", out)
        else:
            out[key] = value


def read_dotenv(path: Path) -> dict[str, str]:
    """Parse a ``.env`` file (``KEY=value`` lines, optional quotes, ``#`` comments)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {str(path)!r}: {exc}") from exc
    values: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        name, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[name.strip()] = value
    return values


def default_cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/pse`` or ``~/.cache/pse``."""
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pse"


def configured_cache_dir(settings: Settings) -> Path:
    """The cache folder the settings select (nothing is created)."""
    configured = settings.get_str("cache_dir")
    return Path(configured).expanduser() if configured else default_cache_dir()


def cache_dir(settings: Settings) -> Path:
    """The cache folder the settings select, created with pse's marker if missing.

    Every writer of a cache asks here, so a folder pse makes always carries the marker
    that ``pse cache clear`` requires (:mod:`pse.owned`).
    """
    from pse.owned import prepare

    folder = configured_cache_dir(settings)
    try:
        return prepare(folder, "cache")
    except OSError as exc:
        raise ConfigError(f"cannot create the cache folder {str(folder)!r}: {exc.strerror}; "
                          "set cache_dir (PSE_CACHE_DIR) to a folder you can write") from exc
