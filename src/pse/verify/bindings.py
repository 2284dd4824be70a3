"""What a document's own examples bind, applied to every reference of that document.

A document is read as one program: ``app = Flask(__name__)`` in one block makes
``app.route`` in a later block, and in the prose, a reference to ``Flask.route``;
``from pendulum import DateTime`` makes a prose ``DateTime`` name ``pendulum.DateTime``;
``def get_user()`` makes ``get_user`` the example's own name, not the project's.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pse.verify.refs import Reference


@dataclass
class Bindings:
    """Names bound by the examples of one document (the first binding of a name wins)."""

    imports: dict[str, str] = field(default_factory=dict)
    """alias -> absolute dotted target (``np`` -> ``numpy``, ``Flask`` -> ``flask.Flask``)."""
    instances: dict[str, str] = field(default_factory=dict)
    """variable -> the class it was constructed from, absolute when imported."""
    locals: set[str] = field(default_factory=set)
    """Names the examples define or assign (imports excluded)."""
    words: set[str] = field(default_factory=set)
    """Keyword-argument names and string keys the examples use (``bind(user_id=1)``)."""
    called: set[str] = field(default_factory=set)
    """Bare names the examples call without importing or defining them (``get_user()``)."""
    constants: set[str] = field(default_factory=set)
    """Constant-style names the examples use without importing or defining them
    (``move_on_after(CLEANUP_TIMEOUT)``): the reader's own settings."""
    members: set[str] = field(default_factory=set)
    """Methods the examples call on values of their own (``conn.send_hello_msg()`` where
    ``conn`` is the example's): names the document's own code provides."""
    results: dict[str, str] = field(default_factory=dict)
    """variable -> the callable whose result it holds, absolute when imported
    (``resp = urllib3.request(...)`` gives ``resp`` -> ``urllib3.request``)."""
    classes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """class -> its bases as written, for every undecorated ``class`` statement of the
    examples (a decorated one applies an API: ``@dataclass class Person``)."""
    used: set[str] = field(default_factory=set)
    """Every name the examples read (``Name`` loads): what makes a class theirs to use."""

    @property
    def restated(self) -> dict[str, tuple[str, ...]]:
        """Classes the examples write out but never use: in a text about a project, its
        own classes quoted (``class Schema(MutableMapping):`` and an attribute), not code
        of the reader's; a class an example builds, calls or reads is the example's."""
        return {name: bases for name, bases in self.classes.items() if name not in self.used}

    def merge(self, other: Bindings) -> None:
        """Add ``other``'s names to these (names already bound keep their meaning)."""
        for alias, target in other.imports.items():
            self.imports.setdefault(alias, target)
        for name, cls in other.instances.items():
            self.instances.setdefault(name, cls)
        for name, callee in other.results.items():
            self.results.setdefault(name, callee)
        self.locals |= other.locals
        self.words |= other.words
        self.called |= other.called
        self.constants |= other.constants
        self.members |= other.members
        for name, bases in other.classes.items():
            self.classes.setdefault(name, bases)
        self.used |= other.used

    @property
    def imported_tops(self) -> frozenset[str]:
        """Top-level modules the examples import."""
        return frozenset(target.split(".")[0] for target in self.imports.values())


def rebind(ref: Reference, bindings: Bindings) -> Reference:
    """``ref`` with its first name part resolved through the document's bindings."""
    if ref.kind not in ("symbol", "module") or ref.in_file or ref.ignored:
        return ref
    root, dot, rest = ref.name.partition(".")
    target = bindings.imports.get(root)
    if target is None and dot and root not in bindings.imports:
        target = bindings.instances.get(root)
    if target is None or target == root:
        return ref
    return replace(ref, name=f"{target}{dot}{rest}")


def local_reason(ref: Reference, bindings: Bindings) -> str:
    """Why ``ref`` names the document's own example code ("" when it does not)."""
    if ref.kind != "symbol" or ref.in_file:
        return ""
    root, dot, _ = ref.name.partition(".")
    if dot and root in bindings.instances:
        return ""  # ``session.reopen``: a member of the class it was constructed from
    if root in bindings.locals and root not in bindings.imports:
        return "defined by an example in this document"
    if ref.name in bindings.words:
        return "a keyword or key used by an example in this document"
    return ""
