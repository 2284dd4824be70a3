"""Sandbox construction, path resolution and the checks every tool shares."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from pse.errors import ConfigError, SandboxViolation, SourceError
from pse.tools import RefusalError, Sandbox, ToolCallFailed, ToolSettings
from pse.tools.pathtext import check_path_text

from .support import make_tree


def test_sandbox_rejects_missing_root(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="not an existing folder"):
        Sandbox([tmp_path / "missing"])


def test_sandbox_rejects_filesystem_root_and_system_trees(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="file-system root"):
        Sandbox(["/"])
    with pytest.raises(ConfigError):
        Sandbox(["/proc"])
    with pytest.raises(ConfigError, match="at least one root"):
        Sandbox([])


def test_sandbox_resolves_roots_through_symlinks(tmp_path: Path, project: Path) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(project)
    make_tree(project, {"a.txt": "a\n"})
    sandbox = Sandbox([alias])
    assert sandbox.root == project.resolve()
    assert sandbox.resolve("a.txt").display == "a.txt"


def test_resolve_uses_real_containment_not_string_prefix(project: Path) -> None:
    sandbox = Sandbox([project])
    with pytest.raises(RefusalError) as info:
        sandbox.resolve(f"{project}2/secret.txt")
    assert info.value.code == "outside-root"
    assert isinstance(info.value, SandboxViolation)


def test_resolve_relative_paths_start_at_the_primary_root(tmp_path: Path) -> None:
    first = make_tree(tmp_path / "one", {"a.md": "1\n"})
    second = make_tree(tmp_path / "two", {"b.md": "2\n"})
    sandbox = Sandbox([first, second])
    assert sandbox.resolve("a.md").root == first
    target = sandbox.resolve(str(second / "b.md"))
    assert target.root == second and target.rel == "b.md"
    assert target.display == str(second / "b.md")
    assert "2" in sandbox.read_file(str(second / "b.md"))
    with pytest.raises(ToolCallFailed, match="not-found"):
        sandbox.read_file("b.md")


def test_resolve_follows_symlinks_inside_the_root(project: Path) -> None:
    make_tree(project, {"src/real.py": "x = 1\n"})
    (project / "alias.py").symlink_to("src/real.py")
    target = Sandbox([project]).resolve("alias.py")
    assert target.rel == "src/real.py"


@pytest.mark.parametrize(("text", "why"), [
    ("", "non-empty"), ("a\x00b", "null byte"), ("a\nb", "U+000A"), ("a\u200bb", "U+200B"),
    ("\uff0e\uff0e/x", "FULLWIDTH FULL STOP"), ("\u2025/x", "TWO DOT LEADER"),
    ("a\u2215b", "DIVISION SLASH"), ("x" * 5000, "limit"),
])
def test_check_path_text_refuses_non_plain_paths(text: str, why: str) -> None:
    with pytest.raises(RefusalError, match=re.escape(why)) as info:
        check_path_text(text)
    assert info.value.code == "invalid-path"


@pytest.mark.parametrize("text", ["src/app.py", "docs/中文 说明.md", "café/naïve.txt",
                                  "a b/c-d_e.f", "日本語/ファイル.txt"])
def test_check_path_text_accepts_ordinary_unicode_names(text: str) -> None:
    check_path_text(text)


def test_open_file_refuses_secret_even_when_missing(project: Path) -> None:
    with pytest.raises(RefusalError) as info:
        Sandbox([project]).open_file("config/.env.production")
    assert info.value.code == "secret-file"


def test_allow_secrets_setting_makes_a_secret_readable(project: Path) -> None:
    make_tree(project, {".env.test": "MODE=test\n"})
    with pytest.raises(RefusalError):
        Sandbox([project]).read_file(".env.test")
    sandbox = Sandbox([project], settings=ToolSettings(allow_secrets=(".env.test",)))
    assert "MODE=test" in sandbox.read_file(".env.test")


def test_allow_hardlinks_setting(project: Path) -> None:
    make_tree(project, {"a.txt": "shared\n"})
    os.link(project / "a.txt", project / "b.txt")
    with pytest.raises(RefusalError) as info:
        Sandbox([project]).read_file("b.txt")
    assert info.value.code == "hard-link"
    sandbox = Sandbox([project], settings=ToolSettings(allow_hardlinks=True))
    assert "shared" in sandbox.read_file("b.txt")


def test_refusal_message_names_the_path_and_the_fix(project: Path) -> None:
    with pytest.raises(RefusalError) as info:
        Sandbox([project]).read_file("../proj2/secret.txt")
    message = str(info.value)
    assert message.startswith("refused [outside-root]: '../proj2/secret.txt'")
    assert "use a path inside" in message


def test_tool_settings_validate_limits() -> None:
    with pytest.raises(ConfigError, match="tools.timeout"):
        ToolSettings(timeout=0)
    with pytest.raises(ConfigError, match="tools.max_output"):
        ToolSettings(max_output=10)


def test_extra_secrets_are_redacted_like_environment_ones(project: Path) -> None:
    make_tree(project, {"cfg.txt": "key=from-dotenv-123456\n"})
    sandbox = Sandbox([project], environ={}, secrets={"llm.api_key": "from-dotenv-123456"})
    assert sandbox.read_file("cfg.txt").endswith("key=[REDACTED:llm.api_key]")
