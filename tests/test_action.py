"""The GitHub composite action and the pre-commit hook run ``pse verify`` as documented."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run_blocks(text: str) -> list[str]:
    """The shell scripts of the action's steps (``run: |`` blocks and one-liners)."""
    blocks: list[str] = []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        match = re.match(r"^(\s*)run:\s*(.*)$", line)
        if not match:
            continue
        if match.group(2) not in {"|", ">"}:
            blocks.append(match.group(2))
            continue
        indent = len(match.group(1))
        body = _indented(lines[number + 1:], indent)
        blocks.append("\n".join(body))
    return blocks


def _indented(lines: list[str], indent: int) -> list[str]:
    """The lines up to the first one indented no deeper than `indent`."""
    out = []
    for line in lines:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        out.append(line)
    return out


def test_action_runs_pse_verify_with_github_annotations() -> None:
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    assert "using: composite" in text
    scripts = _run_blocks(text)
    assert any("pse verify" in s and "--format github" in s for s in scripts)
    assert "actions/cache@" in text and "~/.cache/pse" in text


def test_action_never_pastes_inputs_into_a_script() -> None:
    # an input pasted into `run:` is a script injection; they go through env instead
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    for script in _run_blocks(text):
        assert "${{" not in script, script


def test_pre_commit_hook_checks_what_changed() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert re.search(r"entry: pse verify .* --changed", text)
    assert "pass_filenames: false" in text
