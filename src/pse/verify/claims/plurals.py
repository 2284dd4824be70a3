"""Plural kind lists: "the `a`, `b` and `c` functions", "`A`, `B` and `C` are classes".

A list of code spans followed by a plural kind noun (directly, or after "are") says the
kind of every name in it, not only of the one next to the noun; each name is a kind
claim of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pse.verify.claims import lexicon as L  # noqa: N812 - the grammar's short name
from pse.verify.claims.model import Claim
from pse.verify.claims.prose import Sentence

_PLURAL_KINDS = {"classes": "class", "functions": "function", "methods": "method",
                 "modules": "module", "exceptions": "exception", "constants": "constant",
                 "coroutines": "coroutine", "properties": "property", "类": "class",
                 "函数": "function", "方法": "method", "模块": "module"}
_LIST = r"(?P<list>§\d+§(?:" + L.AND_JOIN + r"§\d+§)+)"
_PLURAL = re.compile(
    rf"(?:^|(?<![a-z§]))(?:the ?|these ?)?{_LIST} ?(?P<be>(?:are|都是|均为|是)(?: ?all)? ?"
    r"(?P<neg>not )?)?(?P<k>classes|functions|methods|modules|exceptions|constants"
    r"|coroutines|properties|(?<=[是为])(?:类|函数|方法|模块))(?![a-z])" + L.NO_OTHER_KIND)
_NAME = re.compile(r"[A-Za-z_][\w.]*(?:\(\))?")
_EXAMPLE_KINDS = {"异常类": "exception", "异常": "exception", "模块": "module", "类": "class"}
_ZH_OTHER_NOUN = r"的|参数|属性|字段|成员|值|方法|类|函数|模块|异常|对象|实例|回调|变量|常量|名"
_EXAMPLES = re.compile(
    r"(?:(?<![a-z])(?P<k>classes|modules|exceptions)"
    r"(?:,|:)? ?(?:such as|like|e\.g\.,?|for example,?|for instance,?)"
    r"|(?P<kz>异常类|异常|模块|类)(?:(?!" + _ZH_OTHER_NOUN + r")[\u4e00-\u9fff]){0,12}"
    r"[,，:：]? ?(?:例如|比如|譬如)[,，:：]?)"
    r" ?(?P<list>§\d+§(?:" + L.AND_JOIN + r"§\d+§)*)")
"""A plural kind noun and the examples it gives ("exceptions such as `A` and `B`",
"异常都定义在同一个文件中，例如 `A`、`B`"): each example is of that kind. In English the
cue follows the noun at once ("classes that take callbacks, such as `f`" gives examples
of callbacks); in Chinese a predicate without another noun may stand between. Member
nouns ("methods such as") are left to the example lists: they name the subject's
members, whose kind a bare name may not say. 包括 and "including" are no cue here: after a
noun they may say what it contains ("`m` 模块包括 `A`": `A` is in the module)."""


_SINGULAR_KINDS = {"class": "class", "function": "function", "method": "method",
                   "exception": "exception", "constant": "constant", "coroutine": "coroutine",
                   "异常类": "exception", "异常": "exception"}
_SUBJECT_LIST = re.compile(
    r"(?:^|(?<=[,，;；] )|(?<=[,，;；])|(?<=while )|(?<=and )|(?<=whereas ))"
    r"(?:the ?|its ?|their ?|these ?)?"
    r"(?:(?:main|key|core|primary|principal|public|important|most important|exported"
    r"|available|other) )*(?P<k>classes|functions|methods|exceptions|constants|coroutines"
    r"|class|function|exception|coroutine)"
    r"(?: (?:in|of|defined in|provided by|exposed by|offered by) (?:the )?"
    r"(?:§\d+§ ?(?:module|package|class)?|(?:this|that|the) (?:module|package|file|library)))?"
    r" ?(?P<be>are|include|includes|is|:) ?"
    r"(?P<list>§\d+§(?:" + L.AND_JOIN + r"§\d+§)*)"
    r"(?= ?(?:[,，;；.。]|$|while |whereas |and (?:the |its )))"
    r"|(?:^|(?<=[，；]))(?:的)?(?P<kz>类|函数|方法|异常类|异常)(?:有|包括|包含|是|为)[:：]? ?"
    r"(?P<listz>§\d+§(?:" + L.AND_JOIN + r"§\d+§)*)(?= ?(?:[，；。]|$))")
"""A kind noun as the subject whose predicate lists code ("The main classes are `a`, `b`
and `c`", "Its key functions include `f`", "主要的类有 `a`、`b`"): each listed name is of
that kind. "include" gives some of them; each given is still of the kind."""


def plural_kind_claims(sentence: Sentence) -> Iterator[Claim]:
    """One kind claim per name of each plural kind list of ``sentence``."""
    for hit in _EXAMPLES.finditer(sentence.normalised):
        kind = _PLURAL_KINDS.get(hit["k"] or "") or _EXAMPLE_KINDS[hit["kz"]]
        for slot in re.findall(r"§(\d+)§", hit["list"]):
            name = sentence.spans[int(slot)]
            if _NAME.fullmatch(name) and name not in {"self", "cls"}:
                yield Claim("kind", subject=name, obj=kind, obj_text=hit["k"] or hit["kz"],
                            negated=False, line=sentence.line, sentence=sentence.text,
                            presupposed="phrase")
    for hit in _SUBJECT_LIST.finditer(sentence.normalised):
        written = hit["k"] or hit["kz"]
        kind = _PLURAL_KINDS.get(written) or _SINGULAR_KINDS[written]
        if hit["be"] in {"is"} and written in _PLURAL_KINDS:
            continue  # "the classes is": no sentence a reader trusts
        for slot in re.findall(r"§(\d+)§", hit["list"] or hit["listz"]):
            name = sentence.spans[int(slot)]
            if _NAME.fullmatch(name) and name not in {"self", "cls"}:
                yield Claim("kind", subject=name, obj=kind, obj_text=written,
                            negated=False, line=sentence.line, sentence=sentence.text,
                            presupposed="")
    for hit in _PLURAL.finditer(sentence.normalised):
        kind = _PLURAL_KINDS[hit["k"]]
        opens = not sentence.normalised[:hit.start()].strip(" the")
        for slot in re.findall(r"§(\d+)§", hit["list"]):
            name = sentence.spans[int(slot)]
            if _NAME.fullmatch(name) and name not in {"self", "cls"}:
                yield Claim("kind", subject=name, obj=kind, obj_text=hit["k"],
                            negated=bool(hit["neg"]), line=sentence.line,
                            sentence=sentence.text,
                            presupposed="" if hit["be"] else
                            "subject" if opens else "phrase")
