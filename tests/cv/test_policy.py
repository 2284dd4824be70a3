"""Policy values and their settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.config import load_settings
from pse.cv.policy import ResumePolicy, parse_translations, policy_from_settings
from pse.errors import ConfigError


def test_policy_rejects_bad_values() -> None:
    with pytest.raises(ConfigError, match="jd-skill policy 'sometimes'"):
        ResumePolicy(jd_skill_policy="sometimes")  # type: ignore[arg-type]  # the point of the test
    with pytest.raises(ConfigError, match="tolerance 2"):
        ResumePolicy(tolerance=2)


def test_parse_translations_reads_alternatives() -> None:
    assert parse_translations(["风控=risk control|risk management"]) == (
        ("风控", ("risk control", "risk management")),)
    with pytest.raises(ConfigError, match="中文=English"):
        parse_translations(["风控"])


def test_policy_from_settings_reads_env_and_defaults(tmp_path: Path) -> None:
    settings = load_settings(environ={"PSE_RESUME_TOLERANCE": "0.1",
                                      "PSE_RESUME_TRANSLATIONS": "鲲鹏=kunpeng"},
                             cwd=tmp_path, start=tmp_path)
    policy = policy_from_settings(settings)
    assert policy.tolerance == 0.1 and policy.jd_skill_policy == "separate"
    assert policy.translations == (("鲲鹏", ("kunpeng",)),) and policy.external_names
