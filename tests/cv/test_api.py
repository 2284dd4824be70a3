"""End to end on the fixture CVs: every fact class, both languages, policies, PII."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from pse.cv.api import verify, verify_resume
from pse.cv.facts import ResumeReport
from pse.cv.policy import ResumePolicy
from pse.errors import SourceError

FIXTURES = Path(__file__).parents[1] / "fixtures" / "resumes"
POLICY = ResumePolicy(today=date(2025, 6, 30))


def _read(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def _check(resume: str, cv: str, jd: str | None, policy: ResumePolicy = POLICY) -> ResumeReport:
    return verify_resume(_read(resume), {cv: _read(cv)}, jd=_read(jd) if jd else None,
                         policy=policy, resume_path=resume)


def _flags(report: ResumeReport) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in report.unsupported}


def test_verify_resume_accepts_a_faithful_english_rewrite() -> None:
    report = _check("en_resume_good.md", "en_cv.txt", "en_jd.md")
    assert report.unsupported == ()
    kinds = {f.kind for f in report.supported}
    assert kinds >= {"company", "title", "date", "duration", "metric", "degree", "school",
                     "certification", "project", "skill", "missing-time-range"}


def test_verify_resume_flags_every_english_fabrication() -> None:
    flags = _flags(_check("en_resume_bad.md", "en_cv.txt", "en_jd.md"))
    assert flags == {
        ("duration", "15 years"), ("title", "Director of Logistics"),
        ("date", "03/2019 – Present"), ("metric", "4 hours"),
        ("company", "Brightwater Retail"), ("metric", "$4.2M"), ("metric", "18%"),
        ("duplicate", "Renegotiated carrier contracts worth €4.2M, saving over 10% a year"),
        ("metric", "€4.2M"), ("metric", "10%"), ("missing-time-range", "Cross-dock Pilot"),
        ("project", "Autonomous Yard Trucks"), ("date", "2020"),
        ("school", "Delft University of Technology"), ("degree", "MSc"), ("degree", "MBA"),
        ("skill", "Kinaxis"), ("skill", "Blockchain Logistics"), ("jd-only-skill", "Tableau"),
        ("certification", "Lean Six Sigma Black Belt"),
        ("certification", "Certified Logistics Master"),
    }


def test_verify_resume_explains_borrowed_numbers_and_jd_companies() -> None:
    report = _check("en_resume_bad.md", "en_cv.txt", "en_jd.md")
    reasons = {f.text: f.reason for f in report.unsupported}
    assert "another role" in reasons["$4.2M"]
    assert "hiring company of the job description" in reasons["Brightwater Retail"]


def test_verify_resume_accepts_a_faithful_chinese_rewrite() -> None:
    assert _check("zh_resume_good.md", "zh_cv.md", "zh_jd.md").unsupported == ()


def test_verify_resume_flags_every_chinese_fabrication() -> None:
    flags = _flags(_check("zh_resume_bad.md", "zh_cv.md", "zh_jd.md"))
    assert flags == {
        ("duration", "近15年"), ("title", "算法总监"), ("date", "2021年4月至今"),
        ("metric", "185%"), ("company", "上海蓝海智能科技有限公司"),
        ("project", "大模型智能客服平台"), ("date", "2021年3月 — 2021年9月"),
        ("missing-time-range", "用户流失预测模型"), ("school", "复旦大学"), ("degree", "博士"),
        ("degree", "MBA（工商管理硕士）"), ("skill", "区块链"), ("skill", "PyTorch"),
        ("jd-only-skill", "知识图谱"), ("certification", "阿里云ACE认证"),
    }


def test_verify_resume_checks_an_english_resume_against_a_chinese_cv() -> None:
    report = _check("cross_resume.md", "zh_cv.md", "zh_jd.md")
    assert _flags(report) == {
        ("title", "Chief Data Scientist"), ("date", "Jul 2016 – Mar 2022"),
        ("missing-time-range", "User Churn Prediction Model"),
        ("project", "Knowledge Graph Search Platform"), ("date", "Jan 2021 – Jun 2021"),
        ("skill", "Kubernetes"), ("jd-only-skill", "PyTorch"),
    }
    supported = {f.text for f in report.supported}
    assert {"Xinghe Digital", "Algorithm Expert", "Zhejiang University", "RMB 32 million",
            "Real-time Recommender System Rebuild", "Software Designer (Intermediate)"} <= supported


@pytest.mark.parametrize(("policy", "kind", "status"), [
    ("separate", "jd-only-skill", "unsupported"), ("flag", "skill", "unsupported"),
    ("allow", "jd-only-skill", "supported"),
])
def test_jd_skill_policy_decides_hedged_jd_skills(policy: str, kind: str, status: str) -> None:
    report = _check("en_resume_bad.md", "en_cv.txt", "en_jd.md",
                    ResumePolicy(jd_skill_policy=policy, today=date(2025, 6, 30)))  # type: ignore[arg-type]  # parametrised literal
    (tableau,) = [f for f in report.findings if f.text == "Tableau"]
    assert (tableau.kind, tableau.status) == (kind, status)
    (kinaxis,) = [f for f in report.findings if f.text == "Kinaxis"]
    assert (kinaxis.kind, kinaxis.status) == ("skill", "unsupported")


def test_tolerance_policy_decides_about_claims() -> None:
    cv = "## Experience\n### Acme Ltd | Analyst | 2019 - 2021\n- Cut churn by 33.5%\n"
    resume = "## Experience\n### Acme Ltd | Analyst | 2019 - 2021\n- Cut churn by about 32%\n"
    loose = verify_resume(resume, {"cv.md": cv}, policy=ResumePolicy(tolerance=0.05))
    strict = verify_resume(resume, {"cv.md": cv}, policy=ResumePolicy(tolerance=0.0))
    assert loose.unsupported == ()
    assert [(f.kind, f.text) for f in strict.unsupported] == [("metric", "32%")]


def test_translations_policy_adds_accepted_renderings() -> None:
    resume = "## Skills\n**Tools:** Quantitative Trading\n"
    sources = {"cv.md": "## 专业技能\n量化交易、Python\n"}
    assert verify_resume(resume, sources).unsupported
    extra = ResumePolicy(translations=(("量化交易", ("quantitative trading",)),))
    assert verify_resume(resume, sources, policy=extra).unsupported == ()


def test_notes_are_sources_too() -> None:
    report = verify_resume(_read("en_resume_notes.md"),
                           {"en_cv.txt": _read("en_cv.txt"), "en_notes.md": _read("en_notes.md")},
                           policy=POLICY)
    assert report.unsupported == ()
    (carriers,) = [f for f in report.findings if f.text == "45"]
    assert carriers.source == "en_notes.md"


def test_evidence_never_repeats_contact_details() -> None:
    cv = "# A\nanalyst@example.com · (555) 010-2233\n\n## Skills\nSQL, analyst@example.com\n"
    report = verify_resume("## Skills\nSQL\n", {"cv.md": cv})
    evidence = " ".join(f.evidence or "" for f in report.findings)
    assert "SQL" in evidence and "example.com" not in evidence


def test_verify_resume_rejects_empty_inputs() -> None:
    with pytest.raises(SourceError, match="resume"):
        verify_resume("  \n", {"cv.md": "x"})
    with pytest.raises(SourceError, match="sources are empty"):
        verify_resume("# R", {"cv.md": ""})


def test_verify_returns_bad_and_ok_findings_for_the_pipeline() -> None:
    state = SimpleNamespace(artifact=_read("en_resume_bad.md"), task_data={
        "sources": {"en_cv.txt": _read("en_cv.txt")}, "jd": _read("en_jd.md"),
        "resume_policy": POLICY})
    result = verify(state)
    assert not result.passed
    rules = {f.rule for f in result.bad}
    assert {"resume-company", "resume-metric", "resume-missing-time-range"} <= rules
    assert all(f.hint for f in result.bad) and all(f.severity == "info" for f in result.ok)
    metric = next(f for f in result.ok if f.kind == "metric")
    assert metric.evidence and metric.evidence[0].path == "en_cv.txt"


def test_verify_needs_sources_in_task_data() -> None:
    with pytest.raises(SourceError, match="sources"):
        verify(SimpleNamespace(artifact="# R", task_data={}))
