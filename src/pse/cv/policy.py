"""What ``verify-resume`` accepts: the policy switches, with safe defaults.

``jd_skill_policy`` decides skills that only the job description names: ``separate``
(default) reports a hedged one ("Familiar with: gRPC") as its own kind ``jd-only-skill``,
``flag`` reports it as an unsupported ``skill``, ``allow`` accepts it with the job
description as evidence. A JD skill listed as a core skill is always unsupported.
``tolerance`` is the relative slack for "about 30%" and for round numbers; ``over_floor``
bounds "over X" claims (X must be at least that share of the real value);
``translations`` adds accepted Chinese -> English renderings; ``external_names`` accepts
official English names and well-known abbreviations of schools the CV does not spell out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal, get_args

from pse.config import Settings
from pse.errors import ConfigError

JdSkillPolicy = Literal["separate", "flag", "allow"]
JD_SKILL_POLICIES: tuple[str, ...] = get_args(JdSkillPolicy)
_BY_NAME: dict[str, JdSkillPolicy] = {"separate": "separate", "flag": "flag", "allow": "allow"}


@dataclass(frozen=True)
class ResumePolicy:
    """The settings of one resume check."""

    jd_skill_policy: JdSkillPolicy = "separate"
    tolerance: float = 0.05
    over_floor: float = 0.5
    translations: tuple[tuple[str, tuple[str, ...]], ...] = ()
    external_names: bool = True
    today: date | None = None
    """The date "present" stands for (default: the day of the check)."""

    def __post_init__(self) -> None:
        if self.jd_skill_policy not in JD_SKILL_POLICIES:
            raise ConfigError(f"jd-skill policy {self.jd_skill_policy!r} is unknown; choose "
                              f"one of {', '.join(JD_SKILL_POLICIES)}")
        if not 0 <= self.tolerance < 1:
            raise ConfigError(f"tolerance {self.tolerance!r} must be between 0 and 1 "
                              "(e.g. 0.05 for 5%)")
        if not 0 < self.over_floor <= 1:
            raise ConfigError(f"over-floor {self.over_floor!r} must be in (0, 1]")

    @property
    def as_of(self) -> date:
        """The date ranges ending at present are measured to."""
        return self.today or date.today()


def parse_translations(items: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``["风控=risk control|risk management"]`` -> ``(("风控", ("risk control", ...)),)``."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for item in items:
        source, sep, target = item.partition("=")
        renderings = tuple(t.strip() for t in target.split("|") if t.strip())
        if not sep or not source.strip() or not renderings:
            raise ConfigError(f"translation {item!r} must look like '中文=English|Other' "
                              "(resume.translations)")
        out.append((source.strip(), renderings))
    return tuple(out)


def policy_from_settings(settings: Settings) -> ResumePolicy:
    """The policy the resolved ``resume.*`` settings describe."""
    tolerance = settings["resume.tolerance"]
    over_floor = settings["resume.over_floor"]
    external = settings["resume.external_names"]
    assert isinstance(tolerance, float) and isinstance(over_floor, float)
    name = settings.get_str("resume.jd_skill_policy")
    jd_skill_policy = _BY_NAME.get(name)
    if jd_skill_policy is None:
        raise ConfigError(f"resume.jd_skill_policy {name!r} is unknown; choose one of "
                          f"{', '.join(JD_SKILL_POLICIES)}")
    return ResumePolicy(
        jd_skill_policy=jd_skill_policy,
        tolerance=tolerance, over_floor=over_floor,
        translations=parse_translations(settings.get_list("resume.translations")),
        external_names=bool(external))
