"""Check the code references of documents against an indexed source tree.

Pure orchestration: documents in, one :class:`CheckedReference` per reference out, sorted
by (file, line, text). Reading files and building the index happen at the edges (CLI).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from pse.text import parse_markdown
from pse.verify.bindings import Bindings, local_reason, rebind
from pse.verify.capitals import UPPER_WORD
from pse.verify.finding import Evidence, Finding, VerifyResult
from pse.verify.history import is_historical
from pse.verify.intent import Intent
from pse.verify.markdown import document_bindings, extract_references
from pse.verify.memo import VerifyMemo, context_key, ref_key, text_key
from pse.verify.ownership import Signal
from pse.verify.refs import CheckedReference, Document, Reference, Resolution

__all__ = ["CheckedReference", "Document", "check_documents", "to_findings"]
# (the result types live in :mod:`pse.verify.refs`, light to import for the warm path)
from pse.verify.resolve import Resolver, builtin_type_has
from pse.verify.rst import extract_rst_references, rst_bindings


def check_documents(documents: Iterable[Document], resolver: Resolver, *,
                    ignore: Sequence[str] = (), historical: Sequence[str] = (),
                    strict: bool = False, memo: VerifyMemo | None = None,
                    select: Callable[[Reference], bool] | None = None
                    ) -> list[CheckedReference]:
    """Extract and resolve the references of every document.

    Args:
        documents: the documents.
        resolver: the resolver of the source tree.
        ignore: name patterns never flagged.
        historical: file-name patterns of changelogs; their unverified names are
            reported as ignored, since a changelog rightly names removed APIs.
        strict: flag every unresolved name; by default only names the text clearly
            means as the project's code are flagged (:mod:`pse.verify.intent`).
    """
    checked: list[CheckedReference] = []
    intent = Intent(resolver.index, names=resolver.project_names)
    own_names = resolver.own_names
    for document in documents:
        extract, read_bindings = _reader(document.path)
        text = _without_mdx_statements(document.text) if document.path.lower().endswith(
            ".mdx") else document.text
        bindings = read_bindings(text)
        is_history = is_historical(document.path, text, historical, names=own_names)
        evidence = intent.document_evidence(text, bindings)
        context = context_key(bindings, is_history=is_history, evidence=evidence)
        lines = text.split("\n")
        for ref in _unique(extract(text, file=document.path)):
            if select is not None and not select(ref):
                continue
            if not ref.ignored and _matches_any(ref, ignore):
                ref = replace(ref, ignored="listed in [tool.pse.verify] ignore")
            key = ref_key(context, ref)
            result = memo.get(key) if memo is not None else None
            if result is None:
                result = _judged(ref, resolver, intent, bindings, strict=strict,
                                 is_history=is_history, evidence=evidence,
                                 line=lines[ref.line - 1] if 0 < ref.line <= len(lines) else "")
                if memo is not None:
                    memo.put(key, result)
            checked.append(CheckedReference(ref, result))
        checked.extend(_remembered_claims(document, text, resolver, ignore=ignore,
                                          is_history=is_history, memo=memo, strict=strict))
    checked = _absent_as_claimed(checked)
    checked.sort(key=lambda c: (c.ref.file, c.ref.line, c.ref.text, c.ref.name))
    return checked


def _judged(ref: Reference, resolver: Resolver, intent: Intent, bindings: Bindings, *,
            strict: bool, is_history: bool, evidence: tuple[Signal, ...] = (),
            line: str = "") -> Resolution:
    """The verdict on one reference: resolved, then judged by intent and history
    (``line``: the document's line it is on)."""
    result = _resolve(ref, resolver, bindings, strict=strict)
    if result.status == "unverified" and _denied(ref.text, line):
        return Resolution("ignored", message=f"{result.message}, as the text says")
    if result.status == "unverified" and _affix(ref.text, line):
        return Resolution("ignored", message="the start or end of names, not a name")
    if (result.status == "unverified" or result.message == UPPER_WORD) and not strict:
        result = intent.judge(rebind(ref, bindings), result, bindings=bindings,
                              document=evidence)
    if result.status == "unverified" and is_history:
        result = Resolution("ignored", suggestion=result.suggestion,
                            message=f"{result.message} (historical document)")
    return result


_DENIAL = re.compile(r"(?:\bthere (?:is|are) no|\bno such|\bthere is not an?|不存在|并没有|没有)"
                     r"\s*(?:(?:separate|standalone|dedicated|single|such|corresponding"
                     r"|matching|equivalent)\s+)?(?:(?:对应|相应|单独|专门|独立|类似|这样)的?)?\s*$",
                     re.IGNORECASE)
"""Words that deny what follows exists ("there is no `schema/` package", "没有 `x` 模块")."""
_THING = (r"(?:(?:method|function|attribute|property|class|module|package|parameter|argument"
          r"|option|field|key|member|helper|constant|variable|hook|flag)s?\s+)?")
_DENIAL_VERB = re.compile(
    r"(?:\b(?:has|have|had|with|there (?:is|are)|is|are)\s+no|\b(?:does|do|did)\s*n[o']t\s+"
    r"(?:have|define|provide|offer|expose|contain|include|implement|declare|ship)"
    r"|\blacks?|\bno)\s+(?:(?:a|an|any|the|such|own|its)\s+)?(?:[a-z-]+\s+)?" + _THING +
    r"(?:(?:named|called)\s+)?$"
    r"|(?:没有|并没有|并不存在|不存在|不提供|没提供|并未提供|未提供|没有定义|并未定义|未定义|不包含|不含|缺少)"
    r"(?:任何|一个|自己的)?(?:名为|叫做?|叫作|名叫|名字叫|名字是|所谓的?)?\s*$",
    re.IGNORECASE)
"""A verb or "no" that denies the name after it ("`Table` has no `sort` method", "does not
define a method named `sort`", "没有名为 `sort` 的方法")."""


_DENIED_MEMBER = re.compile(r"^not (?:has_method|defines_member|has_param|has_item)\(.+, "
                            r"(?P<o>[^,()]+)\)$")
"""A verified claim that a member does not exist ("`C` 并没有实现 `startDocument`")."""


def _absent_as_claimed(checked: list[CheckedReference]) -> list[CheckedReference]:
    """A name flagged as missing that a verified claim on its line says is not there
    ("`Canvas` does not override `startDocument`", in any wording the claims read): its
    absence is what the text states, as with :func:`_denied`."""
    denied = {(c.ref.file, c.ref.line, hit["o"]) for c in checked
              if c.ref.kind == "claim" and c.result.status == "verified"
              and (hit := _DENIED_MEMBER.match(c.ref.name)) is not None}
    if not denied:
        return checked
    return [CheckedReference(c.ref, Resolution(
                "ignored", message=f"{c.result.message}, as the text says"))
            if c.ref.kind == "symbol" and c.result.status == "unverified"
            and (c.ref.file, c.ref.line, c.ref.name.rsplit(".", 1)[-1]) in denied else c
            for c in checked]


def _denied(written: str, line: str) -> bool:
    """Whether the line says the name written on it does not exist: then its absence
    from the tree is what the text states, not a fabrication."""
    if not written or not line:
        return False
    return any(_DENIAL.search(before) or _DENIAL_VERB.search(before)
               for at in re.finditer(re.escape(written), line)
               for before in [line[:at.start()].rstrip("`'\"*_")])


_AFFIX_BEFORE = re.compile(r"\b(?:start|starts|starting|begin|begins|beginning|end|ends|ending"
                           r"|prefixed|suffixed)\s+(?:with|by|in)\s*$", re.IGNORECASE)
_AFFIX_AFTER = re.compile(r"^\s*(?:(?:prefix|suffix)(?:es)?\b|(?:作为|为)?(?:前缀|后缀))",
                          re.IGNORECASE)
_AFFIX_ZH = re.compile(r"^\s*(?:开头|打头|开始|结尾|结束)")
"""After 以 (以 `x` 开头, "beginning with `x`")."""


def _affix(written: str, line: str) -> bool:
    """Whether the line uses the span as the start or end of names ("methods starting
    with `visit_`", "以 `visit_` 开头的方法", "the `_func_` prefix"), not as a name."""
    if not written or not line:
        return False
    for at in re.finditer(re.escape(written), line):
        before = line[:at.start()].rstrip("`'\" ")
        after = line[at.end():].lstrip("`'\"")
        if _AFFIX_BEFORE.search(before) or _AFFIX_AFTER.match(after) or (
                before.endswith("以") and _AFFIX_ZH.match(after)):
            return True
    return False


def _remembered_claims(document: Document, text: str, resolver: Resolver, *,
                       ignore: Sequence[str], is_history: bool, memo: VerifyMemo | None,
                       strict: bool = False) -> list[CheckedReference]:
    """:func:`_claims`, answered from ``memo`` when the document's text is unchanged."""
    if memo is None:
        return _claims(document, text, resolver, ignore=ignore, is_history=is_history,
                       strict=strict)
    key = text_key(document.path, text)
    memo.used_claims.add(key)
    if key not in memo.claims:
        found = _claims(document, text, resolver, ignore=ignore, is_history=is_history,
                        memo=memo, strict=strict)
        memo.claims[key] = [(c.ref, c.result) for c in found]
    return [CheckedReference(ref, result) for ref, result in memo.claims[key]]


def _claims(document: Document, text: str, resolver: Resolver, *, ignore: Sequence[str],
            is_history: bool, memo: VerifyMemo | None = None, strict: bool = False
            ) -> list[CheckedReference]:
    """The document's structural claims (see :mod:`pse.verify.claims`)."""
    # imported here: its grammar compiles hundreds of patterns (a third of the checker's
    # import time), which a run whose claims all come from the memo never uses
    from pse.verify.claims import check_claims

    found: list[CheckedReference] = []
    rst = document.path.lower().endswith((".rst", ".rest"))
    for ref, result in check_claims(text, file=document.path, resolver=resolver, rst=rst,
                                    memo=memo, strict=strict):
        if result.status == "unverified" and _matches_any(ref, ignore):
            result = Resolution("ignored", message="listed in [tool.pse.verify] ignore")
        elif result.status == "unverified" and is_history:
            result = Resolution("ignored", message=f"{result.message} (historical document)")
        found.append(CheckedReference(ref, result))
    return found


def _resolve(ref: Reference, resolver: Resolver, bindings: Bindings, *,
             strict: bool = False) -> Resolution:
    """Resolve ``ref`` as the document's examples bind it (then as written); ``strict``:
    a class the examples restate (:attr:`Bindings.restated`) is not theirs."""
    bound = rebind(ref, bindings)
    result = resolver.resolve(bound)
    if result.status == "unverified" and bound is not ref:
        plain = resolver.resolve(ref)
        if plain.status != "unverified":
            return plain
    if result.status == "unverified":
        local = local_reason(bound, bindings) or local_reason(ref, bindings)
        if local and strict and _restated(ref, resolver, bindings):
            owner, dot, member = ref.name.partition(".")
            if dot and resolver.index.by_name(owner) and ref.origin == "code":
                return replace(result, message=f"the example writes `{member}` as a member "
                               f"of `{owner}`, which has none of that name")
            return result
        missing = _member_nobody_has(ref, resolver, bindings) if local else ""
        if missing:
            return Resolution("unverified", message=missing,
                              suggestion=resolver.suggester.symbol(ref.name.rsplit(".", 1)[-1],
                                                                   resolver))
        if local:
            return Resolution("ignored", message=local)
        owner = resolver.dynamic_owner(bound.name) if _through_instance(ref, bindings) else ""
        if owner:
            return Resolution("external", message=f"an attribute of a {owner}, which "
                              "answers any attribute (__getattr__)")
    return result


def _restated(ref: Reference, resolver: Resolver, bindings: Bindings) -> bool:
    """Whether ``ref`` names (a member of) a class the examples restate rather than write:
    one no example uses and that extends nothing of the tree. A text about a project
    that writes out ``class Schema(MutableMapping):`` says the project has that class;
    ``class MyValidator(Validator):`` is the reader's extension of the project's."""
    bases = bindings.restated.get(ref.name.partition(".")[0])
    if bases is None:
        return False
    # a base the tree defines by name (a class a factory makes is a variable there)
    return not any(s.kind != "parameter" for base in bases
                   for s in resolver.index.by_name(base.rsplit(".", 1)[-1]))


def _member_nobody_has(ref: Reference, resolver: Resolver, bindings: Bindings) -> str:
    """Why ``resp.release_connection()`` is flagged although ``resp`` is the example's own
    variable: an example assigned it what a call into the project returned, and neither
    the tree nor a builtin type has a member of that name, so the call cannot work ("" when
    the member exists somewhere or the value is not the project's)."""
    root, dot, member = ref.name.partition(".")
    source = bindings.results.get(root, "")
    if not dot or "." in member or ref.kind != "symbol" or not member[:1].islower() or \
            source.split(".")[0] not in resolver.index.top_modules:
        return ""  # only a value the project's API gave: ``conn`` of a sketch is anyone's
    if any(s.kind != "parameter" for s in resolver.index.by_name(member)) or \
            builtin_type_has(member) or resolver.index.mentions("key", member):
        return ""
    return (f"the example's own {root!r} cannot have it: the tree has no member "
            f"{member!r}, nor does a builtin type")


def _through_instance(ref: Reference, bindings: Bindings) -> bool:
    """True when ``ref`` reaches a member through a variable bound to an instance."""
    root = ref.text.strip("`").split(".", 1)[0]
    return root in bindings.instances or (ref.origin == "code" and root[:1].islower()
                                          and root != ref.name.split(".", 1)[0])


def _reader(path: str) -> tuple[Callable[..., list[Reference]], Callable[[str], Bindings]]:
    """The reference extractor and example-bindings reader for a document's format."""
    if path.lower().endswith((".rst", ".rest")):
        return extract_rst_references, rst_bindings
    return extract_references, document_bindings


def _without_mdx_statements(text: str) -> str:
    """MDX: top-level ``import``/``export`` lines blanked (lines keep their numbers)."""
    code = parse_markdown(text).code_lines()
    return "\n".join("" if number not in code and line.startswith(("import ", "export "))
                     else line for number, line in enumerate(text.split("\n"), start=1))


def _unique(refs: list[Reference]) -> list[Reference]:
    seen: set[tuple[int, str, str, str]] = set()
    unique: list[Reference] = []
    for ref in refs:
        key = (ref.line, ref.text, ref.name, ref.kind)
        if key not in seen:
            seen.add(key)
            unique.append(ref)
    return unique


def _matches_any(ref: Reference, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(ref.name, p) or fnmatch.fnmatchcase(ref.text, p)
               for p in patterns)


def to_findings(checked: Iterable[CheckedReference]) -> VerifyResult:
    """The pipeline's view: unverified references are bad, verified ones ok."""
    bad: list[Finding] = []
    ok: list[Finding] = []
    for item in checked:
        ref, result = item.ref, item.result
        evidence = tuple(Evidence(path=p, line=n) for p, n in result.evidence)
        if result.status == "unverified" and ref.kind == "claim":
            bad.append(_claim_finding(ref, result, evidence))
        elif result.status == "unverified":
            hint = f"did you mean {result.suggestion!r}?" if result.suggestion else \
                "remove it or replace it with a name that exists in the source"
            bad.append(Finding(rule="ref-unverified", message=f"{ref.text!r}: {result.message}",
                               path=ref.file, line=ref.line, text=ref.text, hint=hint,
                               evidence=evidence, kind=ref.kind))
        elif result.status == "verified":
            ok.append(Finding(rule="ref-verified", message=f"{ref.text!r} " + (
                "holds" if ref.kind == "claim" else "exists"),
                              path=ref.file, line=ref.line, text=ref.text, severity="info",
                              evidence=evidence, kind=ref.kind))
    return VerifyResult(bad=bad, ok=ok)


def _claim_finding(ref: Reference, result: Resolution, evidence: tuple[Evidence, ...]
                   ) -> Finding:
    """A false structural claim: the true relation as the message, a correction as the hint.

    ``text`` is the claim's whole sentence as written on its line, so Strip deletes it.
    """
    hint = f"write instead: {result.suggestion}" if result.suggestion else \
        f"correct or remove the sentence; the source says: {result.message}"
    return Finding(rule="claim-false", message=f"false claim {ref.text!r}: {result.message}",
                   path=ref.file, line=ref.line, text=ref.text, hint=hint, evidence=evidence,
                   kind="claim")
