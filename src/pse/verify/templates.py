"""Template syntax (Jinja, Django, Nunjucks, Liquid) in documents: not Python references.

Template blocks (```` ```jinja ````, ``.. code-block:: html+jinja``) and inline spans with
``{% %}``/``{{ }}`` name tags (``{% trans %}``), filters (``{{ x|truncate }}``) and tests
(``{% if x is odd %}``) of the template engine, and variables of the template's context
(``loop``, ``user.name``). Only the engine's own words are references: they are checked
against the tree when it is a template engine itself (its source defines the tags and
filters as strings, as Jinja does); otherwise they are reported as ``ignored``.
"""

from __future__ import annotations

import re

from pse.verify.refs import Reference

TEMPLATE_FENCES = frozenset({
    "jinja", "jinja2", "j2", "html+jinja", "html+jinja2", "django", "htmldjango",
    "html+django", "twig", "nunjucks", "njk", "liquid", "jinja+html", "sls"})
"""Fence and code-block languages of template engines."""
_TAG = re.compile(r"\{%-?\s*(?:end)?([A-Za-z_]\w*)")
_FILTER = re.compile(r"\|\s*([A-Za-z_]\w*)")
_TEST = re.compile(r"\bis\s+(?:not\s+)?([A-Za-z_]\w*)")
_EXPRESSION = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
ENGINE_WORDS = frozenset({"extends", "block", "include", "macro", "filter", "import", "set",
                          "with", "autoescape", "endblock", "endfor"})
"""Tags every Jinja-like engine defines: a tree that has most of them as strings is one."""


def is_template(text: str) -> bool:
    """True when a span holds template syntax (``{% if %}``, ``{{ user.name }}``)."""
    return "{%" in text or "{{" in text or "{#" in text


def template_refs(code: str, *, file: str, first_line: int) -> list[Reference]:
    """The engine words (tags, filters, tests) of a template block or span."""
    refs: list[Reference] = []
    for number, line in enumerate(code.splitlines(), start=first_line):
        for expression in _EXPRESSION.findall(line):
            for kind, pattern in (("tag", _TAG), ("filter", _FILTER), ("test", _TEST)):
                for name in pattern.findall(expression):
                    refs.append(Reference(file=file, line=number, text=name, name=name,
                                          kind="symbol", origin="code", template=kind))
    return refs


_DEFINES = re.compile(r"\{%-?\s*(?:macro|set|call|for)\s+([A-Za-z_]\w*)")


def template_bindings(code: str) -> set[str]:
    """Names a template example defines: macros, ``set`` and loop variables."""
    return set(_DEFINES.findall(code))
