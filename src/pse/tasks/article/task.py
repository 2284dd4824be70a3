"""ArticleTask: prompts from files, a verified plan, per-section grounding, and the gates.

The article is planned (the Planner's outline, verified, or a plan from the index), written
one section at a time from that section's own retrieved excerpts, checked per section and
as a whole, and published as ``passed`` only when every gate holds (``gates.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from pse.config import Settings, cache_dir
from pse.index.builder import build_index
from pse.index.facts import ProjectFacts, collect_facts
from pse.index.symbols import SymbolIndex
from pse.llm.types import Message, Stage
from pse.pipeline.plan import Section
from pse.pipeline.state import Gate, PSEState
from pse.pipeline.task import RunDeps, SectionedTask
from pse.rag.chunks import chunk_tree
from pse.rag.context import context_blocks, focused_query, retrieve
from pse.rag.factory import TaskRetrievers, build_task_retrievers
from pse.rag.retriever import Chunk, Hit, Retriever
from pse.tasks.article import checks, evidence, gates, plan, policy, rulebook, sections
from pse.tasks.article.borrowed import DocstringTable, read_docstrings
from pse.tasks.article.facts import section_facts
from pse.tasks.article.grounding import UNGROUNDED_WORDS
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.names import mark_code_names
from pse.tasks.article.promptfiles import PROMPTS, instruction_texts, prompt

__all__ = ["PROMPTS", "RULES", "ArticleTask"]
from pse.tasks.article.registry import load_styles
from pse.tools.schemas import tool_descriptions
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.finding import VerifyResult
from pse.verify.resolve import Resolver, project_resolver
from pse.verify.strip import Span

RULES = Path(__file__).with_name("rules")
LANG_NAMES = {"en": "English", "zh": "Chinese (简体中文)"}
LANG_LINES = {"zh": "请用简体中文写这一节；代码名、路径和代码保持原样。"}
"""The section prompt's last line, in the article's language: a small model answers in the
language it was last spoken to, and wrote a "Chinese" article in English without it."""
_CHUNK_CHARS = 1000
"""Per excerpt in the Planner's and reviewer's prompt: prompt reading dominates on a CPU."""
_FRONT_MATTER = re.compile(r"^---\n.*?\n---\n", re.DOTALL)


class ArticleTask(SectionedTask):
    """A technical article about a repository (zh or en), verified against its sources."""

    name = "article"
    inputs_type = ArticleInputs

    def __init__(self, *, settings: Settings, rules_dir: Path | None = None) -> None:
        self.settings = settings
        configured = settings.get_str("article.rules_dir") if "article.rules_dir" in \
            settings.values else ""
        self.rules_dir = rules_dir or (Path(configured).expanduser() if configured else RULES)
        self._index: SymbolIndex | None = None
        self._resolver: Resolver | None = None
        self._chunks: list[Chunk] | None = None
        self._names: dict[str, list[str]] = {}
        self._facts: dict[str, str] = {}
        self._retrievers: TaskRetrievers | None = None
        self._docstrings: DocstringTable | None = None

    # ------------------------------------------------------------------ data
    def index(self, state: PSEState) -> SymbolIndex:
        """The symbol index of the source tree (built once per process)."""
        if self._index is None:
            self._index, _ = build_index(Path(ArticleInputs.of(state).source),
                                         cache_dir=cache_dir(self.settings),
                                         max_file_size=self.settings.get_int(
                                             "index.max_file_size"),
                                         exclude=self.settings.get_list("index.exclude"))
        return self._index

    def docstrings(self, state: PSEState) -> DocstringTable:
        """The docstrings of the tree's Python code (read once per process)."""
        if self._docstrings is None:
            index = self.index(state)
            self._docstrings = read_docstrings(
                index.root, sorted(p for p, (lang, _) in index.files.items() if lang == "python"),
                project_names=index.top_modules)
        return self._docstrings

    def chunks(self, state: PSEState) -> list[Chunk]:
        """The tree's retrieval chunks (built once per process)."""
        if self._chunks is None:
            self._chunks = chunk_tree(self.index(state))
        return self._chunks

    def retrievers(self, state: PSEState, deps: RunDeps) -> TaskRetrievers:
        """The planner (docs) and specialist (source) retrievers, built once per process.

        Of the configured kind (hybrid when an embedding model is at hand, else BM25; the
        run is told which once, as a ``notice`` event); an injected ``deps.retriever``
        serves both roles.
        """
        if deps.retriever is not None:
            injected = _Named(deps.retriever)
            return TaskRetrievers(planner=injected, specialist=injected)
        if self._retrievers is None:
            tree = self.chunks(state)
            self._retrievers = build_task_retrievers(
                self.settings, planner_chunks=sections.doc_chunks(tree),
                specialist_chunks=sections.source_chunks(tree),
                on_notice=lambda line: _emit(deps, {"event": "notice", "message": line}))
        return self._retrievers

    def resolver(self, state: PSEState) -> Resolver:
        """The reference resolver of the source tree."""
        if self._resolver is None:
            self._resolver = project_resolver(
                self.index(state), external=self.settings.get_list("verify.external"),
                cache_dir=cache_dir(self.settings),
                suggest_cutoff=self.settings.get_int("verify.suggest_cutoff"))
        return self._resolver

    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:
        """Facts, style, file list and retrieved source excerpts (for the Planner)."""
        index = self.index(state)
        facts = collect_facts(index)
        styles = load_styles()
        style = styles[ArticleInputs.of(state).style or next(iter(styles))]
        tree_chunks = self.chunks(state)
        found, trace = retrieve(self.retrievers(state, deps).planner,
                                _planner_query(state, style.guide), k=4)
        _emit(deps, {**trace.to_dict(), "role": "planner", "step": "prepare"})
        central = [c for path, name, _ in plan.central_symbols(
            index, tree_chunks, project=_project_name(state))[:3]
                   for c in sections.defining(index, tree_chunks, name, within=(path,))[:1]]
        chunks = _with_readme(tree_chunks, _unique([*central, *found]))
        files = [p for p, (lang, _) in index.files.items() if lang][:30]
        data: dict[str, object] = {
            "facts": facts.to_dict(), "style": style.name, "style_title": style.title,
            "style_guide": style.guide, "file_tree": "\n".join(f"- {p}" for p in files),
            "overview": [c.to_dict() for c in chunks[:3]],
            "planner_context": [c.to_dict() for c in found]}
        return replace(state, data=data, context=list(chunks))

    # ------------------------------------------------------------------ plan and sections
    def parse_plan(self, state: PSEState, outline: str) -> tuple[list[Section], str]:
        """The outline's sections, each focus name resolved in the index."""
        _, found, problem = plan.parse_outline(outline, lambda names: self.verified_names(
            state, names))
        return found, problem

    def index_plan(self, state: PSEState) -> list[Section]:
        """A plan from the index: overview, central modules, entry points."""
        facts = state.data.get("facts")
        scripts = dict(facts.get("console_scripts") or {}) if isinstance(facts, dict) else {}
        entry = self.verified_names(state, [str(v).rsplit(":", 1)[-1] for v in scripts.values()])
        return plan.index_plan(self.index(state), self.chunks(state),
                               project=_project_name(state),
                               sections=plan.section_count(_words(state)), entry_points=entry,
                               lang=state.inputs.lang)

    def verified_names(self, state: PSEState, names: Sequence[str]) -> list[str]:
        """The names that resolve in the index (as code references), in order."""
        wanted = [n.strip("`").strip() for n in names if n.strip("`").strip()]
        doc = "\n".join(f"`{n}`" for n in wanted)
        checked = check_documents([Document("plan.md", doc)], self.resolver(state))
        good = {c.ref.line for c in checked if c.result.status == "verified"}
        return list(dict.fromkeys(n for i, n in enumerate(wanted, start=1) if i in good))

    def section_context(self, state: PSEState, deps: RunDeps) -> list[Chunk]:
        """The focus symbols' own source first, then what retrieval finds for the section."""
        section = state.sections[state.section]
        found, trace = sections.section_excerpts(
            self.index(state), self.chunks(state), section,
            retriever=self.retrievers(state, deps).specialist,
            planner_context=_chunks_of(state.data.get("planner_context")))
        _emit(deps, {**trace.to_dict(), "role": "specialist", "section": state.section + 1,
                     "step": "write"})
        return found

    def section_names(self, state: PSEState) -> list[str]:
        """The real names the cursor's section may cite (focus symbols and members)."""
        focus = state.sections[state.section].focus
        key = "\0".join(focus)
        if key not in self._names:
            self._names[key] = self.verified_names(
                state, sections.focus_names(self.index(state), focus))
        return self._names[key]

    def section_facts(self, state: PSEState) -> str:
        """The cursor's section's facts block: its focus symbols as the index knows them."""
        focus = state.sections[state.section].focus
        key = "\0".join(focus)
        if key not in self._facts:
            self._facts[key] = section_facts(self.resolver(state), focus)
        return self._facts[key]

    def shape_section(self, state: PSEState, text: str) -> tuple[str, str]:
        """The section under its planned ``## `` heading, and the cut-off tail trimmed."""
        share = _words(state) / max(1, len(state.sections))
        shaped, trimmed = sections.shape_section(
            state.sections[state.section].title, text,
            subheadings=share >= sections.SUBHEADING_WORDS,
            earlier=[s.text for s in state.sections[:state.section]])
        return self.normalize(state, shaped), trimmed

    def section_problem(self, state: PSEState, text: str) -> str:
        """Why the cursor's shaped section should be asked for once more ("" if usable)."""
        return gates.section_problem(self.resolver(state), state, text,
                                     names=self.section_names(state))

    def normalize(self, state: PSEState, text: str) -> str:
        """Real code names the writer left as plain words, put in backticks."""
        return mark_code_names(text, lambda names: self.verified_names(state, names))

    def assemble(self, state: PSEState) -> str:
        """The title and every section's text."""
        return sections.assemble(_title(state), state.sections)

    # ------------------------------------------------------------------ prompts
    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        """System rules and shared context first (prefix reuse), the stage's ask last."""
        inputs = ArticleInputs.of(state)
        lang = inputs.lang
        target = extra.get("target", "")
        in_section = state.in_sections and stage in ("specialist", "fix")
        context = state.context if in_section or not state.sections else \
            _chunks_of(state.data.get("overview"))
        values = {
            "project": _project_name(state), "description": inputs.description,
            "highlights": ("Highlights to cover: " + "; ".join(inputs.highlights))
            if inputs.highlights else "",
            "facts": _facts_text(state.data.get("facts", {})),
            "file_tree": str(state.data.get("file_tree", "")),
            "context": _context_text(context),
            "lang_name": LANG_NAMES.get(lang, lang), "target_name": LANG_NAMES.get(target, target),
            "lang_line": LANG_LINES.get(lang, ""),
            "style_title": str(state.data.get("style_title", "")),
            "style_guide": str(state.data.get("style_guide", "")),
            "plan": state.plan, "article": extra.get("article") or state.current_text(),
            "words": str(inputs.words), "flagged": extra.get("flagged", ""),
            "sections": str(plan.section_count(_words(state))),
            "feedback": f"Your last answer could not be used: {extra['feedback']}."
            if extra.get("feedback") else "",
            **(sections.section_values(state, title=_title(state),
                                       names=self.section_names(state))
               if in_section else {}),
            # the writer's ask, not the shared context: a fix keeps the specialist's prefix
            # (cache reuse), has the true relation in each finding's hint, and its prompt
            # (section, excerpts, flagged lines) must still fit a 2,048-token window
            "code_facts": _code_facts_text(self.section_facts(state))
            if in_section and stage == "specialist" else "",
        }
        shared = prompt("section_context" if in_section else "context").format_map(values)
        name = "section" if in_section and stage == "specialist" else stage
        ask = prompt(name).format_map(values)
        return [Message.system(prompt("system")), Message.user(f"{shared}\n---\n\n{ask}")]

    # ------------------------------------------------------------------ checks
    def verify(self, state: PSEState, text: str, *, lang: str,
               original: str | None = None) -> VerifyResult:
        """Code references, wording, leaks, numbers, quality; translations keep references."""
        return rulebook.run_rules(self.gate_context(state, text, lang=lang, original=original),
                                  disabled=self.settings.get_list("article.disable_rules"),
                                  limits=self.rule_limits())

    def rule_limits(self) -> dict[str, dict[str, float]]:
        """The rules' thresholds from ``article.rules`` (a repository's only stricter)."""
        return rulebook.rule_limits(
            self.settings.get_table("article.rules"),
            repository=self.settings.sources.get("article.rules") == "repository")

    def gate_context(self, state: PSEState, text: str, *, lang: str,
                     original: str | None = None) -> rulebook.GateContext:
        """What the article rules read about ``text``, gathered from the run's state."""
        path = f"artifact.{lang}.md"
        references = to_findings(check_documents(
            [Document(path=path, text=text)], self.resolver(state),
            ignore=self.settings.get_list("verify.ignore"),
            strict=True))  # any unresolved name in LLM text is suspect
        # the index plan's briefs are our instructions too ("from the README and the code"
        # came back as prose); a Planner's own bullets are the article's outline
        briefs = [s.brief for s in state.sections if s.source == "index"]
        # and the tools' descriptions, which a model with native tool calling is sent
        # ("Long files are cut with a notice saying how to read the rest" came back as
        # what a `Reader` does)
        prompts = [*instruction_texts(str(state.data.get("style_guide", ""))),
                   UNGROUNDED_WORDS, *briefs, *tool_descriptions()]
        raw_facts = state.data.get("facts")
        return rulebook.GateContext(
            text=text, path=path, lang=lang, references=references,
            exaggeration_terms=checks.load_terms(self.rules_dir, lang),
            experience_patterns=checks.load_terms(self.rules_dir, lang, kind="experience"),
            sources=_sources(state), prompts=prompts,
            facts=ProjectFacts(**raw_facts) if isinstance(raw_facts, dict) else ProjectFacts(),
            index=self.index(state), docstrings=self.docstrings(state),
            sectioned=bool(state.sections),
            focus=_focus(state) if state.sections and state.in_sections else (),
            original=original, reference_lines=lambda t: self.reference_lines(state, t),
            excerpts=[c.to_dict() for c in state.context]  # verify reads excerpts as JSON
            if state.sections and state.in_sections else ())

    def sentences(self, state: PSEState) -> list[dict[str, object]]:
        """Each sentence of the published article with the excerpt span that backs it."""
        lang = state.inputs.lang
        published = self.finalize(state, state.artifact, lang=lang)
        found: list[dict[str, object]] = []
        for number, (start, text) in enumerate(evidence.sections_of(published)):
            if number >= len(state.sections):
                break
            excerpts = [c.to_dict() for c in state.sections[number].excerpts]
            references = to_findings(check_documents(
                [Document(path="article.md", text=text)], self.resolver(state), strict=True))
            found += evidence.section_sentences(text, excerpts, references, section=number,
                                                offset=start - 1)
        return found

    def reference_lines(self, state: PSEState, text: str) -> dict[str, int]:
        """Each code reference of ``text`` (verified or not) and its first line."""
        checked = check_documents([Document(path="x.md", text=text)], self.resolver(state),
                                  strict=True)
        lines: dict[str, int] = {}
        for item in checked:
            if item.result.status != "ignored" and item.ref.kind != "claim":  # names only
                lines.setdefault(item.ref.text, item.ref.line)
        return lines

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:  # noqa: ARG002
        """Each finding's span on its line; never the title or a planned ``## `` heading
        (deleting one would merge two sections), nor a whole-text finding."""
        lines = state.current_text().split("\n")
        return [Span(f.line, f.text, repeat=f.rule == "repetition") for f in result.bad
                if f.line and f.rule not in rulebook.NOT_STRIPPABLE
                and not _is_planned_heading(lines, f.line)]

    def tidy_stripped(self, state: PSEState, text: str) -> tuple[str, list[str]]:  # noqa: ARG002
        """After Strip: a section whose first sentence went and whose next one opens with
        a pronoun ("It is designed to ...") loses that one too, as shaping does; and a
        lead-in whose whole list Strip removed ("The solution has several limitations,
        including:" before the next heading) goes with it."""
        text, orphans = sections.drop_orphan_openings_per_section(text)
        tidied, lead_ins = sections.drop_dangling_lead_ins(text)
        if lead_ins and text.endswith("\n"):
            tidied += "\n"
        return tidied, [*orphans, *lead_ins]

    def gates(self, state: PSEState) -> list[Gate]:
        """The final gates (length, sections, grounding, strip share, end, repetition)."""
        return gates.final_gates(self.resolver(state), state, limits=self.rule_limits())

    def token_caps(self, state: PSEState) -> dict[str, int]:
        """Caps for the run's length (:func:`pse.tasks.article.policy.token_caps`)."""
        return policy.token_caps(_words(state))

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:
        """Front matter (title, project, style, language, source, status, figures) + text."""
        body = _FRONT_MATTER.sub("", text, count=1).lstrip()
        title = next((line[2:].strip() for line in body.splitlines()
                      if line.startswith("# ")), _project_name(state))
        figures = gates.figures(state)
        meta = {"title": title, "project": _project_name(state),
                "style": str(state.data.get("style", "")), "lang": lang,
                "source": ArticleInputs.of(state).source_label, "generator": "pse",
                "status": state.status, "reason": state.reason}
        lines = [f"{key}: {_yaml(value)}" for key, value in meta.items() if value]
        lines += [f"{key}: {value}" for key, value in figures.items()]
        return "---\n" + "\n".join(lines) + "\n---\n\n" + body


class _Named:
    """An injected plain retriever under a name, for the trace."""

    def __init__(self, retriever: Retriever) -> None:
        self._retriever = retriever
        self.name = type(retriever).__name__

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        return self._retriever.search(query, k=k)

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        return [Hit(c, float("nan"), rank) for rank, c in
                enumerate(self._retriever.search(query, k=k), start=1)]


def _sources(state: PSEState) -> str:
    """The excerpts the writer was shown (an event they tell is no invention)."""
    chunks = [*state.context, *_chunks_of(state.data.get("overview"))]
    return "\n".join(c.text for c in chunks)


def _focus(state: PSEState) -> list[str]:
    return state.sections[state.section].focus


def _emit(deps: RunDeps, event: dict[str, object]) -> None:
    if deps.on_event is not None:
        deps.on_event(event)


def _planner_query(state: PSEState, guide: str) -> str:
    """The project's name, then the key terms of its description, highlights and style
    guide (a long input becomes a focused query, never a cut one)."""
    inputs = ArticleInputs.of(state)
    rest = " ".join([inputs.description, "; ".join(inputs.highlights), guide])
    return " ".join(filter(None, [_project_name(state), focused_query(rest)]))


def _chunks_of(items: object) -> list[Chunk]:
    """Chunks back from their ``to_dict`` form in the state."""
    if not isinstance(items, list):
        return []
    return [Chunk(str(i["path"]), int(i["start"]), int(i["end"]), str(i.get("text", "")),
                  str(i.get("title", "")), str(i.get("symbol", ""))) for i in items
            if isinstance(i, dict)]


def _is_planned_heading(lines: list[str], number: int) -> bool:
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    return bool(re.match(r"^#{1,2}\s", line))


def _project_name(state: PSEState) -> str:
    facts = state.data.get("facts")
    declared = str(facts.get("name") or "") if isinstance(facts, dict) else ""
    inputs = ArticleInputs.of(state)
    return inputs.project or declared or Path(inputs.source).name


def _words(state: PSEState) -> int:
    return ArticleInputs.of(state).words


def _title(state: PSEState) -> str:
    """The Planner's title when its plan was used, else one from the style and project."""
    if state.plan_source == "planner":
        found = next((line[2:].strip() for line in state.plan.splitlines()
                      if line.startswith("# ")), "")
        if found:
            return found
    style = str(state.data.get("style_title", "")) or "A tour"
    return f"{style}: {_project_name(state)}"


def _unique(chunks: list[Chunk]) -> list[Chunk]:
    seen: set[tuple[str, int]] = set()
    kept = []
    for chunk in chunks:
        if (chunk.path, chunk.start) not in seen:
            seen.add((chunk.path, chunk.start))
            kept.append(chunk)
    return kept


def _yaml(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _with_readme(tree_chunks: list[Chunk], chunks: list[Chunk]) -> list[Chunk]:
    """The README's first chunk leads the excerpts, when retrieval did not pick it."""
    readme = next((c for c in tree_chunks if c.path.lower() in {"readme.md", "readme.rst",
                                                                 "readme.txt"}), None)
    if readme is None or any(c.path == readme.path for c in chunks):
        return chunks[:5]
    return [readme, *chunks[:4]]


def _facts_text(facts: object) -> str:
    if not isinstance(facts, dict):
        return ""
    parts = [f"- name: {facts.get('name') or '(not declared)'}",
             f"- version: {facts.get('version') or '(not declared)'}"]
    if facts.get("console_scripts"):
        parts.append("- console scripts: " + ", ".join(
            f"`{k}` -> `{v}`" for k, v in dict(facts["console_scripts"]).items()))
    if facts.get("dependencies"):
        parts.append("- dependencies: " + ", ".join(map(str, facts["dependencies"])))
    if facts.get("env_vars"):
        parts.append("- environment variables read: " + ", ".join(
            f"`{v}`" for v in dict(facts["env_vars"])))
    files = dict(facts.get("files_per_language") or {})
    lines = dict(facts.get("lines_per_language") or {})
    if files:
        parts.append("- size: " + ", ".join(f"{lang}: {files[lang]} files, {lines.get(lang, 0)} "
                                            "lines" for lang in files))
    return "\n".join(parts)


def _context_text(context: Sequence[Chunk]) -> str:
    """The excerpts as prompt blocks, each labelled with its path, lines and symbol."""
    return context_blocks(context, max_chars=_CHUNK_CHARS)


def _code_facts_text(block: str) -> str:
    """The facts block under its heading ("" when the focus resolved to nothing)."""
    return f"CODE FACTS (exact, from the index; use these names, counts and signatures):\n" \
        f"{block}\n\n" if block else ""
