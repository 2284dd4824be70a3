"""What a sentence says of one definition that belongs to another.

A near-namesake.
Models mix up callables whose names differ by a letter or two and whose docstrings are
cut from one frame: ``load`` ("Parse TOML from a binary file object.") and ``loads``
("Parse TOML from a string."), ``wcwidth`` ("Given one Unicode character, ...") and
``wcswidth`` ("Given a unicode string, ..."). "`load` parses TOML from a string" is every
word true of the package and false of ``load``. What tells the two apart is what their
docstrings' summaries do not share: a sentence about one that uses a word only the other's
summary has, and none only its own has, describes the other.

A sibling's name. Callables named in one frame (``init_windows_clipboard``,
``init_klipper_clipboard``, ``init_wl_clipboard``) are told apart by the one word where their
names differ. "`init_klipper_clipboard` initializes the Windows clipboard" says of one the
word that names another, as a name (capitalised, or in Latin letters in Chinese prose: a
platform, a format, a program), a word its own definition never uses. A common word
("reset", "get") may be said of anything.

A parameter of another callable. "`parse` takes a string and an optional number of regex
groups" gives `parse` the `regex_group_count` of `with_pattern`, its neighbour: an
argument described in words that spell another callable's parameter, none of its own,
in words its own definition never uses.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Sequence
from difflib import SequenceMatcher

from pse.text.identifiers import name_words
from pse.text.words import as_written, covered, has_chinese, words
from pse.verify.evidence.spans import SourceSpan

_CALLABLE = frozenset({"function", "method"})
_NEAR_NAME = 0.8
"""Names at least this alike (difflib's ratio) are near-namesakes: ``load``/``loads``
(0.89), ``wcwidth``/``wcswidth`` (0.93), ``sign``/``unsign`` (0.8); ``encode``/``decode``
(0.67) and ``skip_chars``/``skip_until`` (0.6) are not."""
_MIN_NAME = 4
"""Shorter names (``get``/``set``) are too alike by chance to be read this way."""
_DOCSTRING = re.compile(r'^[ \t]*[rRuU]?(?:"""|\'\'\')(?P<doc>.*?)(?:"""|\'\'\')',
                        re.DOTALL | re.MULTILINE)


def summary(span: SourceSpan) -> str:
    """The first paragraph of the docstring of the definition ``span`` holds ("" when it
    has none or the span is no definition)."""
    doc = ""
    try:
        tree = ast.parse(textwrap.dedent(span.text))
        node = tree.body[0] if tree.body else None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node) or ""
    except SyntaxError:  # a span cut at its line limit: the first string literal after it
        match = _DOCSTRING.search(span.text)
        doc = textwrap.dedent(match["doc"]) if match else ""
    return doc.strip().split("\n\n", 1)[0]


def namesake_problem(claim: set[str], anchors: Sequence[SourceSpan],
                     spans: Sequence[SourceSpan], named: set[str]) -> str:
    """Why a unit whose prose (code spans left out, but not the words of the names it
    mentions: "decode" in "`base64_decode` decodes ...") has the stems ``claim``, about the
    callables among ``anchors``, describes a near-namesake of one of them ("" when it does
    not). A namesake the unit names as well (``named``: last names) or is anchored to is
    one it tells apart."""
    for own in anchors:
        if own.kind not in _CALLABLE or not own.symbol:
            continue
        owner, _, name = own.symbol.rpartition(".")
        # a name says what its definition is as much as its summary: a docstring copied
        # from the neighbour ("Return full path to the user-shared data dir" of
        # ``site_config_dir``) leaves "config" its own all the same
        documented = words(summary(own))
        mine = documented | words(name_words(name))
        for other in spans:
            other_name = other.symbol.rpartition(".")[2]
            if other.kind not in _CALLABLE or other_name == name or other_name in named \
                    or other in anchors \
                    or other.symbol.rpartition(".")[0] != owner or not _near(name, other_name):
                continue
            # (not theirs: a word of the other's name is told apart by
            # :func:`siblings_name_word`, only where it is written as a name)
            theirs = words(summary(other))
            if not documented or not theirs or \
                    2 * len(documented & theirs) < min(len(documented), len(theirs)):
                continue  # summaries of different frames say different things anyway
            shared = mine & theirs
            only_theirs = covered(claim, theirs - shared, abbreviations=False)
            if only_theirs and not covered(claim, mine - shared, abbreviations=False):
                said = ", ".join(sorted(only_theirs))
                return (f"it says {said}, which the docstring of `{other_name}` says and "
                        f"that of `{name}` does not: it describes `{other_name}`")
    return ""


def siblings_name_word(prose: str, anchors: Sequence[SourceSpan],
                       spans: Sequence[SourceSpan], named: set[str]) -> str:
    """Why ``prose`` (code spans left out) gives a callable among ``anchors`` the word
    that tells a sibling apart from it ("" when it does not): the two are defined side by
    side (one owner), their names have as many words and differ in one, ``prose`` writes
    the sibling's word of difference as a name and the callable's own definition never
    uses it, and ``prose`` does not say the callable's own word. A sibling the unit names
    as well (``named``: last names) is one it speaks of."""
    claim = words(prose)
    names = words(" ".join(_written_names(prose)))
    if not names:
        return ""
    for own in anchors:
        if own.kind not in _CALLABLE or not own.symbol:
            continue
        owner, _, name = own.symbol.rpartition(".")
        mine = name_words(name).split()
        for other in spans:
            other_name = other.symbol.rpartition(".")[2]
            theirs = name_words(other_name).split()
            if other.kind not in _CALLABLE or other in anchors or other_name in named \
                    or other.symbol.rpartition(".")[0] != owner or len(theirs) != len(mine) \
                    or len(mine) < 2:
                continue
            differ = [(m, t) for m, t in zip(mine, theirs, strict=True) if m != t]
            if len(differ) != 1 or min(len(differ[0][0]), len(differ[0][1])) < _MIN_WORD:
                continue
            word_of_mine, word_of_theirs = (words(w) for w in differ[0])
            said = covered(word_of_theirs, names, abbreviations=False)
            if said and word_of_mine and \
                    not covered(word_of_mine, claim, abbreviations=False) and \
                    not covered(said, own.vocabulary, abbreviations=False):
                return (f"it says {as_written(sorted(said), prose)[0]}, the word that names "
                        f"`{other_name}`, of "
                        f"`{name}`, whose definition never says it")
    return ""


_MIN_WORD = 2
"""A word of difference shorter than this (``a``/``b``) names nothing."""
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def _written_names(prose: str) -> list[str]:
    """The words ``prose`` writes as names: in Chinese, every word in Latin letters; else a
    capitalised word that does not open a sentence ("Windows", "JSON")."""
    if has_chinese(prose):
        return _LATIN.findall(prose)
    return [m.group() for m in _LATIN.finditer(prose) if m.group()[0].isupper()
            and prose[:m.start()].rstrip()[-1:] not in ("", ".", "!", "?", ":", "*", "-")]


def _near(a: str, b: str) -> bool:
    return min(len(a), len(b)) >= _MIN_NAME and \
        SequenceMatcher(None, a, b, autojunk=False).ratio() >= _NEAR_NAME


_TAKES_EN = re.compile(r"(?:`(?P<name>[A-Za-z_][\w.]*)(?:\(\))?`[^.;:`]{0,30}?|\b(?:it|this "
                       r"(?:function|method)|the (?:function|method))\s+(?:also\s+|only\s+)?)"
                       r"\b(?:takes|accepts|receives|expects)\s+(?P<args>[^.;:()`]+)",
                       re.IGNORECASE)
_TAKES_ZH = re.compile(r"(?:`(?P<name>[A-Za-z_][\w.]*)(?:\(\))?`[^。；;`]{0,12}?)?"
                       r"(?:接受|接收|需要传入|传入)(?P<args>[^。；;`]+?)(?:作为参数|作为输入|参数|$)")
_ARG_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s+or\s+|和|与|及|以及|、|，|或")
_GENERIC_ARG = words("optional required keyword positional argument parameter value "
                     "object instance input type text bool int list dict number name "
                     "可选 参数 一个")
_MIN_ARG_WORDS = 2


def borrowed_parameter(text: str, subject: str, anchors: Sequence[SourceSpan],
                       spans: Sequence[SourceSpan]) -> str:
    """Why ``text`` gives the callable it is about (named in it, else ``subject``) an
    argument that is another callable's parameter ("" when it does not): the argument's
    words (two or more, generic ones aside) spell a parameter of another callable of
    ``spans``, share no word with a parameter of its own ("a secret key" may be its
    `key`), and one of them its definition never uses."""
    for pattern in (_TAKES_EN, _TAKES_ZH):
        for match in pattern.finditer(text):
            name = (match["name"] or subject).rsplit(".", 1)[-1]
            own = [s for s in anchors if s.kind in _CALLABLE and
                   s.symbol.rpartition(".")[2] == name]
            if not name or not own:
                continue
            mine = [words(p) for s in own for p in s.params]
            held = set().union(*(s.vocabulary for s in own))
            for piece in _ARG_SPLIT.split(match["args"]):
                said = words(piece) - _GENERIC_ARG
                if len(said) < _MIN_ARG_WORDS or any(said & p for p in mine) or \
                        said <= covered(said, held, abbreviations=False):
                    continue
                theirs = next((f"`{p}` of `{s.symbol.rpartition('.')[2]}`" for s in spans
                               if s.kind in _CALLABLE and s not in own for p in s.params
                               if said <= words(p)), "")
                if theirs:
                    listed = ", ".join(f"`{p}`" for p in own[0].params) or "none"
                    return (f"it gives `{name}` an argument ({piece.strip()}) that is "
                            f"{theirs}; `{name}` takes {listed}")
    return ""


_MIN_SUMMARY = 4
"""Content words a docstring summary must have before a sentence is said to repeat it."""
_REPEATED = 0.8
"""The share of another definition's summary words a sentence must use to repeat it."""


def anothers_summary(claim: set[str], anchors: Sequence[SourceSpan],
                     spans: Sequence[SourceSpan], named: set[str]) -> str:
    """Why a sentence about the definitions among ``anchors`` says what another one's
    docstring says of that other one ("`Job` is responsible for running jobs in the order
    they were added", where that is `JobQueue`'s summary, "Runs jobs in the order they
    were added."): it uses most of the other's summary words, and the summaries of its own
    definitions hold half of them or fewer. "" when it does not. A definition the unit
    names (``named``: last names) is one it speaks of, not another."""
    own = [a for a in anchors if a.kind in (*_CALLABLE, "class") and a.symbol]
    if not own:
        return ""
    owners = tuple(a.symbol + "." for a in own)
    # its own words: its summary and its members' (a class's `track` method may carry the
    # docstring of the module function `track` it stands behind)
    mine = set().union(*(words(summary(a)) for a in own),
                       *(words(summary(m)) for m in spans if m.symbol.startswith(owners)))
    for other in spans:
        name = other.symbol.rpartition(".")[2]
        if other.kind not in (*_CALLABLE, "class") or other in anchors or name in named \
                or other.symbol.startswith(owners) or any(
                    a.symbol.startswith(other.symbol + ".") for a in own):
            continue
        theirs = words(summary(other))
        if len(theirs) < _MIN_SUMMARY:
            continue
        used = covered(theirs, claim, abbreviations=False)
        if len(used) >= _REPEATED * len(theirs) and \
                2 * len(covered(used, mine, abbreviations=False)) <= len(used):
            return (f"it says what the docstring of `{name}` says of `{name}` "
                    f"(\"{summary(other)[:60]}\")")
    return ""
