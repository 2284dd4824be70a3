"""The secrets deny-list and the scrubber of environment secret values."""

from __future__ import annotations

import pytest

from pse.tools.secrets import Scrubber, is_secret_env_name, is_secret_path, matches_any


@pytest.mark.parametrize("path", [
    ".env", ".env.local", "config/.env.production", ".ENV", "prod.env", "keys/server.pem",
    "a/b/server.KEY", "id_rsa", "id_rsa.pub", ".ssh/id_ed25519", "home/.ssh/config", ".netrc",
    ".npmrc", ".pypirc", ".git/config", "vendor/lib/.git/config", ".aws/credentials",
    "credentials.json", "secrets.yaml", "infra/prod.tfvars", ".git-credentials",
])
def test_is_secret_path_denies_credential_files(path: str) -> None:
    assert is_secret_path(path)


@pytest.mark.parametrize("path", [
    ".env.example", ".env.sample", ".env.template", "README.md", "src/env.py",
    "docs/environment.md", ".git/HEAD", "config/settings.toml", "keys.md", "secrets.py",
    ".gitconfig.md",
])
def test_is_secret_path_allows_ordinary_and_template_files(path: str) -> None:
    assert not is_secret_path(path)


def test_is_secret_path_allowed_patterns_lift_the_deny_list() -> None:
    assert is_secret_path(".env.test")
    assert not is_secret_path(".env.test", allowed=(".env.test",))
    assert not is_secret_path("tests/fixtures/server.pem", allowed=("fixtures/*.pem",))
    assert is_secret_path("keys/server.pem", allowed=("fixtures/*.pem",))


def test_matches_any_path_patterns_match_consecutive_components_at_any_depth() -> None:
    assert matches_any("x/.git/config", (".git/config",))
    assert matches_any("home/.aws/sso/cache/token.json", (".aws/*",))
    assert not matches_any("config", (".git/config",))
    assert not matches_any("git/config", (".git/config",))
    assert not matches_any("aws/notes.md", (".aws/*",))


@pytest.mark.parametrize(("name", "secret"), [
    ("OPENAI_API_KEY", True), ("GITHUB_TOKEN", True), ("DB_PASSWORD", True),
    ("aws_secret_access_key", True), ("MY_CREDENTIALS", True), ("PASSWD", True),
    ("PATH", False), ("HOME", False), ("LANG", False),
])
def test_is_secret_env_name(name: str, secret: bool) -> None:
    assert is_secret_env_name(name) is secret


def test_scrubber_redacts_every_occurrence_with_the_variable_name() -> None:
    scrubber = Scrubber.from_environ({"ACME_TOKEN": "tok-123456789", "PATH": "/usr/bin"})
    text = scrubber.scrub("a tok-123456789 b tok-123456789 /usr/bin")
    assert text == "a [REDACTED:ACME_TOKEN] b [REDACTED:ACME_TOKEN] /usr/bin"


def test_scrubber_ignores_short_values_that_would_mangle_output() -> None:
    scrubber = Scrubber.from_environ({"USE_KEY": "1", "API_KEY": "short"})
    assert scrubber.secrets == ()
    assert scrubber.scrub("1 short") == "1 short"


def test_scrubber_trims_a_secret_cut_off_at_the_end() -> None:
    scrubber = Scrubber.from_environ({"API_KEY": "sk-abcdefghijkl"})
    assert scrubber.scrub("key: sk-abcdef") == "key: [REDACTED:API_KEY (partial)]"
    assert scrubber.scrub("key: sk-") == "key: sk-"  # 3 characters say nothing


def test_scrubber_longest_value_first_so_overlaps_redact_fully() -> None:
    scrubber = Scrubber.from_environ({"A_KEY": "abcdefgh", "B_KEY": "abcdefgh-long-one"})
    assert scrubber.scrub("abcdefgh-long-one") == "[REDACTED:B_KEY]"


def test_scrubber_extra_names_and_nested_values() -> None:
    scrubber = Scrubber.from_environ({"DATABASE_URL": "postgres://u:pw@db/x"},
                                     extra=("DATABASE_URL",))
    value = scrubber.scrub_value({"argv": ["psql", "postgres://u:pw@db/x"], "n": 3})
    assert value == {"argv": ["psql", "[REDACTED:DATABASE_URL]"], "n": 3}
