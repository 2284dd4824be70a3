"""Align each unit of a document to the span that backs it, or say why none does.

Per unit: the code names it mentions are anchored to spans (the definition the reference
check found for each, else a span that holds the name); a name the source does not have,
or a structural claim the index contradicts, makes the unit unsupported. A unit that names
nothing is read against what its block and sentence neighbours name. Its content words must
then be covered by the anchored spans (share >= ``threshold``), where only a word its whole
package never uses counts against it (a word of another docstring is a paraphrase), and
the return values, counts, defaults, types and parameter roles it states must match them
(:mod:`.facts`); what a definition it names is said to work by, or (for a function of a
few lines) to return, must be that definition's own words. A unit
that names no code and whose words are only discourse ("Here is an example:") is a
transition.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass
from typing import Literal

from pse.index.walk import is_sample_path
from pse.text.words import as_written, claimed, covered, words
from pse.verify.evidence.denials import denial_problem
from pse.verify.evidence.facts import contradiction, role_problem
from pse.verify.evidence.passages import quoted
from pse.verify.evidence.siblings import (
    anothers_summary,
    borrowed_parameter,
    namesake_problem,
    siblings_name_word,
)
from pse.verify.evidence.spans import SourceSpan, code_vocabulary
from pse.verify.evidence.units import Unit, code_name, without_title

Status = Literal["supported", "unsupported", "transition"]
THRESHOLD = 0.34
"""The share of a unit's content words its spans must hold: more than a third (on the build
half of ``bench/evidence``, every share from 0.34 to 0.4 flags the same units; the lowest
is taken, a true sentence flagged being worse than a miss)."""

_MIN_MISSING = 2
"""A sentence is unsupported by its words only when two or more are not in its spans nor
anywhere in its package: one stray word is a paraphrase more often than a claim."""

_DISCOURSE = words(
    "example here below above following section article guide tutorial overview summary "
    "conclusion introduction introduce let look see show explain discuss demonstrate "
    "illustrate consider note learn understand step basic start simple application project "
    "program snippet detail details describe describes now next first finally let's "
    "important key feature features common usage practice real world "
    # where code is (a location the structural claims check): "is in the `x.py` file,
    # which contains ..."
    "file files contain contains located folder directory")


@dataclass(frozen=True)
class NameRef:
    """One checked code reference of the document (from the reference check)."""

    line: int
    text: str
    """The span as written, without backticks."""
    status: str
    """``verified``, ``unverified``, ``external`` or ``ignored``."""
    evidence: tuple[tuple[str, int | None], ...] = ()
    kind: str = "symbol"
    message: str = ""


@dataclass(frozen=True)
class Aligned:
    """A unit and its verdict."""

    unit: Unit
    status: Status
    span: SourceSpan | None = None
    """The span that backs it (supported) or comes closest (unsupported)."""
    coverage: float = 0.0
    reason: str = ""
    by_words: bool = False
    """Unsupported by its words alone (not a contradiction, a role or a means): a passage
    of the project's prose that it repeats answers that."""
    unbacked_claim: bool = False
    """Unsupported for a quality it affirms ("fast", "secure", "thread-safe"), which only a
    span saying so backs: it needs no code name to be a claim about the project."""
    limitation: bool = False
    """Unsupported for what it denies or limits ("it does not handle exceptions", "there
    is no support for priorities"): a limitation is a claim about the project whether or
    not it names code, and one no span holds is invented."""


class _Spans:
    """The spans by file and by the names they define or hold."""

    def __init__(self, spans: Sequence[SourceSpan], vocabulary: frozenset[str] | None) -> None:
        self.spans = list(spans)
        self.vocabulary = vocabulary if vocabulary is not None else \
            frozenset().union(*(s.vocabulary for s in self.spans))
        self.passages: list[SourceSpan] = []
        self._by_path: dict[str, list[SourceSpan]] = {}
        for span in self.spans:
            self._by_path.setdefault(span.path, []).append(span)

    def containing(self, path: str, line: int | None) -> SourceSpan | None:
        """The innermost span of ``path`` around ``line``."""
        inside = [s for s in self._by_path.get(path, ())
                  if line is not None and s.start <= line <= max(s.end, s.start)]
        return min(inside, key=lambda s: (s.end - s.start, s.start), default=None)

    def members(self, spans: Sequence[SourceSpan]) -> list[SourceSpan]:
        """The methods of the classes among ``spans``: a class's span is its head, and what
        it does is told by its methods too ("`Queue` blocks until an item is available")."""
        owners = tuple(s.symbol + "." for s in spans if s.kind == "class" and s.symbol)
        return [s for s in self.spans if owners and s.symbol.startswith(owners)
                and s not in spans]

    def callees(self, spans: Sequence[SourceSpan]) -> list[SourceSpan]:
        """The definitions the functions among ``spans`` call (``self._render(...)``,
        ``helper(...)``): how a function works may be told by what it calls."""
        called = {m for s in spans if s.kind in _CALLABLE for m in _CALL.findall(s.text)}
        called -= {s.symbol.rsplit(".", 1)[-1] for s in spans}
        return [s for s in self.spans if s.kind in _CALLABLE
                and s.symbol.rsplit(".", 1)[-1] in called][:_CALLEES]

    def holding(self, name: str) -> list[SourceSpan]:
        """Spans that define ``name`` first, then spans that hold it, in source order."""
        last = name.rsplit(".", 1)[-1]
        exact = [s for s in self.spans if s.symbol.rsplit(".", 1)[-1] == last]
        folded = [s for s in self.spans if s.symbol.rsplit(".", 1)[-1].lower() == last.lower()]
        return exact or folded or [s for s in self.spans if last.lower() in s.idents]


def align(units: Sequence[Unit], spans: Sequence[SourceSpan], refs: Sequence[NameRef], *,
          threshold: float = THRESHOLD, vocabulary: frozenset[str] | None = None,
          passages: Sequence[SourceSpan] = ()) -> list[Aligned]:
    """Every unit's verdict, in order. ``vocabulary`` is every stem of the packages the
    spans are in (default: the spans' own): a word the project never uses is told apart
    from one it uses elsewhere. ``passages`` are the project's prose (README, docs): a
    sentence its words alone would leave unsupported is backed by a passage it repeats
    nearly word for word (:func:`.passages.quoted`)."""
    table = _Spans(spans, vocabulary)
    table.passages = list(passages)
    by_line: dict[int, list[NameRef]] = {}
    named: dict[str, NameRef] = {}  # a name's answer anywhere in the text (for context)
    for ref in refs:
        by_line.setdefault(ref.line, []).append(ref)
        if ref.kind != "claim" and ref.status == "verified":
            named.setdefault(code_name(ref.text) or ref.text, ref)
    return [_align_unit(unit, table, by_line.get(unit.line, []), named, threshold=threshold)
            for unit in units]


def _align_unit(unit: Unit, table: _Spans, refs: list[NameRef], named: dict[str, NameRef],
                *, threshold: float) -> Aligned:
    false_claim = next((r for r in refs if r.kind == "claim" and r.status == "unverified"
                        and r.text in unit.text), None)
    if false_claim is not None:
        span = _first_span(table, false_claim.evidence)
        return Aligned(unit, "unsupported", span, reason=false_claim.message or
                       f"the source says otherwise: {false_claim.text}")
    status = {code_name(r.text) or r.text: r for r in refs if r.kind != "claim"}
    around = [s for name in unit.context
              for s in _anchor(table, name, status.get(name) or named.get(name))[:1]]
    anchors: list[SourceSpan] = []
    if unit.subject in named:  # "It does not retry ..." is judged like "`JobQueue` does not ..."
        status.setdefault(unit.subject, named[unit.subject])
    for name in unit.names or ((unit.subject,) if unit.subject else ()):
        ref = status.get(name)
        if ref is not None and ref.status in ("external", "ignored"):
            continue
        # a member or parameter of what the text is about is that definition's, first
        last = name.rsplit(".", 1)[-1].lower()
        found = [] if ref is not None and ref.status == "verified" else \
            sorted((s for s in around if last in s.idents and s.symbol),
                   key=lambda s: (last not in _own_names(s), s.kind == "module"))[:1]
        found = found or _anchor(table, name, ref)
        if not found:
            if ref is not None and ref.status == "unverified" or not table.spans:
                return Aligned(unit, "unsupported", None,
                               reason=f"`{name}` is not in the source")
            continue
        anchors.extend(s for s in found if s not in anchors)
    if unit.label and unit.label not in unit.names:
        last = unit.label.rsplit(".", 1)[-1]
        own = [s for s in around if last in s.members] and \
            [s for s in table.spans if s.symbol.rsplit(".", 1)[-1] == last
             and any(s.symbol.startswith(a.symbol + ".") for a in around)]
        defined = [s for s in table.spans if s.symbol.rsplit(".", 1)[-1] == last]
        # of several definitions, the one whose owner the text is about: its surroundings
        # first, then any name the text has verified ("**__len__**:" of `Text`'s methods)
        near = _owned_by(defined, unit.context) or _owned_by(defined, named)
        anchors.extend(own or near or defined[:1])
    claim = words(without_title(_without_code(unit.text))) - _name_words(unit) - _DISCOURSE
    if not unit.names and (not anchors or unit.subject) and (not claim or unit.lead_in):
        return Aligned(unit, "transition")
    if not anchors:  # what the text is about, its definitions before its modules
        anchors = sorted(around, key=lambda s: s.kind == "module")[:2]
        outside = [n.rsplit(".", 1)[-1].lower() for n in unit.names
                   if (r := status.get(n)) is not None and r.status in ("external", "ignored")]
        if outside and len(outside) == len(unit.names):
            # "`sybil` is a library for parsing CSS" under a section on `parse`: what it says
            # of outside code only a span of the section that uses that code can back
            anchors = [s for s in anchors if any(n in s.idents for n in outside)]
    anchors.extend(s for s in _titled(unit, table, anchors) if s not in anchors)
    # a module and the function of its name inside it (`parse` and `parse.parse`): what a
    # sentence says a call takes or returns is the function's
    anchors.extend(s for s in _namesake_callables(anchors, table) if s not in anchors)
    if not anchors:
        return _quoted_or(Aligned(unit, "unsupported" if claim else "transition", reason=(
            "names no code the source has, and no span backs its words"), by_words=True,
            limitation=_limits(_without_code(unit.text))), table.passages)
    return _quoted_or(_covered(unit, anchors, claim, threshold=threshold,
                               members=table.members(anchors), known=table.vocabulary,
                               described=_described(unit, table),
                               callees=table.callees(anchors), spans=table.spans),
                      table.passages)


def _namesake_callables(anchors: Sequence[SourceSpan], table: _Spans) -> list[SourceSpan]:
    """The function or class a module anchor defines under the module's own name."""
    wanted = {f"{a.symbol}.{a.symbol.rsplit('.', 1)[-1]}" for a in anchors
              if a.kind == "module" and a.symbol}
    return [s for s in table.spans if s.symbol in wanted and s.kind in (*_CALLABLE, "class")]


def _quoted_or(aligned: Aligned, passages: Sequence[SourceSpan]) -> Aligned:
    """``aligned``, or, when only its words left it unsupported, supported by the passage
    of the project's prose it repeats."""
    if aligned.status != "unsupported" or not aligned.by_words:
        return aligned
    passage = quoted(aligned.unit.text, passages)
    return aligned if passage is None else Aligned(aligned.unit, "supported", passage, 1.0)


def _covered(unit: Unit, anchors: list[SourceSpan], claim: set[str], *,
             threshold: float, members: Sequence[SourceSpan] = (),
             known: frozenset[str] = frozenset(), described: str = "",
             callees: Sequence[SourceSpan] = (), spans: Sequence[SourceSpan] = ()
             ) -> Aligned:
    # the span that holds most of its words; of equals, the first (a definition before
    # the spans that only hold its name, a class before its methods)
    best = max([*anchors, *members], key=lambda s: len(claim & s.vocabulary))
    held = set().union(*(s.vocabulary for s in (*anchors, *members)))
    # a method is about its class's thing ("`Text.__bool__` is True if the text is ...")
    held |= words(" ".join(s.symbol.rsplit(".", 2)[-2] for s in anchors
                           if s.kind == "method" and s.symbol.count(".")))
    backed = covered(claim, held)
    share = len(backed) / len(claim) if claim else 1.0
    prose = _without_code(unit.text)
    wrong = contradiction(unit.text, anchors) or role_problem(described, claim, anchors) or \
        denial_problem(prose, [*anchors, *members], main=_unconditional(prose)) or \
        namesake_problem(words(prose), anchors, spans,
                         {n.rsplit(".", 1)[-1] for n in unit.names}) or \
        siblings_name_word(_without_code(without_title(unit.text)), anchors, spans,
                           {n.rsplit(".", 1)[-1] for n in unit.names}) or \
        borrowed_parameter(unit.text, unit.subject, anchors, spans) or \
        _borrowed_role(prose, unit, anchors, spans)
    if wrong:
        return Aligned(unit, "unsupported", best, share, reason=wrong)
    code_held = set().union(*(code_vocabulary(s) for s in (*anchors, *members)))
    wrong = _definition_problem(unit, _masked(without_title(unit.text)), anchors, held=held,
                                callees=callees, code_held=code_held,
                                siblings=_siblings(anchors, spans, (*members, *callees)))
    if wrong:
        return Aligned(unit, "unsupported", best, share, reason=wrong)
    # a word the package uses elsewhere (another method's docstring, a comment) is more
    # often a paraphrase than a claim; one it never uses is what the sentence adds
    foreign = gap = claim - backed - covered(claim - backed, known, abbreviations=False)
    denies = _limits(prose)
    if denies:
        # "does not retry failed jobs", "cannot be nested": a limitation needs a span
        # that holds what it denies, not one that holds the name. (Holding capabilities,
        # "`X` allows you to ...", to the same share flagged 2 more of the held-out
        # half's 44 true units for 3 more of its 52 false ones: left out.)
        threshold = max(threshold, _NEGATIVE_THRESHOLD)
        gap = claim - backed  # what it denies must be in its spans, not only the package's
    # a sentence about a whole package ("`pkg` compresses data") is backed by any of its
    # files, not only by its __init__ module's head
    whole = held | known if _about_package(anchors) else held
    unbacked = [word for word, stems in claimed(prose).items()
                if len(covered(set(stems), whole)) < len(stems)]
    # a quality it affirms ("used for secure communication"), whatever else it says; one
    # it denies ("Nothing runs in parallel") is what code without it is
    claims = bool(unbacked) and not denies and not _DENIED.search(prose)
    if len(known) >= _KNOWN_WORDS and len(foreign) >= _MIN_MISSING:
        # "with exponential backoff", "in a local SQLite cache": details a project of
        # this many words would use somewhere if it had them
        return Aligned(unit, "unsupported", best, share, reason="its words are in none of "
                       f"its package's files ({', '.join(as_written(sorted(foreign), prose)[:6])})",
                       by_words=True, unbacked_claim=claims, limitation=denies)
    if share < threshold and len(gap) >= _MIN_MISSING:
        missing = ", ".join(as_written(sorted(gap), prose)[:6])
        return Aligned(unit, "unsupported", best, share,
                       reason=f"its words are not in the source it names ({missing})",
                       by_words=True, unbacked_claim=claims, limitation=denies)
    # after the words: theirs says more
    wrong = _unheld_action(unit.text, anchors, spans,
                           subject="" if unit.names else unit.subject, label=unit.label)
    if wrong:
        return Aligned(unit, "unsupported", best, share, reason=wrong)
    if unbacked:  # "fast", "with ease", "thread-safe": a claim only a span saying it backs
        return Aligned(unit, "unsupported", best, share,
                       reason=f"it says {', '.join(repr(w) for w in unbacked)}, which the "
                              "source it names does not", by_words=True, unbacked_claim=claims)
    return Aligned(unit, "supported", best, share)


_NEGATIVE = re.compile(
    r"\b(?:(?:does|do|did|is|are|was|were|can|could|will|would|should|may|might|must)"
    r"(?:\s+not|n't)|cannot|can't|never|unable|lacks?|limitations?|limited\s+to|"
    r"there\s+(?:is|are)\s+no\b|"
    r"only\s+(?:works?|supports?|runs?|handles?|accepts?)\b|不(?:能|会|支持|适合|可以)|"
    r"无法|没有|缺乏|不是线程安全|仅(?:支持|适用|限于)|只(?:能|支持|适用))", re.IGNORECASE)
_DENIED = re.compile(r"\b(?:nothing|no|none|neither|nor|without)\b|(?:没有|无|不)",
                     re.IGNORECASE)
"""Words that deny what follows them, beyond :data:`_NEGATIVE`'s verbs."""
_CALLABLE = frozenset({"function", "method"})
_CALL = re.compile(r"(?<![\w])(?:self\.|cls\.)?([A-Za-z_]\w*)\s*\(")
_CALLEES = 8
"""At most this many callee definitions are read for one function."""
_SHORT = 8
"""A function of fewer lines than this is read whole: what it returns is what it says."""
_KNOWN_WORDS = 1000
"""A package's vocabulary (stems) from which two words it never uses make a sentence
unsupported whatever else it holds: a small module's silence says little."""
_NEGATIVE_THRESHOLD = 0.75
"""The share of its words a negative or limitation claim's spans must hold."""
_CONDITION = re.compile(r"\b(?:if|when|whether|unless|otherwise)\b[^,;]*|(?:如果|若|当)[^，,；;]*",
                        re.IGNORECASE)


def _limits(prose: str) -> bool:
    """Whether ``prose`` denies or limits, outside its conditions ("does not retry", "only
    supports", "there is no ..."; not "True if the text is not empty")."""
    return bool(_NEGATIVE.search(_unconditional(prose)))


def _unconditional(text: str) -> str:
    """``text`` without its conditions: "True if the text is not empty" denies nothing."""
    return _CONDITION.sub(" ", text)


_RETURNED = re.compile(r"\b(?:returns?|returning|yields?)\s+(?P<what>[^.,;:!?()]+)|"
                       r"返回(?P<zh>[^。，,；;：:！？（(]+)", re.IGNORECASE)


def _unreturned(prose: str, held: set[str]) -> list[str]:
    """The words of what ``prose`` says a function returns that its definition (``held``)
    does not hold, when they are at least half of them: "Returns the number of cells
    required" of a ``__len__`` whose whole body is ``return self._length`` (the number
    is its length; the cells and what they are required for are not its words)."""
    for match in _RETURNED.finditer(prose):
        what = words(_unconditional(match["what"] or match["zh"])) - _DISCOURSE
        unknown = sorted(what - covered(what, held))
        if len(unknown) >= _MIN_MISSING and 2 * len(unknown) >= len(what):
            return unknown
    return []


_DESCRIBED = re.compile(r"^\s*(?:the\s+)?`(?P<name>[A-Za-z_]\w*)`\s*(?:[:：(（—]|-\s|"
                        r"(?:parameter|argument|option|keyword|参数)\b)", re.IGNORECASE)


def _described(unit: Unit, table: _Spans) -> str:
    """The parameter a unit describes ("`timeout`: ...", "The `timeout` parameter ...",
    "**Auto Refresh**: ..." for ``auto_refresh``), or "": also "" for a name some class
    has as a field (a field's own comment or docstring may be what the unit says)."""
    match = _DESCRIBED.match(without_title(unit.text))
    name = match["name"] if match is not None else \
        "_".join(unit.title.lower().split()) if unit.title else ""
    return "" if any(name in s.members for s in table.spans) else name


_MEANS = re.compile(r"\b(?:by|via|through)\s+(?P<how>[a-z]+ing)\b|"
                    r"\b(?:using|uses)\s+(?:an?|the)\s+(?P<tool>[a-z]+(?:\s+[a-z]+)?)\b|"
                    r"(?:通过|使用|利用)(?P<zh>[\u4e00-\u9fff]{2,6})", re.IGNORECASE)
_GENERIC_MEANS = words(
    "using calling passing providing making doing having taking giving specifying setting "
    "defining creating leveraging utilizing applying allowing enabling implementing "
    "following checking wrapping default defaulting subclassing overriding adding")


def _unsaid_means(prose: str, held: set[str]) -> str:
    """How ``prose`` says the code works ("by concatenating the hash value ...") when its
    definition (``held``: its spans, its class's methods, what it calls) never says it."""
    for match in _MEANS.finditer(prose):
        said = match["how"] or match["tool"] or match["zh"]
        how = words(said) - _GENERIC_MEANS - _DISCOURSE
        if how and not covered(how, held):
            return repr(said.lower())
    return ""


_ROLE = re.compile(
    r"\b(?:(?:is|are)\s+responsible\s+for\s+(?:\w+ing\s+)?|keeps?\s+track\s+of\s+|"
    # not a noun after its article ("keeps a handle on the work", "the store of jobs")
    r"(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)(?<!\bits\s)"
    r"(?:manag|handl|maintain|coordinat|orchestrat|track|stor|hold|own)(?:e|es|s|ing)?\s+)"
    r"(?P<what>[^.,;:!?()§]+)|(?:负责|管理|维护)(?P<zh>[^。，,；;：:！？（(§]+)", re.IGNORECASE)
_ROLE_END = re.compile(r"\b(?:which|that|so|by|when|if|while|to|for|in\s+order|with|"
                       r"using|via|through|without)\b.*", re.IGNORECASE)


_PURPOSE = re.compile(
    r"\b(?:is|are)\s+(?:(?:mainly|primarily|mostly|typically|generally)\s+)?"
    r"(?:used|designed|meant|intended)\s+to\s+(?P<what>[^.,;:!?()§]+)|"
    r"(?:用于|用来)(?P<zh>[^。，,；;：:！？（(§]+)", re.IGNORECASE)
_PURPOSE_END = re.compile(r"\b(?:which|that|so|by|when|if|while|in\s+order|using|via|"
                          r"through|without)\b.*", re.IGNORECASE)
_GENERIC_PURPOSE = words("provide make create perform handle help allow enable get do")


def _unheld_purpose(prose: str, code_held: set[str]) -> str:
    """What ``prose`` says a definition is used to do ("is used to apply a function to the
    first element of an iterable", "用于...") when most of it is not in that definition's
    code (its names, docstring and code; comments left out). Unlike a role, the whole
    verb phrase is its object: "to" inside it ("apply a function to ...") does not end it."""
    unknown = _unheld_object(prose, code_held, _PURPOSE, _PURPOSE_END,
                             ignored=_GENERIC_PURPOSE, least=_MIN_MISSING)
    return f"is used to {', '.join(as_written(unknown, prose))}" if unknown else ""


def _borrowed_role(prose: str, unit: Unit, anchors: Sequence[SourceSpan],
                   spans: Sequence[SourceSpan]) -> str:
    """What a role or purpose sentence ("is responsible for running jobs in the order
    they were added", "用于...") says, when it is another definition's docstring summary
    (:func:`.siblings.anothers_summary`); "" for any other sentence. (Read in any frame,
    an apposition too, it flagged one more true sentence of the never-tuned audit split
    and caught none more: left to roles and purposes.)"""
    if not (_ROLE.search(prose) or _PURPOSE.search(prose)):
        return ""
    # a definition the sentence names in plain words ("The ULID is a 48-bit timestamp
    # ...", of the class `ULID`) is one it speaks of, as a code span naming it would be
    said = {n.rsplit(".", 1)[-1] for n in unit.names} | set(_PLAIN_NAME.findall(prose))
    return anothers_summary(words(prose), anchors, spans, said)


_PLAIN_NAME = re.compile(r"[A-Za-z_]\w*")


def _unheld_role(prose: str, code_held: set[str]) -> str:
    """What ``prose`` says a definition manages, handles, stores or is responsible for
    ("is responsible for managing the queue of jobs", "负责管理重试策略") when most of it is
    not in that definition's code (``code_held``: names, docstrings, identifiers, comments
    left out): a comment saying "the queue decides" is about another class's work."""
    unknown = _unheld_object(prose, code_held, _ROLE, _ROLE_END)
    return f"handles {', '.join(as_written(unknown, prose))}" if unknown else ""


def _unheld_object(prose: str, code_held: set[str], pattern: re.Pattern[str],
                   end: re.Pattern[str], *, ignored: Set[str] = frozenset(),
                   least: int = 1) -> list[str]:
    """The words of the first object ``pattern`` finds in ``prose`` (its ``what`` or
    ``zh`` group, cut where ``end`` matches) that ``code_held`` lacks, when they are at
    least ``least`` and half of its words; else []."""
    for match in pattern.finditer(_unconditional(prose)):
        what = end.sub("", match["what"] or match["zh"])
        said = words(what) - _DISCOURSE - ignored
        unknown = sorted(said - covered(said, code_held))
        if len(unknown) >= least and 2 * len(unknown) >= len(said):
            return unknown
    return []


def _siblings(anchors: Sequence[SourceSpan], spans: Sequence[SourceSpan],
              related: Sequence[SourceSpan]) -> list[SourceSpan]:
    """The other definitions of the files ``anchors`` are in (not their members or the
    code they call): where a sentence's words come from when it borrows them."""
    paths = {a.path for a in anchors}
    return [s for s in spans if s.path in paths and s.symbol and s not in anchors
            and s not in related and s.kind in ("class", *_CALLABLE)]


def _borrowed_purpose(prose: str, held: set[str], siblings: Sequence[SourceSpan]) -> str:
    """What ``prose`` says a definition is used to do, when its words are not that
    definition's but another one's of the same file: "`want_bytes` is used to convert a
    base64-encoded string" of a function that encodes text, beside ``base64_encode``."""
    for pattern, end in ((_PURPOSE, _PURPOSE_END), (_ROLE, _ROLE_END)):
        for match in pattern.finditer(_unconditional(prose)):
            said = words(end.sub("", match["what"] or match["zh"])) - _DISCOURSE - \
                _GENERIC_PURPOSE
            unknown = said - covered(said, held)
            lent = sorted(w for w in unknown for s in siblings
                          if covered({w}, set(code_vocabulary(s))))
            if len(unknown) >= _MIN_MISSING and lent:
                owner = next(s.symbol for s in siblings
                             if covered({lent[0]}, set(code_vocabulary(s))))
                return (f"'{as_written(lent[:1], prose)[0]}' is what "
                        f"`{owner.rsplit('.', 1)[-1]}` does")
    return ""


def _definition_problem(unit: Unit, prose: str, anchors: Sequence[SourceSpan], *,
                        held: set[str], callees: Sequence[SourceSpan],
                        code_held: set[str], siblings: Sequence[SourceSpan] = ()) -> str:
    """Why what ``prose`` says a definition it names does is not in that definition: the
    means it works by (not in it, its class's methods or its callees), what it manages or
    holds (not in its code, ``code_held``: comments left out), or what a function of a few
    lines returns (not mostly its own words); "" when neither."""
    if not _defines(unit, anchors, kinds=("class", *_CALLABLE)):
        return ""
    how = _unsaid_means(prose, held | set().union(*(s.vocabulary for s in callees)))
    if how:
        return f"it says it works by {how}, which its definition does not"
    role = _unheld_role(prose, code_held) or _unheld_purpose(prose, code_held)
    if role:
        return f"it says it {role}, which its code does not hold (at most a comment does)"
    if _defines(unit, anchors, kinds=_CALLABLE):
        lent = _borrowed_purpose(prose, code_held | set().union(
            *(s.vocabulary for s in callees)), siblings)
        if lent:
            return f"what it says it is used for is another definition's: {lent}"
    if _defines(unit, anchors, kinds=_CALLABLE) and \
            all(s.end - s.start < _SHORT for s in anchors):
        unknown = _unreturned(prose, held)
        if unknown:
            return (f"it says what the code returns ({', '.join(as_written(unknown, prose))}); "
                    "its definition "
                    "says nothing of it")
    return ""


_CALLABLE_NOUN = r"(?:method|function|classmethod|staticmethod|coroutine)"
_DOES = r"(?P<verb>[a-z]{3,}s)\b(?!\s+(?:a|an|the)\s+(?:way|means|mechanism|method)\b)"
"""The verb a definition is said to do ("sets"; not "provides a way to")."""
_ACTION = re.compile(
    rf"`(?P<name>[A-Za-z_][\w.]*)(?:\([^`]*\))?`(?:\s+{_CALLABLE_NOUN})?\s+"
    rf"(?:(?:also|then|first|simply|only|just|automatically)\s+)?{_DOES}")
"""A definition named and the verb it is said to do ("`ttl` method sets the expiration")."""
_BOUND_ACTION = re.compile(
    # after a fronted condition too: what a function does under one, its code does
    r"^\s*(?:(?:if|when|once|after|before|otherwise)\b[^,;]{0,80},\s*)?"
    rf"(?:(?:the|this|that)\s+{_CALLABLE_NOUN}|it)\s+"
    rf"(?:(?:also|then|first|simply|only|just|automatically|finally|next)\s+)?{_DOES}",
    re.IGNORECASE)
"""The same said of the definition a sentence's pronoun or noun phrase stands for ("The
function first sorts the tokens", "It then writes ..."), its first words."""
_LABELLED_ACTION = re.compile(r"^\s*(?:\d+[.)]\s*)?(?:\*\*|__)[^*]{1,80}?(?:\*\*|__)\s*[:：]?\s*"
                              r"(?P<verb>[A-Z][a-z]{2,}s)\b(?!\s+(?:a|an|the)\s+(?:way|means))")
"""An item whose bold label names a definition and whose text opens with its verb
("**__add__**: Appends another `Text` object")."""
_NO_ACTIONS = words(
    "is was has does returns gives yields produces takes accepts receives expects "
    "uses calls invokes provides offers allows enables lets helps supports handles manages "
    "processes deals represents defines describes contains includes holds keeps creates "
    "makes builds generates constructs works acts serves behaves ensures guarantees "
    "implements performs runs executes needs requires wraps extends overrides inherits "
    "applies means becomes belongs comes goes looks seems exists lives sits stands "
    "follows works operates tries attempts aims wants "
    # what a function that returns a value it works out is said to do to it ("calculates
    # the ratio" of one whose docstring says "Return the ratio"): the words of what it
    # works out are held to its source, the verb is no action of its own
    "calculates computes determines evaluates measures")
"""Verbs that say what a definition is or how it is used, not an action its code does."""


def _unheld_action(text: str, anchors: Sequence[SourceSpan],
                   spans: Sequence[SourceSpan], *, subject: str = "", label: str = "") -> str:
    """Why a verb ``text`` says a function it names does ("`ttl` sets the expiration
    time") is not that function's: neither its code and docstring nor those of the
    definitions it calls use the verb (its stem or a synonym). A verb of being, taking,
    giving or using (:data:`_NO_ACTIONS`) says no action."""
    # a definition before its stub (``.pyi``), which holds no code
    callable_ = {s.symbol.rsplit(".", 1)[-1]: s for s in sorted(
        anchors, key=lambda s: not s.path.endswith(".pyi")) if s.kind in _CALLABLE}
    said = [(m["name"], m["verb"]) for m in _ACTION.finditer(_unconditional(text))]
    bound = _BOUND_ACTION.match(without_title(text)) if subject else None
    if bound is not None:
        said.append((subject, bound["verb"]))
    labelled = _LABELLED_ACTION.match(text) if label else None
    if labelled is not None:  # "**__add__**: Appends another ...": the label does it
        said.append((label, labelled["verb"].lower()))
    for name, written in said:
        span = callable_.get(name.rsplit(".", 1)[-1])
        verb = words(written) - _NO_ACTIONS - _DISCOURSE
        if span is None or not verb:
            continue
        called = {m for m in _CALL.findall(span.text)}
        reached = [span, *_called_spans(span, called, spans)]
        held = set().union(*(s.vocabulary for s in reached))
        if any(_LOOP.search(s.text) for s in reached):  # a loop iterates, whatever it says
            held |= _LOOP_WORDS
        if any(_INCREMENT.search(s.text) for s in reached):  # ``n += 1`` counts
            held |= _INCREMENT_WORDS
        if not covered(verb, held):
            return f"it says `{name}` {written}; neither its code nor what it calls does"
    return ""


_LOOP = re.compile(r"^\s*(?:async\s+)?(?:for\b.*\bin\b|while\b)|\bfor\s+\w+\s+in\b", re.MULTILINE)
_LOOP_WORDS = frozenset(words("iterates loops traverses"))
_INCREMENT = re.compile(r"\+=\s*1\b")
_INCREMENT_WORDS = frozenset(words("counts increments tallies"))


def _called_spans(span: SourceSpan, called: set[str], spans: Sequence[SourceSpan]
                  ) -> list[SourceSpan]:
    """The definitions the function of ``span`` may call by the names ``called``: its own
    nested functions of a name first; a function nested in another definition (``f``
    inside ``set``) is never what it calls."""
    functions = {s.symbol for s in spans if s.kind in _CALLABLE}
    found: list[SourceSpan] = []
    for name in called:
        named = [s for s in spans if s.kind in _CALLABLE and s.symbol.rsplit(".", 1)[-1] == name]
        own = [s for s in named if s.symbol.startswith(span.symbol + ".")]
        found.extend(own or [s for s in named if s.symbol.rsplit(".", 1)[0] not in functions])
    return found


def _defines(unit: Unit, anchors: Sequence[SourceSpan], *, kinds: Iterable[str]) -> bool:
    """Whether ``anchors`` are the definitions (of ``kinds``) of what the unit names, not
    spans that only hold a name it mentions (such as a parameter's)."""
    about = {n.rsplit(".", 1)[-1] for n in (*unit.names, unit.label, unit.subject) if n}
    kinds = frozenset(kinds)
    return bool(anchors) and all(s.kind in kinds and s.symbol.rsplit(".", 1)[-1] in about
                                 for s in anchors)


def _owned_by(defined: Sequence[SourceSpan], owners: Iterable[str]) -> list[SourceSpan]:
    """The definitions of ``defined`` whose owner (class or module) is one of ``owners``."""
    names = {n.rsplit(".", 1)[-1] for n in owners}
    return [s for s in defined if s.symbol.rsplit(".", 2)[-2:-1]
            and s.symbol.rsplit(".", 2)[-2] in names]


def _titled(unit: Unit, table: _Spans, near: Sequence[SourceSpan]) -> list[SourceSpan]:
    """The spans a plain title names in words: "**Auto Refresh**:" is the parameter or
    member ``auto_refresh`` (of the files the unit is about, first), "**Segment**:" the
    class ``Segment``. An option list names its options this way."""
    parts = unit.title.split()
    if not parts or len(parts) > _TITLE_WORDS:
        return []
    ident = "_".join(parts).lower()
    files = {s.path for s in near}
    found = [s for s in table.spans if s.symbol.rsplit(".", 1)[-1] == "".join(parts)
             and s.kind == "class"]
    # a definition's own parameter or member; an excerpt (no parse) holding the identifier
    found += sorted((s for s in table.spans if ident in _own_names(s)
                     or s.kind == "excerpt" and ident in s.idents),
                    key=lambda s: s.path not in files)
    return found[:2]


_TITLE_WORDS = 4


def _anchor(table: _Spans, name: str, ref: NameRef | None) -> list[SourceSpan]:
    """The spans ``name`` stands for: its definition where the reference check found it
    (an import of it elsewhere is not what it says), else the spans that define it, else
    those that hold it. A definition's callers are not read (the words they would lend are
    the package's, :func:`align`'s ``vocabulary``, and a caller's return is not its
    value); of excerpts, up to :data:`_EXCERPTS` more that hold the name are (what a
    writer was shown of it)."""
    last = name.rsplit(".", 1)[-1]
    own: list[SourceSpan] = []
    if ref is not None and ref.status == "verified":
        found = [s for s in (table.containing(p, ln) for p, ln in ref.evidence) if s]
        own = [s for s in found if s.symbol.rsplit(".", 1)[-1] == last]
        if not own:
            own = [s for s in _library_first(table.holding(name))
                   if s.symbol.rsplit(".", 1)[-1] == last][:3] or found
    own = own or _library_first(table.holding(name))[:3]
    # the library's own definition, not a test's or a docs example's namesake
    own = [s for s in own if not is_sample_path(s.path)] or own
    shown = [s for s in table.spans if s.kind == "excerpt" and last.lower() in s.idents
             and s not in own]
    return [*own, *shown[:_EXCERPTS]]


_EXCERPTS = 2


def _library_first(spans: Sequence[SourceSpan]) -> list[SourceSpan]:
    """``spans`` with the library's before tests', docs' and examples'."""
    return sorted(spans, key=lambda s: is_sample_path(s.path))


def _own_names(span: SourceSpan) -> set[str]:
    return {n.lower() for n in (*span.members, *span.params)}


def _first_span(table: _Spans, evidence: tuple[tuple[str, int | None], ...]
                ) -> SourceSpan | None:
    return next((s for s in (table.containing(p, ln) for p, ln in evidence) if s), None)


def _about_package(anchors: Sequence[SourceSpan]) -> bool:
    """Whether every span a unit is anchored to is a module and one is a package's
    ``__init__`` (the unit is about the package as a whole)."""
    return bool(anchors) and all(s.kind == "module" for s in anchors) and \
        any(s.path.rsplit("/", 1)[-1] == "__init__.py" for s in anchors)


def _masked(text: str) -> str:
    """``text`` with each code span replaced by "§": "通过 `X` 方法验证" keeps the span's place,
    so what follows it is not read as what 通过 names."""
    from pse.text import code_spans

    out, last = [], 0
    for span in code_spans(text):
        out.append(text[last:span.start])
        out.append(" § ")
        last = span.end
    out.append(text[last:])
    return "".join(out)


def _without_code(text: str) -> str:
    from pse.text import code_spans

    out, last = [], 0
    for span in code_spans(text):
        out.append(text[last:span.start])
        last = span.end
    out.append(text[last:])
    return " ".join(out)


def _name_words(unit: Unit) -> set[str]:
    return words(" ".join([*unit.names, unit.label]))


def transition_share(aligned: Sequence[Aligned]) -> float:
    """The share of units that are transitions (0 for no units)."""
    return sum(a.status == "transition" for a in aligned) / len(aligned) if aligned else 0.0
