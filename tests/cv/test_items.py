"""Durations, degrees and duplicates against small inline CVs."""

from __future__ import annotations

from datetime import date

from pse.cv.api import verify_resume
from pse.cv.policy import ResumePolicy

CV = """# A
## Experience
### Acme Ltd | Analyst | Jan 2016 – Dec 2019
- Built 12 dashboards
### Beta Inc | Senior Analyst | Jan 2020 – Present
- Cut costs by 8%
## Education
- M.Sc. in Statistics, University of Leeds, 2014 – 2015
- B.Sc. in Mathematics, University of York, 2011 – 2014
"""
POLICY = ResumePolicy(today=date(2025, 1, 15))


def _flags(resume: str) -> list[tuple[str, str]]:
    report = verify_resume(resume, {"cv.md": CV}, policy=POLICY)
    return [(f.kind, f.text) for f in report.unsupported]


def test_durations_are_checked_against_the_dates_when_the_cv_states_none() -> None:
    assert _flags("## Summary\nAnalyst with 9 years of experience.\n") == []
    assert _flags("## Summary\nAnalyst with nearly ten years of experience.\n") == []
    assert _flags("## Summary\nAnalyst with 15+ years of experience.\n") == [
        ("duration", "15+ years")]


def test_degrees_keep_their_level_at_their_school() -> None:
    assert _flags("## Education\n- **University of York** — BSc, Mathematics, 2014\n") == []
    assert _flags("## Education\n- **University of York** — MSc, Mathematics, 2014\n") == [
        ("degree", "MSc")]
    assert _flags("## Education\n- Master's, Statistics, University of Leeds\n") == []


def test_duplicated_bullets_are_flagged_once() -> None:
    resume = ("## Experience\n### Acme Ltd | Analyst | Jan 2016 – Dec 2019\n"
              "- Built 12 dashboards for the finance team\n"
              "- Built 12 dashboards for the finance team\n")
    assert _flags(resume) == [("duplicate", "Built 12 dashboards for the finance team")]


def test_project_dates_must_fall_within_the_tenure_named() -> None:
    cv = CV + "## Projects\n### Pricing Revamp (Acme Ltd | Mar 2018 – Jun 2018)\n- Did it\n"
    resume = "## Projects\n### Pricing Revamp (Beta Inc | Mar 2018 – Jun 2018)\n"
    report = verify_resume(resume, {"cv.md": cv}, policy=POLICY)
    assert [(f.kind, f.text) for f in report.unsupported] == [("date", "Mar 2018 – Jun 2018")]
    assert "outside the tenure" in report.unsupported[0].reason


def test_a_duration_the_dates_support_passes_even_when_the_jd_asks_for_it() -> None:
    jd = "We need 9+ years of experience."
    resume = "## Summary\nAnalyst with 9 years of experience, over 8 years in analytics.\n"
    assert verify_resume(resume, {"cv.md": CV}, jd=jd, policy=POLICY).unsupported == ()
    report = verify_resume("## Summary\nAnalyst with 12+ years of experience.\n", {"cv.md": CV},
                           jd="We need 12+ years of experience.", policy=POLICY)
    assert [(f.kind, f.text) for f in report.unsupported] == [("duration", "12+ years")]
    assert "job description's requirement" in report.unsupported[0].reason


def test_over_n_years_is_computed_from_ranges_to_present() -> None:
    cv = "## Experience\n### Acme Ltd | Analyst | July 2016 – Present\n- a\n"
    resume = "## Summary\nAnalyst with over 8 years of experience.\n"
    assert verify_resume(resume, {"cv.md": cv}, policy=POLICY).unsupported == ()
    flagged = verify_resume("## Summary\nover 9 years\n", {"cv.md": cv}, policy=POLICY)
    assert [f.text for f in flagged.unsupported] == ["over 9 years"]


def test_a_stated_duration_bounds_over_claims() -> None:
    cv = CV.replace("# A\n", "# A\n## Summary\nAnalyst with 12+ years of experience.\n")
    ok = verify_resume("## Summary\nover 10 years of experience.\n", {"cv.md": cv},
                       policy=POLICY)
    assert ok.unsupported == ()
    report = verify_resume("## Summary\n15 years of experience.\n", {"cv.md": cv},
                           policy=POLICY)
    assert [(f.kind, f.text) for f in report.unsupported] == [("duration", "15 years")]


def test_a_range_spanning_two_roles_at_one_employer_is_supported() -> None:
    cv = ("## Experience\n### Acme Ltd | Senior Analyst | Jan 2019 – Dec 2021\n- a\n"
          "### Acme Ltd | Analyst | Jan 2016 – Dec 2018\n- b\n")
    resume = "## Experience\n### Acme Ltd | Senior Analyst | Jan 2016 – Dec 2021\n"
    assert verify_resume(resume, {"cv.md": cv}, policy=POLICY).unsupported == ()


def test_a_number_moved_to_another_claim_of_the_same_job_is_flagged() -> None:
    cv = ("## Experience\n### Acme Ltd | Analyst | Jan 2016 – Dec 2019\n"
          "- Migrated the billing warehouse to Snowflake for 40 analysts\n"
          "- Reduced monthly cloud spend by 18% through query tuning\n")
    honest = ("## Experience\n### Acme Ltd | Analyst | Jan 2016 – Dec 2019\n"
              "- Migrated the billing warehouse to Snowflake, serving 40 analysts\n")
    moved = ("## Experience\n### Acme Ltd | Analyst | Jan 2016 – Dec 2019\n"
             "- Migrated the billing warehouse to Snowflake, cutting spend by 18%\n")
    assert verify_resume(honest, {"cv.md": cv}, policy=POLICY).unsupported == ()
    report = verify_resume(moved, {"cv.md": cv}, policy=POLICY)
    assert [(f.kind, f.text) for f in report.unsupported] == [("metric", "18%")]
