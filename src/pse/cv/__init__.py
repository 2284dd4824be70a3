"""Deterministic fact checking of tailored resumes against the candidate's real CV.

No LLM: a resume and its sources (CV, notes) are parsed into the same fact shapes
(:mod:`.extract`: jobs and projects with their header fields and bullets, education,
certifications, skills, stated durations), and every fact of the resume is grounded in the
sources (:mod:`.ground`, :mod:`.items`) with the source line as evidence. Accepted
rewording is explicit and policy-driven (:mod:`.policy`): date formats, rounding within a
tolerance, short names and abbreviations, aliases the CV gives, and translations from the
bundled glossary (:mod:`.glossary`). The job description is never evidence; it only
explains where an unsupported fact came from and decides the ``jd-only-skill`` kind.
"""

from __future__ import annotations

from pse.cv.api import ResumeState, verify, verify_resume
from pse.cv.facts import ResumeFinding, ResumeReport
from pse.cv.policy import ResumePolicy

__all__ = ["ResumeFinding", "ResumePolicy", "ResumeReport", "ResumeState", "verify",
           "verify_resume"]
