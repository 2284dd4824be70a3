"""Backend resolution from settings: defaults, named backends, stages, secrets."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pse.config import load_settings
from pse.errors import ConfigError
from pse.llm.backends import NO_KEY, resolve_llm_config


def _config(tmp_path: Path, toml: str = "", environ: dict[str, str] | None = None):  # noqa: ANN202
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / "pyproject.toml").write_text("[tool.pse]\n" + toml, encoding="utf-8")
    env = environ or {}
    settings = load_settings(trust_project=True, start=tmp_path, environ=env, cwd=tmp_path)
    return resolve_llm_config(settings, environ=env)


def test_backends_default_is_local_without_key_or_url(tmp_path: Path) -> None:
    config = _config(tmp_path)
    assert config.default == "local"
    backend = config.backend_for("planner")
    assert (backend.kind, backend.model) == ("local", "qwen2.5-coder-0.5b")


def test_backends_seed_env_names_select_openai(tmp_path: Path) -> None:
    config = _config(tmp_path, environ={"OPENAI_API_KEY": "sk-1", "OPENAI_MODEL": "gpt-4.1",
                                        "OPENAI_BASE_URL": "https://gw.example/v1"})
    backend = config.backend_for("fix")
    assert (config.default, backend.model, backend.base_url, backend.api_key) == (
        "openai", "gpt-4.1", "https://gw.example/v1", "sk-1")
    assert "sk-1" not in repr(backend) and "sk-1" not in backend.label


def test_backends_base_url_alone_needs_no_key(tmp_path: Path) -> None:
    config = _config(tmp_path, environ={"OPENAI_BASE_URL": "http://127.0.0.1:11434/v1"})
    assert config.default == "openai"
    assert config.backend_for("planner").api_key == NO_KEY


def test_backends_pse_names_win_over_seed_names(tmp_path: Path) -> None:
    config = _config(tmp_path, environ={"OPENAI_API_KEY": "seed", "PSE_API_KEY": "pse",
                                        "PSE_LLM_MODEL": "m1", "OPENAI_MODEL": "m2"})
    backend = config.backend_for("planner")
    assert (backend.api_key, backend.model) == ("pse", "m1")


def test_backends_named_backends_and_stage_routing(tmp_path: Path) -> None:
    config = _config(tmp_path, """
[tool.pse.llm]
backend = "deepseek"
timeout = 60
[tool.pse.llm.backends.deepseek]
base-url = "https://api.deepseek.com"
model = "deepseek-chat"
api-key-env = "DEEPSEEK_API_KEY"
max-retries = 2
[tool.pse.llm.backends.offline]
kind = "local"
model = "qwen2.5-coder-1.5b"
n-ctx = 4096
[tool.pse.llm.stages]
fix = "offline"
translate = "openai"
[tool.pse.llm.budget]
max-cost = "0.50"
max-requests = 40
""", environ={"DEEPSEEK_API_KEY": "ds-key"})
    deepseek = config.backend_for("planner")
    assert (deepseek.name, deepseek.api_key, deepseek.timeout, deepseek.retry.max_retries) == (
        "deepseek", "ds-key", 60.0, 2)
    offline = config.backend_for("fix")
    assert (offline.kind, offline.model, offline.n_ctx) == ("local", "qwen2.5-coder-1.5b", 4096)
    assert config.backend_for("translate").name == "openai"
    assert config.limits.max_cost == Decimal("0.50") and config.limits.max_requests == 40
    assert config.limits.max_tokens is None


def test_backends_named_backend_without_key_env_uses_no_key_for_local_servers(
        tmp_path: Path) -> None:
    config = _config(tmp_path, """
[tool.pse.llm.backends.ollama]
base-url = "http://127.0.0.1:11434/v1"
model = "qwen2.5-coder:1.5b"
""")
    assert config.backends["ollama"].api_key == NO_KEY


@pytest.mark.parametrize(("toml", "message"), [
    ('[tool.pse.llm.backends.x]\napi-key = "sk"\n', "secrets may not live in config files"),
    ('[tool.pse.llm.backends.x]\nbase_urll = "u"\n', "did you mean 'base-url'"),
    ('[tool.pse.llm.backends.x]\nkind = "fake"\n', "choose 'openai' or 'local'"),
    ('[tool.pse.llm.backends.x]\ntools = "maybe"\n', "choose auto, native or prompt"),
    ('[tool.pse.llm.backends.x]\ntimeout = "soon"\n', "timeout must be a number"),
    ('[tool.pse.llm.stages]\nfixer = "openai"\n', "unknown stage 'fixer'.*did you mean 'fix'"),
    ('[tool.pse.llm.stages]\nfix = "cheap"\n', "names the backend 'cheap', which is not defined"),
    ('[tool.pse.llm]\nbackend = "fake"\n', "llm.backend names the backend 'fake'"),
    ('[tool.pse.llm.budget]\nmax-cost = "a lot"\n', "give a number like '0.50'"),
    ('[tool.pse.llm]\napi-key = "sk"\n', "is a secret and may not be set"),
])
def test_backends_reject_bad_config(tmp_path: Path, toml: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        _config(tmp_path, toml)


def test_backends_fake_is_never_selectable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not defined; defined: local, openai"):
        _config(tmp_path, environ={"PSE_LLM_BACKEND": "scripted"})
