"""Resolutions remembered from an earlier run over the same tree (the warm path).

A run over an unchanged tree with unchanged options gives every reference the answer it
had before, so the answers can be kept: per reference (keyed by the reference as written,
its line left out, and by what its document's examples bind), and per document for its
structural claims (keyed by the document's text). An edited document then re-resolves
only the references that changed. The memo is plain data; the CLI decides when it is
valid (tree fingerprint, options, pse's own code) and where it is kept.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields, replace

from pse.index.languages import detect_language
from pse.verify.bindings import Bindings
from pse.verify.refs import Reference, Resolution

RefKey = tuple[str, Reference]
"""(document context digest, the reference without its file and line)."""
UNKEPT_KINDS = frozenset({"path_line", "quote"})
"""Kinds whose answers depend on a file's lines or text, which may be a document's own
(documents are left out of the tree fingerprint): resolved again when the file they
name is a document (:func:`is_kept`)."""
_DOCUMENT_LANGUAGES = frozenset({"markdown", "rst"})


def is_kept(ref: Reference) -> bool:
    """True when the memo may keep the answer of ``ref``.

    A line or quote reference names its file, and every file it can match ends with the
    same name (:meth:`pse.index.symbols.SymbolIndex.paths_matching`), so the same
    language: one of a source file is covered by the tree fingerprint; one of a
    Markdown or reStructuredText file may be a document being edited, which is not.
    """
    if ref.kind not in UNKEPT_KINDS:
        return True
    if ref.kind == "quote" and ref.at_symbol and not ref.in_file:
        return True  # a block presenting a definition: its files are the tree's sources
    named = ref.in_file if ref.kind == "quote" else ref.name
    return bool(named) and detect_language(named) not in _DOCUMENT_LANGUAGES


@dataclass
class VerifyMemo:
    """Answers of earlier runs, valid for one tree state and one set of options."""

    refs: dict[RefKey, Resolution] = field(default_factory=dict)
    claims: dict[str, list[tuple[Reference, Resolution]]] = field(default_factory=dict)
    """Structural claims of a document: ``text digest -> (reference, resolution)``."""
    used: set[RefKey] = field(default_factory=set)
    """Keys read or written by this run (what :meth:`pruned` keeps)."""
    used_claims: set[str] = field(default_factory=set)
    sentences: dict[str, list[tuple[Reference, Resolution]]] = field(default_factory=dict)
    """Claims of one prose sentence: ``sentence digest -> (reference, resolution)``, the
    references with no file and their lines relative to the sentence's (an edited
    document reads and judges only its changed sentences)."""
    used_sentences: set[str] = field(default_factory=set)
    computed: int = 0
    """References resolved by this run (not answered from the memo)."""

    def get(self, key: RefKey) -> Resolution | None:
        """The remembered answer for ``key`` (None: resolve it)."""
        if not is_kept(key[1]):
            return None
        self.used.add(key)
        return self.refs.get(key)

    def put(self, key: RefKey, result: Resolution) -> None:
        """Remember the answer just computed for ``key``."""
        self.computed += 1
        if is_kept(key[1]):
            self.used.add(key)
            self.refs[key] = result

    def sentence(self, key: str) -> list[tuple[Reference, Resolution]] | None:
        """The remembered claims of the sentence of ``key`` (None: read them)."""
        self.used_sentences.add(key)
        return self.sentences.get(key)

    def put_sentence(self, key: str, claims: list[tuple[Reference, Resolution]]) -> None:
        """Remember the claims just read and judged in the sentence of ``key``."""
        self.used_sentences.add(key)
        self.sentences[key] = claims

    def pruned(self, *, keep: int = 50_000) -> VerifyMemo:
        """This run's entries, plus older ones up to ``keep`` (so the file stays small)."""
        refs = {k: v for k, v in self.refs.items() if k in self.used}
        for key, value in self.refs.items():
            if len(refs) >= keep:
                break
            refs.setdefault(key, value)
        claims = {k: v for k, v in self.claims.items() if k in self.used_claims}
        sentences = {k: v for k, v in self.sentences.items() if k in self.used_sentences}
        for digest, found in self.sentences.items():
            if len(sentences) >= keep:
                break
            sentences.setdefault(digest, found)
        return VerifyMemo(refs=refs, claims=claims, sentences=sentences)


def context_key(bindings: Bindings, *, is_history: bool,
                evidence: tuple[object, ...] = ()) -> str:
    """A digest of everything about a document, besides a reference, that its answer
    depends on: its examples' bindings, whether it is a changelog and what it says as a
    whole about whose names it uses (its name and place do not matter: resolution never
    reads a reference's file)."""
    parts: list[str] = [str(is_history), repr(evidence)]
    for item in fields(bindings):
        value = getattr(bindings, item.name)
        if isinstance(value, dict):
            value = sorted(value.items())
        elif isinstance(value, set | frozenset):
            value = sorted(value)
        parts.append(f"{item.name}={value!r}")
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def ref_key(context: str, ref: Reference) -> RefKey:
    """The memo key of ``ref`` (its document and line do not change its answer)."""
    return context, replace(ref, file="", line=0)


def text_key(path: str, text: str) -> str:
    """The memo key of a document's structural claims."""
    return hashlib.sha256(f"{path}\0{text}".encode()).hexdigest()
