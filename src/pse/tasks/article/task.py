"""ArticleTask: prompts from files, grounded context, and the composed verify function."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from pse.config import Settings, cache_dir
from pse.index.builder import build_index
from pse.index.facts import ProjectFacts, collect_facts
from pse.index.symbols import SymbolIndex
from pse.llm.types import Message, Stage
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.rag.chunks import chunk_tree
from pse.rag.retriever import BM25Retriever, Chunk
from pse.tasks.article import checks
from pse.tasks.article.registry import load_styles
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.finding import VerifyResult
from pse.verify.resolve import Resolver, project_resolver
from pse.verify.strip import Span

PROMPTS = Path(__file__).with_name("prompts")
RULES = Path(__file__).with_name("rules")
LANG_NAMES = {"en": "English", "zh": "Chinese (简体中文)"}
_CHUNK_CHARS = 1400
_FRONT_MATTER = re.compile(r"^---\n.*?\n---\n", re.DOTALL)


@cache
def _prompt(name: str) -> str:
    return (PROMPTS / f"{name}.md").read_text(encoding="utf-8")


class ArticleTask:
    """A technical article about a repository (zh or en), verified against its sources."""

    name = "article"

    def __init__(self, *, settings: Settings, rules_dir: Path | None = None) -> None:
        self.settings = settings
        configured = settings.get_str("article.rules_dir") if "article.rules_dir" in \
            settings.values else ""
        self.rules_dir = rules_dir or (Path(configured).expanduser() if configured else RULES)
        self._index: SymbolIndex | None = None
        self._resolver: Resolver | None = None

    # ------------------------------------------------------------------ data
    def index(self, state: PSEState) -> SymbolIndex:
        """The symbol index of the source tree (built once per process)."""
        if self._index is None:
            self._index, _ = build_index(Path(state.inputs["source"]),
                                         cache_dir=cache_dir(self.settings),
                                         max_file_size=self.settings.get_int(
                                             "index.max_file_size"),
                                         exclude=self.settings.get_list("index.exclude"))
        return self._index

    def resolver(self, state: PSEState) -> Resolver:
        """The reference resolver of the source tree."""
        if self._resolver is None:
            self._resolver = project_resolver(
                self.index(state), external=self.settings.get_list("verify.external"),
                cache_dir=cache_dir(self.settings),
                suggest_cutoff=self.settings.get_int("verify.suggest_cutoff"))
        return self._resolver

    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:
        """Facts, style, file list and retrieved source excerpts."""
        index = self.index(state)
        facts = collect_facts(index)
        styles = load_styles()
        style = styles[state.inputs.get("style") or next(iter(styles))]
        tree_chunks = chunk_tree(index)
        retriever = deps.retriever or BM25Retriever(tree_chunks)
        query = " ".join([state.inputs.get("project", ""), state.inputs.get("description", ""),
                          state.inputs.get("highlights", ""), style.guide])
        chunks = _with_readme(tree_chunks, retriever.search(query, k=6))
        files = [p for p, (lang, _) in index.files.items() if lang][:40]
        data: dict[str, object] = {
            "facts": facts.to_dict(), "style": style.name, "style_title": style.title,
            "style_guide": style.guide, "file_tree": "\n".join(f"- {p}" for p in files)}
        return replace(state, data=data, context=[c.to_dict() for c in chunks])

    # ------------------------------------------------------------------ prompts
    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        """System rules and shared context first (prefix reuse), the stage's ask last."""
        lang = state.inputs.get("lang", "en")
        target = extra.get("target", "")
        values = {
            "project": state.inputs.get("project", "") or Path(state.inputs["source"]).name,
            "description": state.inputs.get("description", ""),
            "highlights": ("Highlights to cover: " + state.inputs["highlights"])
            if state.inputs.get("highlights") else "",
            "facts": _facts_text(state.data.get("facts", {})),
            "file_tree": str(state.data.get("file_tree", "")),
            "context": _context_text(state.context),
            "lang_name": LANG_NAMES.get(lang, lang), "target_name": LANG_NAMES.get(target, target),
            "style_title": str(state.data.get("style_title", "")),
            "style_guide": str(state.data.get("style_guide", "")),
            "plan": state.plan, "article": state.artifact,
            "words": state.inputs.get("words", "600"), "flagged": extra.get("flagged", ""),
        }
        shared = _prompt("context").format_map(values)
        ask = _prompt(stage).format_map(values)
        return [Message.system(_prompt("system")), Message.user(f"{shared}\n---\n\n{ask}")]

    # ------------------------------------------------------------------ checks
    def verify(self, state: PSEState, text: str, *, lang: str,
               original: str | None = None) -> VerifyResult:
        """Code references, wording, leaks, numbers; for translations, the same references."""
        path = f"artifact.{lang}.md"
        checked = check_documents([Document(path=path, text=text)], self.resolver(state),
                                  ignore=self.settings.get_list("verify.ignore"),
                                  strict=True)  # any unresolved name in LLM text is suspect
        result = to_findings(checked)
        bad = list(result.bad)
        bad += checks.exaggerations(text, checks.load_terms(self.rules_dir, lang), path=path)
        bad += checks.reasoning_leaks(text, path=path)
        bad += checks.repetitions(text, path=path)
        raw_facts = state.data.get("facts")
        facts = ProjectFacts(**raw_facts) if isinstance(raw_facts, dict) else ProjectFacts()
        bad += checks.numeric_claims(text, facts, path=path)
        if original is not None:
            before = self._reference_names(state, original)
            after = self._reference_lines(state, text)
            bad += checks.reference_set_changes(before, set(after), path=path, lines=after)
        bad.sort(key=lambda f: f.sort_key())
        return VerifyResult(bad=bad, ok=result.ok)

    def _reference_lines(self, state: PSEState, text: str) -> dict[str, int]:
        checked = check_documents([Document(path="x.md", text=text)], self.resolver(state),
                                  strict=True)
        lines: dict[str, int] = {}
        for item in checked:
            if item.result.status != "ignored" and item.ref.kind != "claim":  # names only
                lines.setdefault(item.ref.text, item.ref.line)
        return lines

    def _reference_names(self, state: PSEState, text: str) -> set[str]:
        return set(self._reference_lines(state, text))

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:  # noqa: ARG002
        """Each finding's span on its line (findings without a line cannot be deleted)."""
        return [Span(f.line, f.text) for f in result.bad if f.line]

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:
        """Front matter (title, project, style, language, source) + the text."""
        body = _FRONT_MATTER.sub("", text, count=1).lstrip()
        title = next((line[2:].strip() for line in body.splitlines()
                      if line.startswith("# ")), state.inputs.get("project", "article"))
        meta = {"title": title, "project": state.inputs.get("project", ""),
                "style": str(state.data.get("style", "")), "lang": lang,
                "source": state.inputs.get("source_label", ""), "generator": "pse",
                "status": state.status}
        lines = [f"{key}: {_yaml(value)}" for key, value in meta.items() if value]
        return "---\n" + "\n".join(lines) + "\n---\n\n" + body


def _yaml(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _with_readme(tree_chunks: list[Chunk], chunks: list[Chunk]) -> list[Chunk]:
    """The README's first chunk leads the excerpts, when retrieval did not pick it."""
    readme = next((c for c in tree_chunks if c.path.lower() in {"readme.md", "readme.rst",
                                                                 "readme.txt"}), None)
    if readme is None or any(c.path == readme.path for c in chunks):
        return chunks
    return [readme, *chunks[:5]]


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


def _context_text(context: list[dict[str, object]]) -> str:
    blocks = []
    for chunk in context:
        text = str(chunk.get("text", ""))[:_CHUNK_CHARS]
        blocks.append(f"### {chunk.get('path')} (lines {chunk.get('start')}-{chunk.get('end')})"
                      f"\n```\n{text}\n```")
    return "\n\n".join(blocks) or "(no excerpts)"
