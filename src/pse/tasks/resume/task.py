"""ResumeTask: a resume tailored to a job (or to the role the CV fits best), nothing invented.

The run on the PSE pipeline: ``prepare`` reads the inputs, redacts them and retrieves the
job description and notes that matter (planner retriever); the Planner picks the jobs,
projects and focus (in recommend mode it first ranks roles, each with CV lines as
evidence); the Specialist writes from CV chunks retrieved for the plan (specialist
retriever) and the planner's context; the gate is ``verify-resume`` on the real text plus
banned phrases and the plan's entries; Fix edits only flagged lines; the last resort is
:mod:`.repair`. Everything the model sees, and everything the state, trace and report
hold, is redacted (:mod:`pse.cv.privacy`); only the published files are restored.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from pse.config import Settings
from pse.cv.api import to_finding, verify_resume
from pse.cv.policy import policy_from_settings
from pse.llm.types import Message, Stage
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task
from pse.rag.retriever import BM25Retriever, Chunk
from pse.tasks.resume import checks
from pse.tasks.resume.cv import CvEntry, cv_chunks, cv_entries, header_lines, parse_cv
from pse.tasks.resume.inputs import ResumeInputs
from pse.tasks.resume.limits import token_caps
from pse.tasks.resume.match import match_entries, parse_resume, source_facts
from pse.tasks.resume.plan import Plan, parse_plan
from pse.tasks.resume.repair import RepairContext, add_section_headings, repair
from pse.tasks.resume.requirements import JobMatch, match_job
from pse.tasks.resume.roles import RoleFit, rank_roles, role_requirements
from pse.tasks.resume.tailor import (
    cv_profile,
    is_unchanged,
    missing_from_top,
    order_bullets,
    tailor,
)
from pse.tasks.resume.texts import ResumeTexts, read_texts
from pse.verify.finding import Finding, VerifyResult
from pse.verify.strip import Span

PROMPTS = Path(__file__).with_name("prompts")
LANG_NAMES = {"en": "English", "zh": "Chinese (简体中文)"}
_TITLES = {
    "en": {"summary": "Summary", "experience": "Experience", "projects": "Projects",
           "education": "Education", "skills": "Skills", "certifications": "Certifications"},
    "zh": {"summary": "个人简介", "experience": "工作经历", "projects": "项目经历",
           "education": "教育背景", "skills": "专业技能", "certifications": "证书"},
}
_CONTEXT_CHARS = 1600
_CV_CHARS = 3600
_PROTECTED = {"project", "missing-time-range"}


@cache
def _prompt(name: str) -> str:
    return (PROMPTS / f"{name}.md").read_text(encoding="utf-8")


class ResumeTask(Task):
    """A tailored resume (en or zh) whose every fact the CV supports."""

    name = "resume"
    inputs_type = ResumeInputs

    def __init__(self, *, settings: Settings, banned_file: Path | None = None) -> None:
        self.settings = settings
        self.policy = policy_from_settings(settings)
        self.banned_file = banned_file
        self._texts: ResumeTexts | None = None
        self._match: JobMatch | None = None

    def token_caps(self, state: PSEState) -> dict[str, int]:
        """Caps the CV's size bounds (:func:`pse.tasks.resume.limits.token_caps`)."""
        return token_caps([text for _, text in self.texts(state).cvs],
                          recommend=ResumeInputs.of(state).recommend)

    # ------------------------------------------------------------------ data
    def texts(self, state: PSEState) -> ResumeTexts:
        """The run's real texts (read once per process, from the paths in the state)."""
        if self._texts is None:
            inputs = ResumeInputs.of(state)
            self._texts = read_texts(
                cvs=[Path(p) for p in inputs.cv],
                jd=Path(inputs.jd) if inputs.jd else None,
                notes=Path(inputs.notes) if inputs.notes else None,
                pii_rules=Path(inputs.pii_rules) if inputs.pii_rules else None,
                phone_regions=[*self.settings.get_list("resume.phone_regions"),
                               *inputs.phone_regions],
                public=[*self.settings.get_list("resume.public_lines"), *inputs.public])
        return self._texts

    def entries(self, state: PSEState) -> list[CvEntry]:
        """The CV's jobs and projects with their keys."""
        return cv_entries(parse_cv(self.texts(state).cvs))

    def plan_of(self, state: PSEState) -> Plan:
        """The plan read from the planner's answer (defaults before there is one)."""
        texts = self.texts(state)
        cv_lines = [line for _, text in texts.cvs for line in
                    texts.redactor.redact(text).splitlines()]
        recommend = ResumeInputs.of(state).recommend
        fits = self.role_fits(state) if recommend else []
        table_top = (fits[0].zh if state.inputs.lang == "zh" and fits[0].zh
                     else fits[0].name) if fits else ""
        return parse_plan(state.plan, self.entries(state), cv_lines=cv_lines,
                          recommend=recommend, role=ResumeInputs.of(state).role,
                          default_role=table_top or self._jd_title(state))

    def _jd_title(self, state: PSEState) -> str:
        jd = self.texts(state).redactor.redact(self.texts(state).jd)
        first = next((line for line in jd.splitlines() if line.strip()), "")
        return re.sub(r"^#+\s*|\*+", "", first).strip()[:80]

    def job_match(self, state: PSEState) -> JobMatch:
        """The job's requirements against the CV (the JD's, or in recommend mode the
        chosen role's from the role table); computed once per process."""
        if self._match is None:
            texts = self.texts(state)
            cv = "\n\n".join(text for _, text in texts.cvs)
            jd = texts.jd or role_requirements(self._recommend_role(state))
            self._match = match_job(jd, cv)
        return self._match

    def role_fits(self, state: PSEState) -> list[RoleFit]:
        """The role table's roles this CV supports, best first (recommend mode)."""
        texts = self.texts(state)
        return rank_roles("\n\n".join(text for _, text in texts.cvs))

    def _recommend_role(self, state: PSEState) -> str:
        """The role the resume is written for, when the role table knows it; else the
        table's best-supported role (its requirements stand in for a job description)."""
        chosen = self.plan_of(state).role
        if role_requirements(chosen):
            return chosen
        fits = self.role_fits(state)
        return fits[0].name if fits else ""

    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:  # noqa: ARG002 - protocol
        """Redacted planner context (JD and notes retrieved for the CV) and the entries."""
        texts = self.texts(state)
        redact = texts.redactor.redact
        chunks = [replace(c, text=redact(c.text), title=redact(c.title))
                  for name, text in (("jd.md", texts.jd), *texts.notes) if text
                  for c in _paragraph_chunks(name, text)]
        entries = self.entries(state)
        query = " ".join(redact(f"{e.title} {e.name} {' '.join(e.bullets)}") for e in entries)
        picked = BM25Retriever(chunks).search(query, k=6) if chunks else []
        jd_chunks = [c for c in chunks if c.path == "jd.md"][:2]
        context = list({id(c): c for c in [*jd_chunks, *picked]}.values())
        data: dict[str, object] = {
            "entries": [redact(e.summary()) for e in entries],
            "redacted": texts.redactor.counts(),
        }
        return replace(state, data=data, context=context)

    # ------------------------------------------------------------------ prompts
    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        """System rules and shared context first (prefix reuse), the stage's ask last.

        Every message is redacted once more before it leaves, whatever built it.
        """
        lang = state.inputs.lang
        recommend = ResumeInputs.of(state).recommend
        values = self._values(state, stage, lang=lang, extra=extra)
        shared = _prompt("context").format_map(values)
        name = "recommend" if stage == "planner" and recommend else stage
        ask = _prompt(name).format_map(values)
        redact = self.texts(state).redactor.redact
        return [Message.system(_prompt("system")), Message.user(redact(f"{shared}\n---\n\n{ask}"))]

    def _values(self, state: PSEState, stage: Stage, *, lang: str, extra: dict[str, str]
                ) -> dict[str, str]:
        titles = _TITLES.get(lang, _TITLES["en"])
        recommend = ResumeInputs.of(state).recommend
        role = ResumeInputs.of(state).role
        target = (f"the role {role!r}" if role else "the roles this CV fits best") \
            if recommend else self._jd_title(state) or "the job description below"
        values = {f"{k}_title": v for k, v in titles.items()}
        values.update({
            "target": target, "lang_name": LANG_NAMES.get(lang, lang),
            "target_name": LANG_NAMES.get(extra.get("target", ""), extra.get("target", "")),
            "jd_context": _context_text(state.context),
            "entries": _entries_text(state.data.get("entries")),
            "resume": state.artifact, "flagged": extra.get("flagged", ""),
            "cv_text": "", "role": "", "jobs": "", "projects": "", "focus": "", "cv_context": "",
            "supported": ""})
        if stage == "planner" and recommend:
            values["cv_text"] = self._cv_text(state)[:_CV_CHARS]
        if stage == "specialist":
            values.update(self._writing_values(state))
        return values

    def _cv_text(self, state: PSEState) -> str:
        texts = self.texts(state)
        return "\n\n".join(texts.redactor.redact(text) for _, text in texts.cvs)

    def _writing_values(self, state: PSEState) -> dict[str, str]:
        plan = self.plan_of(state)
        entries = self.entries(state)
        selected = plan.selected(entries)
        return {"role": plan.role or self._jd_title(state),
                "jobs": ", ".join(e.heading()[4:] for e in selected if e.kind == "job"),
                "projects": ", ".join(e.heading()[4:] for e in selected if e.kind == "project")
                or "(none)",
                "focus": ", ".join(plan.focus) or "(the target's main skills)",
                "supported": ", ".join(self.job_match(state).top_terms()) or "(none)",
                "cv_context": self.texts(state).redactor.redact(
                    self._cv_context(state, plan, selected))}

    def _cv_context(self, state: PSEState, plan: Plan, selected: list[CvEntry]) -> str:
        """The specialist retriever: CV chunks for the plan, the kept entries always."""
        texts = self.texts(state)
        match = self.job_match(state)
        # the CV's bullets in the order of their relevance to the job: the model copies it
        docs = parse_cv([(name, order_bullets(text, match)) for name, text in texts.cvs])
        chunks = [c for d in docs for c in cv_chunks(d)]
        dropped = [e.header_text for e in self.entries(state) if e not in selected]
        chunks = [c for c in chunks if not _is_dropped(c, dropped)]
        query = " ".join([plan.role, *plan.focus, _context_text(state.context)])
        ranked = BM25Retriever(chunks).search(query, k=len(chunks)) if chunks else []
        order = [*ranked, *(c for c in chunks if c not in ranked)]
        kept: list[Chunk] = []
        size = 0
        for chunk in order:
            must = chunk.title.startswith(("job:", "project:"))
            if must or size + len(chunk.text) <= _CV_CHARS:
                kept.append(chunk)
                size += len(chunk.text)
        kept.sort(key=lambda c: (c.path, c.start))
        return "\n\n".join(c.text for c in kept)

    # ------------------------------------------------------------------ checks
    def verify(self, state: PSEState, text: str, *, lang: str,
               original: str | None = None) -> VerifyResult:  # noqa: ARG002 - protocol
        """``verify-resume`` on the real text, banned phrases, and the plan's entries.

        Findings come back redacted (they go into prompts, the state and the report).
        """
        texts = self.texts(state)
        redactor = texts.redactor
        real = redactor.restore(text)
        path = f"artifact.{lang}.md"
        report = verify_resume(real, texts.sources, jd=texts.jd or None, policy=self.policy,
                               resume_path=path)
        converted = [to_finding(f, path) for f in report.findings]
        cv_lines = [line for _, cv in texts.cvs for line in cv.split("\n")]
        bad = [checks.with_cv_line(f, real, cv_lines) for f in converted if f.severity == "error"]
        bad += checks.banned_phrases(real, self.banned(lang), path=path)
        bad += checks.placeholders(real, path=path)
        bad += checks.repeated_sections(real, path=path)
        bad += self._missing_entries(state, real, path=path)
        tailoring_bad, tailoring_ok = self._tailoring(state, real, path=path)
        bad += tailoring_bad
        bad.sort(key=lambda f: f.sort_key())
        ok = [f for f in converted if f.severity != "error"] + tailoring_ok
        return VerifyResult(bad=[checks.redact_finding(f, redactor) for f in bad],
                            ok=[checks.redact_finding(f, redactor) for f in ok])

    def _tailoring(self, state: PSEState, real: str, *, path: str
                   ) -> tuple[list[Finding], list[Finding]]:
        """A resume that is the CV again, and supported requirements its top does not
        show: errors when they name skills (the last resort can add them), else notes."""
        texts = self.texts(state)
        match = self.job_match(state)
        bad: list[Finding] = []
        tailored = self.tailored(real, state)
        if texts.cvs and is_unchanged(tailored, texts.cvs[0][1]):
            bad.append(checks.not_tailored(path=path))
        missing = missing_from_top(tailored, match)
        bad += checks.requirements_not_shown([r for r in missing if r.found], path=path)
        ok = checks.requirements_not_shown([r for r in missing if not r.found], path=path,
                                           severity="warning")
        return bad, ok

    def tailored(self, text: str, state: PSEState) -> str:
        """``text`` aimed at the job by :func:`.tailor.tailor` (no fact changes)."""
        lang = state.inputs.lang
        cvs = self.texts(state).cvs
        return tailor(text, self.job_match(state), lang=lang,
                      title=_TITLES.get(lang, _TITLES["en"])["summary"],
                      profile=cv_profile(cvs[0][1], lang=lang) if cvs else "")

    def _missing_entries(self, state: PSEState, real: str, *, path: str) -> list[Finding]:
        if not state.plan:
            return []
        texts = self.texts(state)
        facts = source_facts(texts.sources, jd=texts.jd, policy=self.policy)
        entries = self.entries(state)
        matched = match_entries(parse_resume(real, facts), entries, facts)
        present = {m.cv.key for m in matched if m.cv is not None}
        return checks.missing_entries(
            [e for e in self.plan_of(state).selected(entries) if e.key not in present],
            path=path)

    def banned(self, lang: str) -> list[str]:
        """The banned phrases for ``lang`` (built-in, plus ``--banned FILE``)."""
        return checks.load_banned(lang, extra=self.banned_file)

    def repair(self, state: PSEState, text: str, result: VerifyResult  # noqa: ARG002 - hook
               ) -> tuple[str, list[str]]:
        """The deterministic last resort (:mod:`.repair`) on the real text, redacted back."""
        redactor = self.texts(state).redactor
        fixed, notes = repair(redactor.restore(text), self._repair_context(state))
        fixed = self.tailored(fixed, state)
        return redactor.redact(fixed), [redactor.redact(n) for n in notes]

    def _repair_context(self, state: PSEState) -> RepairContext:
        texts = self.texts(state)
        plan = self.plan_of(state)
        lang = state.inputs.lang
        return RepairContext(sources=texts.sources, jd=texts.jd, policy=self.policy,
                             entries=self.entries(state),
                             selected=frozenset(plan.jobs + plan.projects),
                             banned=self.banned(lang), lang=lang)

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:  # noqa: ARG002
        """Each finding's span, except a project's name (deleting it deletes the project);
        a repeated sentence loses only its later copies."""
        return [Span(f.line, f.text, repeat=f.kind == "repetition") for f in result.bad
                if f.line and f.kind not in _PROTECTED]

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:  # noqa: ARG002
        """The published resume: the CV's own name and contact lines, then the body, with
        every placeholder restored (locally, never sent anywhere)."""
        texts = self.texts(state)
        real = self.tailored(texts.redactor.restore(text), state)
        body = texts.redactor.redact(add_section_headings(real, self._repair_context(state)))
        body = _without_model_header(body)
        head = header_lines(texts.cvs[0][1]) if texts.cvs else []
        body = _without_header_copies(body, [texts.redactor.redact(h) for h in head])
        if head:
            head[0] = "# " + re.sub(r"^#+\s*", "", head[0])
        lines = [*head[:1], *(f"{line}  " for line in head[1:])]
        return texts.redactor.restore("\n".join([*lines, "", body.strip(), ""]))


def _entries_text(entries: object) -> str:
    return "\n".join(str(e) for e in entries) if isinstance(entries, list) else ""


def _is_dropped(chunk: Chunk, dropped: list[str]) -> bool:
    """True for the chunk of an entry the plan left out."""
    kind, _, first = chunk.title.partition(": ")
    return kind in ("job", "project") and any(h.startswith(first) for h in dropped)


def _without_model_header(text: str) -> str:
    """The body from the first ``##`` section (the model's name/contact lines go)."""
    lines = text.strip().split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), 0)
    kept = [line for line in lines[:first] if not line.startswith("# ")
            and not re.search(r"\[[A-Z]+(?:_\d+)?\]", line)]
    return "\n".join([*kept, *lines[first:]])


def _without_header_copies(text: str, head: list[str]) -> str:
    """The body without copies of the CV's name and contact lines (they go on top, once),
    and without a section that is left with nothing in it."""
    wanted = {_plain(h) for h in head if _plain(h)}
    lines = [line for line in text.split("\n") if _plain(line) not in wanted]
    kept: list[str] = []
    for number, line in enumerate(lines):
        if line.startswith("## ") and not _has_content(lines[number + 1:]):
            continue
        kept.append(line)
    return "\n".join(kept)


def _plain(line: str) -> str:
    return re.sub(r"^[\s#>*-]+|[\s*]+$", "", line)


def _has_content(rest: list[str]) -> bool:
    """Whether a section heading is followed by anything before the next ``##`` heading."""
    for line in rest:
        if line.startswith("## "):
            return False
        if line.strip():
            return True
    return False


def _paragraph_chunks(path: str, text: str, *, size: int = 12) -> list[Chunk]:
    """Windows of ``size`` non-empty lines (JDs and notes are short and loosely formatted)."""
    lines = text.split("\n")
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    chunks = []
    for start in range(0, len(numbered), size):
        window = numbered[start:start + size]
        chunks.append(Chunk(path=path, start=window[0][0], end=window[-1][0],
                            text="\n".join(line for _, line in window),
                            title=window[0][1].strip()[:60]))
    return chunks


def _context_text(context: list[Chunk]) -> str:
    blocks = []
    size = 0
    for chunk in context:
        text = chunk.text
        if size + len(text) > _CONTEXT_CHARS:
            text = text[:max(0, _CONTEXT_CHARS - size)]
        if text.strip():
            blocks.append(f"[{chunk.path}]\n{text}")
            size += len(text)
    return "\n\n".join(blocks) or "(no job description)"
