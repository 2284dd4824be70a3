"""One claim in, one verdict out: resolve its names, decide its relation, word the result."""

from __future__ import annotations

import ast
import inspect
import re
import sys
from collections.abc import Callable, Collection
from dataclasses import replace

from pse.index.model import Symbol
from pse.verify.claims import (
    argtypes,
    bodies,
    callsites,
    code,
    docstrings,
    parameters,
    returns,
    types,
    values,
)
from pse.verify.claims.counts import ANY_NOUN
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.focus import in_focus, within_focus
from pse.verify.claims.model import ANY_DECORATOR, ANY_ERROR, ANY_VALUE, Claim
from pse.verify.claims.names import (
    Named,
    ancestry,
    bound_definition,
    canonical,
    external_mro,
    introspect,
    resolve_span,
)
from pse.verify.claims.prose import CONSTRUCTOR_NOUN
from pse.verify.claims.raised import raised_at_all
from pse.verify.claims.reach import protocol_method
from pse.verify.claims.words import HAN, param_sort
from pse.verify.refs import Reference, Resolution
from pse.verify.resolve import Resolver

_ZH_KINDS = {"class": "类", "function": "函数", "method": "方法", "property": "属性",
             "read-only property": "只读属性", "read-write property": "可读写属性",
             "module": "模块", "constant": "常量", "coroutine function": "协程函数",
             "classmethod": "类方法", "staticmethod": "静态方法", "exception class": "异常类",
             "attribute": "属性", "type alias": "类型别名", "enum": "枚举", "dataclass": "数据类",
             "protocol": "协议", "namedtuple": "具名元组"}
Decide = Callable[[Symbol], Decision]


def judge(claim: Claim, *, file: str, resolver: Resolver,
          focus: frozenset[str] = frozenset()) -> tuple[Reference, Resolution]:
    """The reference (kind ``claim``) and verdict of ``claim``; ``focus``: the modules its
    document names, where a bare name of several modules' definitions means theirs."""
    if claim.relation == "depends_on":
        ref = Reference(file=file, line=claim.line, text=claim.sentence,
                        name=f"depends_on(project, {claim.obj})", kind="claim",
                        context=claim.sentence)
        return ref, _verdict(claim, code.depends_on(resolver, claim.obj), None)
    subject = in_focus(resolver, resolve_span(resolver, claim.subject), focus)
    if not subject.symbols and not subject.external:
        subject = _recased(resolver, subject)
    if not subject.symbols and not subject.external:
        misplaced = _misplaced_member(resolver, claim.subject)
        if misplaced is not None:  # "`A` 的 `b` 方法" of a `b` that is not A's
            owner, member = claim.subject.rsplit(".", 1)
            ref = Reference(file=file, line=claim.line, text=claim.sentence,
                            name=f"defines_member({owner}, {member})", kind="claim",
                            context=claim.sentence)
            return ref, Resolution("unverified", evidence=misplaced.evidence,
                                   message=misplaced.message)
    obj = _object(resolver, claim, subject) if _object_is_span(claim) else None
    relation, subject, obj = _reoriented(claim, subject, obj)
    subject = _meant(resolver, claim, relation, subject)
    name = _name(claim, relation, subject, obj)
    ref = Reference(file=file, line=claim.line, text=claim.sentence, name=name, kind="claim",
                    context=claim.sentence)
    local = resolver.local_owner(claim.subject.strip("`()"), claim.sentence) \
        if relation == "member_count" and not subject.symbols else None
    if local is not None:  # a local the sentence names with its function
        return ref, _verdict(claim, code.local_member_count(
            resolver, local[0], claim.subject.strip("`()"), int(claim.obj)), obj)
    if relation in _MEMBER_RELATIONS and obj is not None and _literal_text(obj.text) and \
            subject.symbols:  # "`MODES` contains `"turbo"`": an entry of a value
        return ref, _verdict(claim, _combine([code.literal_member(
            resolver, s, obj.text.strip("` ")) for s in subject.symbols]), None)
    special = _without_object(resolver, claim, relation, subject, obj)
    if special is not None:
        return ref, _verdict(claim, special, None)
    return ref, _decided(resolver, claim, relation, subject, obj, focus)


def _decided(resolver: Resolver, claim: Claim, relation: str, subject: Named,
             obj: Named | None, focus: frozenset[str]) -> Resolution:
    """The verdict of a claim the tree decides by its relation (see :func:`judge`)."""
    why = _unknown(subject, obj if not _generic_type(relation, obj)
                   and not _union_type(relation, obj) and not _literal(relation, obj) else None)
    if why:
        return _unresolved(resolver, claim, relation, subject, why)
    decide = _decider(relation, claim, resolver, obj)
    decisions = [decide(s) for s in subject.symbols]
    decision = _combine(decisions)
    if relation == "default" and decision.holds and any(d.holds is False for d in decisions):
        # a bare name of parameters with different defaults: which one is meant is unsaid
        decision = undecided(f"`{claim.subject}` names parameters of several definitions "
                             "with different defaults")
    decision = _option_default(resolver, claim, relation, decision) or decision
    if decision.holds is False:
        decision = _second_reading(resolver, claim, relation, subject, decide, decision,
                                   focus=focus)
    why = (_value_named_alike(claim, subject, resolver)
           or _member_of(claim, subject, resolver)) if decision.holds is False else ""
    if why:
        return Resolution("ignored", evidence=decision.evidence, message=why)
    if decision.holds is None:  # what the code leaves open, the sentence may still deny
        decision = _count_against_its_list(claim) or decision
    return _verdict(claim, decision, obj)


_SUPER_CALL = re.compile(r"super\([^()]*\)\.([A-Za-z_]\w*)(?:\(\))?")
"""A callee named through ``super()`` ("`super().__init__`", "`super(A, self).run()`")."""


def _without_object(resolver: Resolver, claim: Claim, relation: str, subject: Named,
                    obj: Named | None) -> Decision | None:
    """The decision of a claim whose object names no definition: "`f` never raises" (any
    exception: whether its own code raises one), "`f` is not decorated" (any decorator),
    "`A.__init__` calls `super().__init__`" (the base's method), "`x` is optional" of a
    bare name (open: of which function is unsaid), "`A` is the base class of `dict`" (of
    an outside class: :func:`_outside_subclass`); None for any other claim."""
    if not subject.symbols:
        return _outside_subclass(relation, subject, obj)
    if relation == "default" and claim.obj in {values.REQUIRED, values.OPTIONAL} and \
            "." not in claim.subject and not claim.owner:
        # "the `function` parameter is optional": of which function is unsaid
        return undecided(f"`{claim.subject}` is not said to be a parameter of one function")
    if relation == "kind" and claim.obj == "parameter":  # "the `x` parameter"
        return parameters.is_a_parameter(resolver, claim.subject,
                                         possessive=claim.obj_text == "参数")
    if relation == "raises" and claim.obj == ANY_ERROR:
        return _combine([code.raises_anything(resolver, s) for s in subject.symbols])
    if relation == "returns" and claim.obj == ANY_VALUE and not claim.negated:
        return _combine([returns.returns_a_value(resolver, s) for s in subject.symbols])
    if relation == "decorated" and claim.obj == ANY_DECORATOR:  # "`f` is not decorated"
        return _combine([code.decorated_at_all(resolver, s) for s in subject.symbols])
    inherited = _SUPER_CALL.fullmatch(obj.text.strip("` ")) if obj is not None and \
        relation == "calls" else None
    if inherited:
        return _combine([code.calls_super(resolver, s, inherited[1]) for s in subject.symbols])
    return None


def _option_default(resolver: Resolver, claim: Claim, relation: str,
                    decision: Decision | None) -> Decision | None:
    """Of a default claim the names could not decide (``decision`` None: nothing of the
    subject's name was found), what a function's ``**kwargs`` option of that name
    defaults to (:func:`.values.option_default`)."""
    if relation != "default" or decision is not None and decision.holds is not None:
        return None
    return values.option_default(resolver, claim.subject, claim.obj, sentence=claim.sentence,
                                 owner=claim.owner)


def _misplaced_member(resolver: Resolver, written: str) -> Decision | None:
    """Why a subject written through its owner ("`WindowsFileLock` 的 `AcquireReturnProxy`",
    "`A`'s `b`", one dotted name ``A.b`` the tree lacks) is false, when ``A`` is a class of
    the tree, ``b`` is defined elsewhere in it, and ``A`` neither has nor can inherit it,
    nor takes it as a constructor parameter ("`wait_random` 的 `max`" is its parameter's
    default); None otherwise (an unknown name stays a name to check, not a claim)."""
    owner, _, member = written.removesuffix("()").rpartition(".")
    if not owner or not member.isidentifier():
        return None
    classes = [s for s in resolve_span(resolver, owner).symbols if s.kind == "class"]
    if not classes or not any(s.kind != "parameter" for s in resolver.index.by_name(member)):
        return None
    decisions = [code.has_item(resolver, cls, member) for cls in classes]  # its parameters too
    return decisions[0] if all(d.holds is False for d in decisions) else None


def _meant(resolver: Resolver, claim: Claim, relation: str, subject: Named) -> Named:
    """The definitions a claim's subject stands for under its relation: the member a count
    is said to be in, the modules of a file, a module's homonyms for a kind, the classes
    or callables of a bare name only they can be, a default's parameters."""
    subject = _as_module(resolver, subject)
    if relation == "member_count":
        return _counted_value(resolver, claim, subject)
    if relation == "definition_count":
        return _as_modules(subject)
    if relation == "kind":
        return _outside_module(claim, _of_owner(resolver, claim,
                                                _with_homonyms(resolver, subject)))
    if relation in _CLASS_RELATIONS:
        return _as_kinds(resolver, subject, {"class"})
    if relation in _CALLABLE_RELATIONS:
        return _callables_meant(resolver, claim, relation, subject)
    if relation == "default":
        meant = values.with_parameters(resolver, subject, claim.sentence, owner=claim.owner)
        params = tuple(s for s in meant.symbols if s.kind == "parameter")
        if claim.default_of in {"parameter", "signature"} and params:
            return replace(meant, symbols=params)  # "the `x` parameter": not the attribute
        return meant
    if relation == "has_item":  # "**`toposort` 函数**" then "- `data`: ...": the
        subject = _with_homonyms(resolver, subject)  # function, or its module of that name
    if relation in _MEMBER_RELATIONS | {"defines", "method_count"}:
        subject = _through_bindings(resolver, subject)
    nouned = _kind_noun_of(claim)
    if nouned:  # "the `deprecated` function is defined in ...": not the package `deprecated`
        return _as_kinds(resolver, subject, nouned)
    return subject


def _through_bindings(resolver: Resolver, subject: Named) -> Named:
    """A module-level ``X = decoder.X`` (a package re-binding its classes) stands for the
    class or function it binds: what members it has are that definition's."""
    found = tuple(dict.fromkeys(
        (bound_definition(resolver, s) if s.kind in {"attribute", "variable", "constant"}
         else None) or s for s in subject.symbols))
    return replace(subject, symbols=found) if found != subject.symbols else subject


_DEFINITION_KINDS = frozenset({"function", "class", "method", "module"})
_NOUN_KINDS = {"function": {"function"}, "函数": {"function"}, "class": {"class"},
               "类": {"class"}, "method": {"method"}, "方法": {"method"}}


def _kind_noun_of(claim: Claim) -> set[str]:
    """The kinds a noun right beside the subject's span gives it ("the `f` function",
    "the function `f`", "`f` 函数"); empty when none does."""
    span = re.escape(claim.subject)
    nouns = "|".join(_NOUN_KINDS)
    found = re.search(rf"`{span}(?:\(\))?` ?({nouns})(?![A-Za-z])|(?<![A-Za-z])({nouns}) "
                      rf"`{span}(?:\(\))?`", claim.sentence)
    return _NOUN_KINDS[found[1] or found[2]] if found else set()


_HELD_IN = re.compile(r"\b(?:in|of|within|inside) (?:its|the|their) `(?P<en>[A-Za-z_]\w*)`"
                      r"|`(?P<zh>[A-Za-z_]\w*)` ?(?:里|中|内|当中)")
"""A value a count is said to be in: "three entries in its `__slots__`", "`__slots__` 里"."""


def _counted_value(resolver: Resolver, claim: Claim, subject: Named) -> Named:
    """The member of ``subject`` a count is said to be in, when it is a value written as a
    literal container ("`TreeEntry` declares three entries in its `__slots__`" counts the
    items of ``TreeEntry.__slots__``); else ``subject``."""
    held = {hit["en"] or hit["zh"] for hit in _HELD_IN.finditer(claim.sentence)}
    found = tuple(m for s in subject.symbols for name in sorted(held)
                  for m in resolver.index.members(s.qualname, name)
                  if m.kind in {"attribute", "variable", "constant"}
                  and code.literal_entries(resolver, m) is not None)
    return replace(subject, symbols=found, name=found[0].qualname) if found else subject


def _as_modules(subject: Named) -> Named:
    """The modules among what a span names, where it names any (a span naming files
    stands for their modules already, :func:`_as_module`)."""
    modules = tuple(s for s in subject.symbols if s.kind in {"module", "package"})
    return replace(subject, symbols=modules) if modules else subject


def _object(resolver: Resolver, claim: Claim, subject: Named) -> Named:
    """The object's span resolved; ``self.m()`` / ``cls.m`` through the class of the
    method the claim is about ("`A.run` calls `self.stop()`": `A.stop`)."""
    found = resolve_span(resolver, claim.obj)
    receiver, _, rest = claim.obj.partition(".")
    # a dunder is called by operators and builtins (``len(self)``, ``self[i]``), which
    # the body's calls do not show
    if found.symbols or receiver not in {"self", "cls"} or not rest or rest.startswith("__"):
        return found
    owners = {s.parent for s in subject.symbols if s.kind in {"method", "attribute"}}
    classes = [c for o in owners for c in resolver.index.by_qualname(o) if c.kind == "class"]
    if len(classes) != 1:
        return found
    member = resolve_span(resolver, f"{classes[0].qualname}.{rest}")
    # a method; not an attribute, which may hold any callable (``self.func = func``)
    methods = tuple(m for m in member.symbols if m.kind in {"method", "function"})
    return Named(claim.obj, member.name, methods, member.external, member.paths) \
        if methods and len(methods) == len(member.symbols) else found


def _object_is_span(claim: Claim) -> bool:
    return claim.relation not in {"kind", "param_count", "has_param", "has_method",
                                  "defines_member", "has_item", "member_count", "base_count",
                                  "method_count",
                                  "has_subclasses", "raised", "decorated", "default",
                                  "value_type",
                                  "definition_count", "subclass_count", "call_count",
                                  "return_arity", "param_position", "docstring", "body"}


def _reoriented(claim: Claim, subject: Named, obj: Named | None
                ) -> tuple[str, Named, Named | None]:
    """"``f.py`` defines ``X``" is a location claim; "``m`` is in ``Class``" a member one."""
    relation: str = claim.relation
    if relation == "defines" and obj is not None:
        if subject.paths or any(s.kind in {"module", "package"} for s in subject.symbols):
            return "location", obj, subject
        return "defines_member", subject, obj
    if relation == "location" and obj is not None and \
            obj.symbols and all(s.kind == "class" for s in obj.symbols):
        return "defines_member", obj, subject
    return relation, subject, obj


_CLASS_RELATIONS = frozenset({"subclass", "base_count", "has_subclasses", "raised"})
"""Relations only a class can have."""

_CALLABLE_RELATIONS = frozenset({"returns", "calls", "raises", "param_count", "has_param",
                                 "decorated", "return_arity", "param_position"})
"""Relations only something with a body or a signature can have."""

_CALLABLE_KINDS = frozenset({"function", "method", "class"})


def _running(resolver: Resolver, subject: Named) -> Named:
    """Of a function written as ``@overload`` signatures and one implementation, the
    implementation: what it calls, returns or raises is read from the body that runs."""
    kept: list[Symbol] = []
    for qualname in dict.fromkeys(s.qualname for s in subject.symbols):
        same = [s for s in subject.symbols if s.qualname == qualname]
        runs = code.implementation(resolver, same) if len(same) > 1 else None
        kept.extend([runs] if runs is not None else same)
    return replace(subject, symbols=tuple(kept)) if len(kept) < len(subject.symbols) \
        else subject


def _definitions_first(subject: Named) -> Named:
    """Of a name bound both by a ``def``/``class`` and by an assignment elsewhere
    (``cmd_check = deprecated(cli.cmd_check, ...)``, a re-export wrapped in a shim), the
    definitions: what it does, returns or raises is read from a body, which only they
    have."""
    defined = tuple(s for s in subject.symbols if s.kind in _CALLABLE_KINDS)
    if not defined or len(defined) == len(subject.symbols):
        return subject
    return replace(subject, symbols=defined)


def _as_kinds(resolver: Resolver, subject: Named, kinds: Collection[str]) -> Named:
    """A bare name that resolves to a module or package and also names definitions of
    ``kinds`` stands for those ("`bidict` inherits from ...": only a class inherits, so the
    classes are meant; "`uplift` returns `None`": a module returns nothing, so the function
    `uplift` of the module `uplift` is meant)."""
    if "." in subject.name or not any(s.kind in {"module", "package"} for s in subject.symbols):
        return subject
    meant = tuple(s for s in subject.symbols if s.kind in kinds) or tuple(
        s for s in resolver.index.by_name(subject.name) if s.kind in kinds)
    return replace(subject, symbols=meant) if meant else subject


def _other_readings(resolver: Resolver, subject: Named, decide: Decide,
                    decision: Decision, *, focus: frozenset[str], said: str = "") -> Decision:
    """A false decision about a bare name, tried on the other functions and methods of
    that name too: "`on` calls `listens_to`" is true of the method `EventEmitter.on`
    even when the name first resolves to a module-level `on`. Only a reading that makes
    the claim true replaces the first one: one that merely leaves it open does not show
    which definition was meant. Of a subject the document's focus modules define, only
    their other definitions are tried; of a subject the sentence calls a function, a
    method or a class (``said``), only definitions of that kind ("the `bump_prerelease`
    function takes one parameter" is not made true by a method of that name)."""
    if "." in subject.name:
        return decision
    focused = bool(focus) and any(within_focus(resolver, s, focus) for s in subject.symbols)
    # a stub (``.pyi``) of the code read declares it again, for type checkers: no other
    stubs = any(not s.path.endswith(".pyi") for s in subject.symbols)
    others = [s for s in resolver.index.by_name(subject.name)
              if s.kind in _CALLABLE_KINDS and s not in subject.symbols
              and not (stubs and s.path.endswith(".pyi"))
              and (not focused or within_focus(resolver, s, focus))
              and (not said or s.kind == said)][:_MAX_READINGS]
    if not others:
        return decision
    other = _combine([decide(s) for s in others])
    return other if other.holds else decision


def _second_reading(resolver: Resolver, claim: Claim, relation: str, subject: Named,
                    decide: Decide, decision: Decision, *, focus: frozenset[str]
                    ) -> Decision:
    """A false decision about a bare name, tried on the other definitions of that name."""
    if relation in _CALLABLE_RELATIONS:
        if subject.symbols and all(s.parent in _owner_classes(resolver, claim)
                                   for s in subject.symbols):
            return decision  # the owner's member was meant (:func:`_of_owner`)
        return _other_readings(resolver, subject, decide, decision, focus=focus,
                               said=_said_kind(claim.sentence, subject.name))
    if relation == "kind":
        return _member_reading(resolver, claim, subject, decide, decision)
    return decision


_SAID_KIND = {"function": "function", "函数": "function", "method": "method",
              "方法": "method", "class": "class", "类": "class"}


def _said_kind(sentence: str, name: str) -> str:
    """The kind ``sentence`` gives the code span ``name`` right before or after it ("the
    `f` function", "function `f`", "`f` 函数", "类 `A`"): "function", "method", "class"
    or ""."""
    span = rf"`{re.escape(name)}(?:\(\))?`"
    kind = r"(\b(?:function|method|class)\b|函数|方法|类(?!型|似))"  # 类型 is a type
    found = re.search(rf"{span}\s*{kind}|{kind}\s*{span}", sentence, re.IGNORECASE)
    return _SAID_KIND[(found[1] or found[2]).lower()] if found else ""


def _member_reading(resolver: Resolver, claim: Claim, subject: Named, decide: Decide,
                    decision: Decision) -> Decision:
    """A false kind claim about a bare name, read again as the member of that name of a
    class the sentence (or its owner) names: "the `wrap` and `fill` methods of
    `TextWrapper`" are its methods, whatever module-level `wrap` there is. Another
    definition that would make it true, of a class the sentence does not name, leaves
    it open: which one is meant is unsaid."""
    if "." in subject.name:
        return decision
    named = {n.removesuffix("()").rsplit(".", 1)[-1]
             for n in [*re.findall(r"`([^`]+)`", claim.sentence), claim.owner] if n}
    others = [s for s in resolver.index.by_name(subject.name)
              if s not in subject.symbols and s.parent][:_MAX_READINGS]
    holding = [(s, d) for s in others if (d := decide(s)).holds]
    if not holding:
        return decision
    mine = [d for s, d in holding if s.parent.rsplit(".", 1)[-1] in named]
    other = holding[0][0]
    return mine[0] if mine else undecided(
        f"{decision.message}; of the same name, "
        f"`{short(other.parent)}.{other.name}` is what it says")


_MAX_READINGS = 12
"""Other definitions of a name read before a claim about it is called false."""


def _only_tree_bases(resolver: Resolver, subject: Symbol) -> bool:
    """Whether the class ``subject`` derives from nothing outside the tree but `object`:
    a method listed as its own ("- **`__new__` Method**:") is then one the tree writes,
    not one a builtin base (``dict``) gives it."""
    if subject.kind != "class":
        return False
    found = ancestry(resolver, subject)
    return found.complete and not found.external - {"object", "builtins.object"}


def _callables_meant(resolver: Resolver, claim: Claim, relation: str, subject: Named
                     ) -> Named:
    """The callables a subject stands for under a relation of callables: of a bare name
    under an owner ("| `HookSpec` | `__init__` takes four parameters |"), the owner's;
    what runs when it is called, where the relation is about its body."""
    meant = _definitions_first(_as_kinds(resolver, _of_owner(resolver, claim, subject),
                                         _CALLABLE_KINDS))
    if relation in {"param_count", "has_param", "decorated"}:
        return meant
    return _running(resolver, meant)


def _of_owner(resolver: Resolver, claim: Claim, subject: Named) -> Named:
    """A bare name said under a label or heading that names its class ("**`BaseFileLock`**:"
    then "- `mode` can be reassigned ..."): that class's member of the name (its own or
    inherited), where it has one among the name's definitions."""
    if not claim.owner or "." in subject.name or len(subject.symbols) < 2:
        return subject
    classes = _owner_classes(resolver, claim)
    owned = tuple(s for s in subject.symbols if s.parent in classes)
    return replace(subject, symbols=owned) if owned else subject


def _owner_classes(resolver: Resolver, claim: Claim) -> set[str]:
    """The class the document puts the claim under (its label, heading or table row) and
    that class's bases in the tree; empty without such an owner."""
    if not claim.owner:
        return set()
    owners = [s for s in resolve_span(resolver, claim.owner).symbols if s.kind == "class"]
    return {q for owner in owners for q in ancestry(resolver, owner).tree}


def _outside_module(claim: Claim, subject: Named) -> Named:
    """"`SelectSelector` 使用 `select` 模块": a bare name called a module that the tree has
    no module of, but the standard library has, is that module (outside the tree), not
    the tree's `select` method."""
    if claim.obj != "module" or "." in subject.name or \
            subject.name not in sys.stdlib_module_names or \
            any(s.kind in {"module", "package"} for s in subject.symbols):
        return subject
    return replace(subject, symbols=(), external=True)


def _with_homonyms(resolver: Resolver, subject: Named) -> Named:
    """A bare name that resolves to a package or module stands for the definitions of its
    name too: "the `bidict` class" is true of the class `bidict.bidict`, whatever the
    package of that name is."""
    if "." in subject.name or not any(s.kind in {"module", "package"} for s in subject.symbols):
        return subject
    more = tuple(s for s in resolver.index.by_name(subject.name)
                 if s.kind != "parameter" and s not in subject.symbols)
    return replace(subject, symbols=subject.symbols + more) if more else subject


def _recased(resolver: Resolver, subject: Named) -> Named:
    """A subject whose owner is a class of the tree but for letter case ("`CharsetProber`"
    of ``CharSetProber``, flagged as a name of its own) read as that class, so what the
    text says of its members is still checked; unchanged unless exactly one class is."""
    head, dot, rest = subject.text.strip().partition(".")
    if not head.isidentifier() or not head[:1].isupper():
        return subject
    classes = [s for n in resolver.index.names_in_any_case(head) if n != head
               for s in resolver.index.by_name(n) if s.kind == "class"]
    if len(classes) != 1:
        return subject
    recased = resolve_span(resolver, f"{classes[0].name}{dot}{rest}")
    return recased if recased.symbols else subject


def _as_module(resolver: Resolver, subject: Named) -> Named:
    """A span naming Python files stands for their modules ("the `validate.py` file is a
    class" says the kind of ``validate``; "`cachelib/serializers.py` defines five
    classes", "`bin/tool` 里定义了 `main`"); other spans are unchanged."""
    if subject.symbols or not subject.paths:
        return subject
    modules = tuple(symbol for path in subject.paths
                    for symbol in resolver.index.by_qualname(resolver.index.module_of(path))
                    if symbol.kind in {"module", "package"} and symbol.path == path)
    return replace(subject, symbols=modules) if modules else subject


def _name(claim: Claim, relation: str, subject: Named, obj: Named | None) -> str:
    second = canonical(obj) if obj is not None else claim.obj
    if relation in {"docstring", "body"}:  # the quoted text is the claim's sentence
        second = ""
    if relation == "defines_member" and claim.relation in {"defines", "location"}:
        second = obj.text if obj is not None else claim.obj
    text = f"{relation}({canonical(subject)}, {second})" if second else \
        f"{relation}({canonical(subject)})"
    return f"not {text}" if claim.negated else text


def _generic_type(relation: str, obj: Named | None) -> bool:
    """Whether the object is a subscripted type a return claim names (`Iterator[str]`)."""
    return relation == "returns" and obj is not None and "[" in obj.text and \
        obj.text.rstrip().endswith("]")


_MEMBER_RELATIONS = frozenset({"has_item", "has_method", "defines_member"})


def _literal_text(text: str) -> bool:
    """Whether a span is a string or number literal (``"fast"``, ``3``)."""
    try:
        value = ast.literal_eval(text.strip("` "))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return isinstance(value, str | bytes | int | float) and not isinstance(value, bool)


def _literal(relation: str, obj: Named | None) -> bool:
    """Whether the object is a literal a return claim names (`1`, `"utf-8"`)."""
    if relation != "returns" or obj is None:
        return False
    try:
        ast.literal_eval(obj.text.strip("` "))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _union_type(relation: str, obj: Named | None) -> bool:
    """Whether the object is a union type an alias claim names (`int | str`)."""
    return relation == "alias_of" and obj is not None and \
        types.union_members(obj.text) is not None


def _outside_subclass(relation: str, subject: Named, obj: Named | None) -> Decision | None:
    """A builtin or standard-library class said to derive from a class of the tree
    ("`Dispatcher` 类是 `object` 类的基类", "`Cart` is the base class of `dict`"): none
    does, the standard library being written without the tree. None when the claim is
    another."""
    if relation != "subclass" or subject.symbols or not subject.external or obj is None:
        return None
    classes = [s for s in obj.symbols if s.kind == "class"]
    outside = introspect(subject.name)
    if not isinstance(outside, type):
        return None
    bases = ", ".join(f"`{b.__name__}`" for b in outside.__mro__[1:]) or "none"
    message = f"`{subject.text}` is outside the tree; its bases are {bases}"
    base = introspect(obj.name) if not obj.symbols and obj.external else None
    if isinstance(base, type):  # two outside classes ("`LookupError` ... `OSError`")
        return Decision(issubclass(outside, base), message)
    return Decision(False, message, at(classes[0])) if classes else None


def _unknown(subject: Named, obj: Named | None) -> str:
    """Why the claim cannot be checked ("" when it can)."""
    if not subject.symbols:
        if subject.external:
            return f"`{subject.text}` is outside the source tree"
        return f"`{subject.text}` is not found in the source tree"
    if obj is not None and not (obj.symbols or obj.paths or obj.external or obj.name):
        return f"`{obj.text}` is not a name"
    return ""


def _unresolved(resolver: Resolver, claim: Claim, relation: str, subject: Named, why: str
                ) -> Resolution:
    """The verdict of a claim whose names do not resolve (``why``): "the `calls` function"
    of a plain parameter (``calls=15``) is false, an option a function reads from
    ``**kwargs`` has its default; else the claim is ignored."""
    if relation == "kind" and claim.obj in _DEFINITION_KINDS and not subject.symbols \
            and not subject.external:
        plain = parameters.plain_parameter(resolver, claim.subject, claim.obj)
        if plain is not None:
            return _verdict(claim, plain, None)
    if relation == "kind" and claim.obj == "attribute" and not subject.symbols and \
            not subject.external and not claim.negated:
        private = parameters.kept_privately(resolver, claim.subject)
        if private is not None:
            return _verdict(claim, private, None)
    builtin = _builtin_called_method(claim, relation, subject)
    if builtin is not None:
        return _verdict(claim, builtin, None)
    option = _option_default(resolver, claim, relation, None)  # an option of **kwargs
    return _verdict(claim, option, None) if option is not None else \
        Resolution("ignored", message=why)


def _itself(claim: Claim, subject: Symbol, target: Named) -> bool:
    """Whether a call claim's object is written as its subject is ("`search` uses the
    `search` function"): it says the function calls itself."""
    return subject.kind in {"function", "method"} and subject in target.symbols and \
        claim.subject.removesuffix("()") == claim.obj.removesuffix("()")


def _builtin_called_method(claim: Claim, relation: str, subject: Named) -> Decision | None:
    """"the `len()` method" where the tree defines no ``len``: a builtin function, which a
    class supports through its special method (``__len__``); None for any other claim."""
    if relation != "kind" or claim.obj != "method" or subject.symbols or not subject.external:
        return None
    special = protocol_method(subject.text.strip("` "))
    if not special:
        return None
    return Decision(False, f"`{subject.text}` is a builtin, not a method; a class "
                    f"supports it through `{special}`")


def _value_named_alike(claim: Claim, subject: Named, resolver: Resolver) -> str:
    """Why a noun phrase's kind that the resolved name contradicts is still no finding: its
    bare name also names another definition, a parameter or attribute ("instantiate the
    `signer` class": the argument, a class, not the module of that name). A module's variable judged
    itself is no other value: "the `rrulestr` class" of ``rrulestr = _rrulestr()`` says
    its kind wrong."""
    name = claim.subject.removesuffix("()")
    if not claim.presupposed or "." in name or claim.relation == "value_type":
        return ""  # a value's type is said of the value itself
    # (a value declared or bound as a plain scalar, ``is_private: bool``, is no class or
    # method whatever the phrase calls it: its own kind says so)
    if any(s.kind == "parameter" or s.kind in {"attribute", "variable"} and not (
            s in subject.symbols and (_of_a_module(resolver, s)
                                      or types.plain_value(resolver, s)))
           for s in resolver.index.by_name(name)):
        return f"`{name}` also names a value, whose kind the tree does not say"
    return ""


def _of_a_module(resolver: Resolver, symbol: Symbol) -> bool:
    """Whether ``symbol`` is bound at the top level of a module (not on a class)."""
    return any(s.kind in {"module", "package"} for s in resolver.index.by_qualname(symbol.parent))


_MEMBER_KINDS = frozenset({"method", "function", "property", "attribute", "classmethod",
                           "staticmethod", "coroutine", "constant"})


def _member_of(claim: Claim, subject: Named, resolver: Resolver) -> str:
    """Why a noun phrase naming a class or module with a member's kind is no finding,
    unless the phrase is its clause's subject: "call `run`, the `Flask` method that starts
    it" and "the `Flask` method `run`" name a method *of* `Flask`. A sentence that names
    no member of it ("parse 的 `RepeatedNameError` 函数用于处理...") says the container
    itself is one."""
    if claim.presupposed != "phrase" or claim.obj not in _MEMBER_KINDS:
        return ""
    containers = [s for s in subject.symbols if s.kind in {"class", "module", "package"}]
    others = {n.removesuffix("()").rsplit(".", 1)[-1]
              for n in re.findall(r"`([^`]+)`", claim.sentence)} - {subject.text}
    if any(resolver.index.members(s.qualname, name) for s in containers for name in others):
        return f"`{subject.text}` is a container: the phrase may name one of its members"
    return ""


def _of_constructor(claim: Claim) -> bool:
    """Whether the sentence makes its subject's constructor the subject ("The constructor
    of `A` calls ...", "`A`'s constructor", "the `A` constructor", "`A` 的构造函数")."""
    subject = re.escape(f"`{claim.subject}`")
    return bool(re.search(
        rf"{CONSTRUCTOR_NOUN}\s+of\s+(?:the\s+)?{subject}|{subject}(?:\s*'s)?\s+"
        rf"(?:class\s+)?{CONSTRUCTOR_NOUN}|{subject}\s*(?:类)?\s*的\s*{CONSTRUCTOR_NOUN}",
        claim.sentence, re.IGNORECASE))


def _decider(relation: str, claim: Claim, resolver: Resolver, obj: Named | None) -> Decide:
    target = obj if obj is not None else Named(claim.obj, claim.obj)
    member = target.text
    table: dict[str, Decide] = {
        "subclass": lambda s: undecided("a class is an instance of its metaclass")
        if claim.obj_text == "instance" and s.kind == "class"
        # "`legacy_parse` 就是 `dump`": of two functions, "is" says they are one
        else types.alias_of(resolver, s, target, written=claim.subject)
        if _two_functions(s, target) else types.subclass(
            resolver, s, target, direct=claim.obj_text == "direct"),
        # "`f` is built on `g`" / "`f` 基于 `g` 实现": of a function, it uses `g`
        "built_on": lambda s: _only_if_called(code.calls(resolver, s, target), target,
                                              code.uses(resolver, s, target))
        if s.kind in {"function", "method"} else types.built_on(resolver, s, target),
        "location": lambda s: types.location(resolver, s, target,
                                             defined=claim.obj_text == "defined",
                                             exported=claim.obj_text == "exported"),
        "kind": lambda s: _with_privacy(resolver, s, claim, _with_arguments(
            resolver, s, claim, types.kind(resolver, s, claim.obj, negated=claim.negated,
                                           decorator=claim.obj_text.startswith("@")))),
        "value_type": lambda s: types.subscripted_value_type(resolver, s, claim.obj)
        if "[" in claim.obj else types.value_type(resolver, s, claim.obj),
        "definition_count": lambda s: code.definition_count(
            resolver, s, int(claim.obj), claim.obj_text,
            private=bool(_WITH_PRIVATE.search(claim.sentence)),
            besides=tuple(e.rsplit(".", 1)[-1] for e in claim.excluded)),
        "has_param": lambda s: argtypes.typed_parameter(
            resolver, s, claim.obj, claim.argument_types[0] if claim.argument_types else "",
            code.has_param(resolver, s, claim.obj,
                           declared=bool(_DECLARED.search(claim.sentence)))),
        "param_count": lambda s: argtypes.described_arguments(resolver, s,
                                                             claim.argument_types)
        if claim.obj_text == "described"
        else code.described_param_count(resolver, s, int(claim.obj), some=True)
        if claim.obj_text == "described_some" else code.param_count(
            resolver, s, int(claim.obj), besides_self=claim.besides_self,
            sort=param_sort(claim.narrowed), declared=bool(_DECLARED.search(claim.sentence)),
            listed=tuple(re.findall(r"`([^`]+)`", claim.sentence))),
        "has_method": lambda s: code.has_member(
            resolver, s, member, methods=True,
            written=bool(_WRITES.search(claim.sentence)) or (
                claim.obj_text == "listed" and _only_tree_bases(resolver, s))),
        "defines_member": lambda s: code.has_member(
            resolver, s, member, methods=False, own=claim.obj_text == "own",
            written=bool(_WRITES.search(claim.sentence))),
        "has_item": lambda s: code.titled_item(resolver, s, claim.obj)
        if claim.obj_text == "titled" else code.has_item(resolver, s, member),
        "call_count": lambda s: callsites.call_count(resolver, s, int(claim.obj)),
        "return_arity": lambda s: returns.return_arity(resolver, s, int(claim.obj)),
        "param_position": lambda s: code.param_position(resolver, s, claim.obj,
                                                        int(claim.obj_text),
                                                        besides_self=claim.besides_self),
        "member_count": lambda s: code.member_count(
            resolver, s, int(claim.obj), narrowed=bool(set(claim.narrowed) - {ANY_NOUN}),
            excluded=claim.excluded, literal_only=ANY_NOUN in claim.narrowed),
        "method_count": lambda s: code.method_count(
            resolver, s, int(claim.obj), public=bool(_PUBLIC.search(claim.obj_text)),
            listed=_listed_after_colon(claim.sentence),
            dunders_only=any(_DUNDER_WORDS.fullmatch(w) for w in claim.narrowed),
            narrowed=any(not _METHOD_SORTS.fullmatch(w) for w in claim.narrowed),
            excluded=claim.excluded),
        "base_count": lambda s: types.base_count(s, int(claim.obj)),
        # "calls `a` rather than `b`" denies that it calls `b` itself
        # "`search` uses the `search` function": itself, not a namesake elsewhere
        "calls": lambda s: code.recurses(resolver, s) if _itself(claim, s, target)
        else _when_called(resolver, s, target, claim.sentence, code.calls(
            resolver, s, target, direct=not _INDIRECTLY.search(claim.sentence),
            constructor=_of_constructor(claim)))
        if claim.obj_text != "loose"
        # "triggers a `ValueError`" / 触发 `ValueError`: an error is raised, not called
        else code.raises(resolver, s, target, condition=_condition_names(claim.sentence),
                         sentence=claim.sentence)
        if _TRIGGERS.search(claim.sentence) and _is_error(resolver, target)
        else _only_if_called(code.calls(resolver, s, target,
                                        constructor=_of_constructor(claim)), target,
                             code.uses(resolver, s, target)),
        "raises": lambda s: code.raises(resolver, s, target,
                                        condition=_condition_names(claim.sentence),
                                        sentence=claim.sentence),
        "returns": lambda s: returns.generic_returns(resolver, s, target.text,
                                                     annotated=claim.obj_text == "annotated")
        if _generic_type("returns", target) else returns.returns(
            resolver, s, target, annotated=claim.obj_text == "annotated",
            yielded=claim.obj_text == "yielded", yield_said=bool(_YIELDS.search(claim.sentence)),
            always=bool(_ALWAYS.search(claim.sentence)),
            single=bool(_SINGLE.search(claim.sentence)),
            fresh=bool(_FRESH.search(claim.sentence))),
        "has_subclasses": lambda s: types.has_subclasses(resolver, s),
        "raised": lambda s: raised_at_all(resolver, s),
        "docstring": lambda s: docstrings.quoted_docstring(resolver, s, claim.obj),
        "body": lambda s: bodies.quoted_body(resolver, s, claim.obj),
        "subclass_count": lambda s: types.subclass_count(resolver, s, int(claim.obj),
                                                         direct=claim.obj_text == "direct"),
        "decorated": lambda s: _with_arguments(resolver, s, claim,
                                               code.decorated(resolver, s, claim.obj)),
        "default": lambda s: values.default(resolver, s, claim.obj,
                                               said_of=claim.default_of),
        "alias_of": lambda s: types.alias_of(resolver, s, target, written=claim.subject),
    }
    return table.get(relation, lambda s: undecided("no reading"))


_FUNCTION_KINDS = frozenset({"function", "method"})


def _two_functions(subject: Symbol, target: Named) -> bool:
    """Whether a claim's subject and what it names are both functions (or methods) of the
    tree: no class relation can hold between them."""
    return subject.kind in _FUNCTION_KINDS and bool(target.symbols) and \
        all(t.kind in _FUNCTION_KINDS for t in target.symbols)


_WRITES = re.compile(r"\b(?:defines?|implements?|declares?|overrides?|provides? its own)\b"
                     r"|实现了?|定义了?|重写了?|覆盖了?|覆写了?")
"""A member said to be written by the class ("implements `__eq__`", 实现了): what every
class gets from ``object`` is not that."""
_WHEN = re.compile(r"\b(?:when|whenever|each time|every time|once|as soon as)\b(?P<rest>[^.;:]*)"
                   r"|(?:当|每当|每次)(?P<zh>[^。；;，,]*?)(?:时|的时候)", re.IGNORECASE)


_PART = 3
"""The shortest method-name part matched in a time clause."""


def _when_called(resolver: Resolver, subject: Symbol, target: Named, sentence: str,
                 decision: Decision) -> Decision:
    """``decision`` on "`A` calls `g`", or false where the sentence says when ("... when a
    job is submitted") in the words of one method of the class `A` that does not reach
    `g` (`submit`): the call happens elsewhere."""
    when = _WHEN.search(sentence)
    if decision.holds is not True or subject.kind != "class" or when is None:
        return decision
    said = re.findall(r"[a-z]+", (when["rest"] or when["zh"]).lower())
    # a method's words in the time clause, inflected or not ("submitted" of `submit`)
    methods = [m for m in resolver.index.children(subject.qualname)
               if m.kind == "method" and not m.name.startswith("_") and all(
                   len(part) >= _PART and any(w.startswith(part) for w in said)
                   for part in m.name.split("_") if part)]
    if len(methods) != 1:
        return decision
    inside = code.calls(resolver, methods[0], target)
    if inside.holds is not False:
        return decision
    return Decision(False, f"{inside.message}: not when `{methods[0].name}` runs",
                    inside.evidence)


_PRIVATE = re.compile(r"\bprivate\b|私有|非公开")
_PUBLIC = re.compile(r"\bpublic\b|公开|公有|公共")
_INTERNAL = re.compile(r"\binternal\b")  # (内部类 is an inner class in Chinese)


def _with_privacy(resolver: Resolver, subject: Symbol, claim: Claim, decision: Decision
                  ) -> Decision:
    """``decision``, or false where the kind's words say private or public and the name
    says the other ("a private helper method" of `get_next_run`; "公开方法" of `_run`): a
    leading underscore is Python's private, a dunder name is public. "Internal" is false
    of a name its package lists in ``__all__`` (its public interface)."""
    if decision.holds is not True or claim.negated or \
            subject.kind not in {"function", "method", "class", "attribute", "constant",
                                 "variable", "module"}:
        return decision
    name = subject.name
    private = name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
    said = claim.obj_text
    if _PRIVATE.search(said) and not private or _PUBLIC.search(said) and private:
        what = "private (a leading underscore)" if private else "public (no leading underscore)"
        return Decision(False, f"`{name}` is {what}", decision.evidence)
    if _INTERNAL.search(said) and not private and types.listed_by_package(resolver, subject):
        return Decision(False, f"`{name}` is public: its package lists it in `__all__`",
                        decision.evidence)
    return decision


_DECLARED = re.compile(r"\bexplicit(?:ly)?\b|\bin (?:its|the) signature\b|\bdeclares?\b"
                       r"|显式|签名(?:里|中|上)|声明了?")
"""A parameter said to be written in the signature, not one ``**kwargs`` may take."""
_SINGLE = re.compile(r"\b(?:returns?|gives?|produces?) (?:only )?(?:a single|one single"
                     r"|exactly one|just one|only one|one) `"
                     r"|返回(?:的是)?(?:单个|单一的?|一个单独的|仅一个|只有一个)")
"""A return said to be one value ("returns a single `Table`"): not a list of them."""
_FRESH = re.compile(r"\b(?:returns?|gives? back|produces?|creates? and returns?) (?:a |an )?"
                    r"(?:brand[- ])?(?:new|fresh|separate|copied)\b|\breturns? a copy\b"
                    r"|返回(?:的是)?(?:一个|一份)?(?:新的|新建的|全新的|新|副本|拷贝)")
"""A return said to be a new object ("returns a new `Job`", 返回一个新的): not the receiver."""
_YIELDS = re.compile(r"\byield(?:s|ed|ing)?\b|逐个(?:返回|产出|生成)|产出")
"""A return said of what a generator yields (a builtin type's claim keeps its word in
``obj_text``, so the sentence says it)."""
_ALWAYS = re.compile(r"\b(?:always|invariably) (?:returns?|gives?|produces?)\b"
                     r"|\b(?:no matter|regardless of)\b.{0,60}\breturns?\b"
                     r"|(?:总是|始终|一律|永远|总会|都会|都)返回|(?:无论|不管).{0,30}返回")
"""A return said of every call ("always returns a `Duration`", 总是返回): one ``return``
of another type makes it false."""
_DUNDER_WORDS = re.compile(r"dunder|magic|special|double-underscore|双下划线|魔术|魔法|特殊")
"""Words narrowing a method count to ``__x__`` methods ("four dunder methods", 魔术方法)."""
_METHOD_SORTS = re.compile(r"public|own|instance|defined|declared|regular|公开的?|公共的?"
                           r"|公有的?|实例|自己的|自身的|" + _DUNDER_WORDS.pattern)
"""Words before a method count that a reading of :func:`code.method_count` knows; any other
("two abstract methods") narrows the count to a part it cannot tell."""
_WITH_PRIVATE = re.compile(r"(?i)\b(?:including|incl\.?|counting) (?:the )?private\b"
                           r"|private ones included|(?:含|包括|包含|算上)(?:了)?私有")
"""A count said to include private names ("13 classes, including the private `_tee`", 含私有的):
the whole count, not the public one."""
_INDIRECTLY = re.compile(r"\b(?:indirectly|eventually|ultimately|in turn|under the hood"
                         r"|behind the scenes|through|via|by way of)\b"
                         r"|间接|最终|最后会|通过|经由|借助")
"""A call said to be made through something else ("eventually calls `b`", "calls `b`
through `c`", 间接调用): one a helper makes counts. Any other "`a` calls `b`" is about the
body of ``a`` (the call graph's edge): a call its helper makes is the helper's."""


def _with_arguments(resolver: Resolver, subject: Symbol, claim: Claim,
                    decision: Decision) -> Decision:
    """A decorator claim that holds by name, checked against the keywords the sentence
    writes in its call ("`@dataclass(frozen=True)`" of a plain ``@dataclass``)."""
    if not decision.holds or claim.negated:
        return decision
    written = next((span for span in re.findall(r"`(@?[\w.]+\([^`]*\))`", claim.sentence)
                    if span.lstrip("@").split("(")[0].rsplit(".", 1)[-1]
                    == claim.obj_text.lstrip("@")), "")
    if not written and claim.obj == "dataclass" and _FROZEN.search(claim.sentence):
        written = "dataclass(frozen=True)"  # "a frozen dataclass" says its decorator's keyword
    checked = code.decorator_arguments(resolver, subject, written) if written else None
    return checked if checked is not None else decision


_FROZEN = re.compile(r"(?i)\b(?:frozen|immutable)\s+(?:[a-z-]+\s+)?`?(?:dataclass|data class)"
                     r"|(?:不可变|冻结)的?\s*`?(?:dataclass|数据类)")
"""A dataclass said to be frozen ("a frozen dataclass", 不可变的 dataclass)."""


def _condition_names(sentence: str) -> tuple[str, ...]:
    """The plain names a sentence writes as code (a raise's condition is among them:
    "raises `TypeError` when `on_error` is not callable"); the judge keeps the ones that
    are the subject's parameters."""
    return tuple(n for n in re.findall(r"`([A-Za-z_]\w*)`", sentence))


_COUNTS = frozenset({"param_count", "member_count", "method_count", "definition_count",
                     "base_count", "subclass_count"})
_WHOLE_LIST = re.compile(r"[:：]\s*(?P<list>`[^`\n]+`(?:\s*(?:,|，|、|;|；)?"
                         r"\s*(?:and|or|和|与|及|以及|或)?\s*`[^`\n]+`)*)\s*[.。]?\s*$")
_PART_SAID = re.compile(r"(?i)\b(?:such as|including|includes?|e\.g\.|for example|for instance"
                        r"|like|among|etc|others?|more|some|first|main|notable)\b"
                        r"|等|包括|包含|例如|比如|诸如|其中|主要|之一")


def _count_against_its_list(claim: Claim) -> Decision | None:
    """A count its own sentence contradicts, where the code leaves it open ("supports
    three key joining methods: `'tuple'`, `'path'`, `'underscore'`, and `'dot'`" lists
    four; where the code decides, its message says more). Only a list that ends the
    sentence right after its colon, none of its words saying it is part of a set ("such
    as", "the main", 例如), is all of them; None otherwise."""
    if claim.relation not in _COUNTS or not claim.obj.isdigit() or claim.negated:
        return None
    whole = _WHOLE_LIST.search(claim.sentence)
    if whole is None or _PART_SAID.search(claim.sentence[:whole.start()]):
        return None
    names = re.findall(r"`([^`\n]+)`", whole["list"])
    if len(names) < 2 or len(names) == int(claim.obj):
        return None
    return Decision(False, f"it says {claim.obj} and lists {len(names)}: "
                    + ", ".join(f"`{n}`" for n in names), (), correction=str(len(names)))


def _listed_after_colon(sentence: str) -> tuple[str, ...]:
    """The code names a sentence lists after its colon ("has four methods: `a`, `b` ...")."""
    colon = re.search(r"[:：]", sentence)
    return tuple(re.findall(r"`([^`]+)`", sentence[colon.end():])) if colon else ()


def _only_functions(target: Named) -> bool:
    """Whether every definition ``target`` names is a function or a method, or it names
    a builtin or standard-library function: "`f` uses
    `g`" (no call written) says `f` calls `g` only then, since a class, a constant or an
    attribute is used without being called."""
    if not target.symbols:  # an outside function (``json.dumps``), not a module or a value
        return target.external and inspect.isroutine(introspect(target.name))
    return all(s.kind in _FUNCTION_KINDS for s in target.symbols)


_TRIGGERS = re.compile(r"\btrigger(?:s|ed|ing)?\b|触发")


def _is_error(resolver: Resolver, target: Named) -> bool:
    """Whether a name is an exception class: of the tree (an outside ancestor is
    ``BaseException``) or outside it."""
    if target.symbols:
        return all(s.kind == "class" and "BaseException" in {
            n.rsplit(".", 1)[-1] for e in ancestry(resolver, s).external
            for n in (external_mro(e) or (e,))} for s in target.symbols)
    found = introspect(target.name)
    return isinstance(found, type) and issubclass(found, BaseException)


def _only_if_called(decision: Decision, target: Named, used: Decision) -> Decision:
    """"`f` uses `g`" (no call written): of a function, true when `f` calls it; of a
    function, a property, a class or a constant, true or false by whether the code `f`
    reaches names it (``used``: :func:`code.uses`: passed as a callback, read as an
    attribute), and a function's call decision where that is open."""
    if decision.holds or (decision.holds is False and _only_functions(target)):
        return decision
    return used if used.holds is not None else \
        undecided(f"`{target.text}` is used, not said to be called")


def _combine(decisions: list[Decision]) -> Decision:
    """One name may mean several definitions: true if one reading holds, false if none can."""
    for decision in decisions:
        if decision.holds:
            return decision
    if decisions and all(d.holds is False for d in decisions):
        return decisions[0]
    return next((d for d in decisions if d.holds is None), undecided("no reading"))


def _verdict(claim: Claim, decision: Decision, obj: Named | None) -> Resolution:
    if decision.holds is None:
        return Resolution("ignored", evidence=decision.evidence, message=decision.message)
    true = decision.holds != claim.negated
    if true:
        return Resolution("verified", evidence=decision.evidence, message=decision.message)
    suggestion = _corrected(claim, decision.correction, obj) if not claim.negated else ""
    return Resolution("unverified", evidence=decision.evidence, message=decision.message,
                      suggestion=suggestion)


def _agreeing(noun: str, count: str) -> str:
    """An English counted noun in the number of its new count ("1 parameter", "2 fields")."""
    if not noun or not count.isdigit():
        return noun
    return noun.removesuffix("s") if count == "1" else noun if noun.endswith("s") else \
        _plural(noun)


_PLURAL_KINDS = re.compile(r"(?:data)?classes|functions|methods|modules|packages|properties"
                           r"|attributes|constants|variables|aliases|enums|exceptions"
                           r"|decorators|coroutines|fields|types")


def _plural(word: str) -> str:
    """"classes", "properties", "parameters": an English noun for more than one (the one
    rule of the suggested fixes, for kinds and counted nouns alike)."""
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def _corrected(claim: Claim, correction: str, obj: Named | None) -> str:
    """The sentence with its object replaced by the true one (where that is exact)."""
    if not correction:
        return ""
    sentence = claim.sentence
    if obj is not None:
        return sentence.replace(f"`{obj.text}`", f"`{correction}`", 1) \
            if f"`{obj.text}`" in sentence else ""
    if claim.relation in {"param_count", "member_count", "base_count"}:
        written = re.escape(claim.obj_text.removesuffix("个"))
        listed = re.search(rf"(?i){written}.*`", sentence)
        if claim.relation == "member_count" and listed:
            return ""  # the names listed after the count are no exact list either
        fixed = re.sub(rf"(?<![A-Za-z0-9_`]){written}(?![A-Za-z0-9_`])(?P<noun>(?: [a-z-]+)?"
                       r" (?:parameter|argument|member|field|method|base|value|state)s?\b)?",
                       lambda m: correction + _agreeing(m["noun"] or "", correction), sentence,
                       count=1, flags=re.IGNORECASE)
        return fixed if fixed != sentence else ""
    if claim.relation == "kind":
        if HAN.search(claim.obj_text):  # "方法 method": the Chinese kind word is replaced
            word = _ZH_KINDS.get(correction, correction)
            written = re.escape(re.sub(r"[A-Za-z ]+$", "", claim.obj_text) or claim.obj_text)
            fixed = re.sub(written, word, sentence, count=1)
            return fixed if fixed != sentence else ""
        # an English kind word, whole, in the case and number it was written ("**dedent
        # Method**", "the `a` and `b` classes" -> "functions")
        word = _plural(correction) if _PLURAL_KINDS.fullmatch(claim.obj_text.lower()) \
            else correction
        fixed = re.sub(rf"\b{re.escape(claim.obj_text)}\b",
                       lambda m: word.capitalize() if m[0][:1].isupper() else word,
                       sentence, count=1, flags=re.IGNORECASE)
        return fixed if fixed != sentence else ""
    return ""
