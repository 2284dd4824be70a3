"""All-capitals words: a plain value (``HTTP``, ``NULL``, ``GET``) or a constant's name?

A short all-capitals word the tree does not define is most often a value the text
mentions: a protocol, a format, an HTTP method, a log level, a literal of another
language. The resolver sets such words aside (:data:`UPPER_WORD`) and ``--strict``
leaves them there. The default mode gives the ones that are no plain value to intent
like any other name, since a model that invents a sentinel writes it the same way
(``DEFAULT`` for a package whose sentinel is ``NOTHING``): the evidence then decides.
Pure functions over strings.
"""

from __future__ import annotations

import re

UPPER_WORD = "upper-case word not defined in the tree"
"""The resolver's message for an all-capitals word it sets aside as a value."""

_UPPER_WORD = re.compile(r"[A-Z]{2,8}")
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")

PLAIN_VALUES = frozenset({
    # literals of other languages and formats
    "NULL", "NIL", "NONE", "TRUE", "FALSE", "NAN", "INF", "UNDEFINED", "VOID",
    # HTTP methods and status words
    "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "OK",
    # log levels
    "DEBUG", "INFO", "WARN", "WARNING", "ERROR", "CRITICAL", "FATAL", "NOTSET", "NOTICE",
    # protocols, formats, encodings and other acronyms of prose
    "HTTP", "HTTPS", "FTP", "SMTP", "IMAP", "SSH", "TCP", "UDP", "DNS", "SSL", "TLS",
    "URL", "URI", "URN", "API", "ABI", "CLI", "GUI", "TUI", "UI", "SDK", "IDE", "REPL",
    "JSON", "JSONL", "XML", "HTML", "CSS", "YAML", "TOML", "INI", "CSV", "TSV", "SQL",
    "PDF", "PNG", "JPEG", "JPG", "GIF", "SVG", "ZIP", "GZIP", "TAR", "MIME",
    "UTF", "ASCII", "ANSI", "BOM", "EOF", "EOL", "CR", "LF", "CRLF", "TAB",
    "UTC", "GMT", "ISO", "RFC", "PEP", "IEEE", "UUID", "GUID", "ID", "PID", "UID", "GID",
    "CPU", "GPU", "RAM", "IO", "OS", "TTY", "PTY", "STDIN", "STDOUT", "STDERR",
    "REST", "RPC", "GRPC", "JWT", "CORS", "CSRF", "XSS", "WSGI", "ASGI", "ORM", "DB",
    "AST", "CST", "DSL", "DOM", "JS", "TS", "PY", "CI", "CD", "VCS", "PR", "MR",
    "README", "TODO", "FIXME", "XXX", "NOTE", "MIT", "BSD", "GPL", "LGPL", "AGPL",
    "AND", "OR", "NOT", "XOR", "IF", "ELSE", "THEN", "END", "SELECT", "FROM", "WHERE",
    "AM", "PM", "AWS", "GCP", "ENV", "PATH", "HOME", "USER", "SHELL", "TERM", "LANG",
})
"""Words that are values or acronyms of prose wherever they appear: never flagged."""


def is_upper_word(name: str) -> bool:
    """``HTTP``, ``DEFAULT``: a short all-capitals word (no digits, no underscores)."""
    return bool(_UPPER_WORD.fullmatch(name))


def is_plain_value(name: str) -> bool:
    """True for a word of :data:`PLAIN_VALUES` (an acronym or value of prose)."""
    return name in PLAIN_VALUES


def constant_words(name: str) -> list[str]:
    """The lower-case words of a constant-case name (``DEFAULT_INDENT``: default, indent);
    [] for any other name."""
    if not _CONSTANT.fullmatch(name):
        return []
    return [word.lower() for word in name.split("_") if word.isalpha()]
