"""JSON schemas of the tools, in the OpenAI function-calling format.

The schemas are data: :func:`tool_schemas` builds them for a sandbox's settings (the
``run_command`` description lists the commands actually allowed, and the tool is left out
when none are), and :func:`check_arguments` validates a call against them before anything
runs, so a malformed call gets an ``invalid-arguments`` message instead of an exception.
"""

from __future__ import annotations

from collections.abc import Mapping

from pse.tools.outcome import ToolCallFailed
from pse.tools.settings import ToolSettings

JsonObject = dict[str, object]

_PATH = {"type": "string", "description": "A path relative to the project root (or an "
         "absolute path inside a project root). No '~', no shell syntax."}
_PARAMETERS: dict[str, JsonObject] = {
    "read_file": {
        "type": "object",
        "properties": {
            "path": _PATH,
            "start": {"type": "integer", "minimum": 1,
                      "description": "First line to show (1-based, default 1)."},
            "end": {"type": ["integer", "null"], "minimum": 1,
                    "description": "Last line to show, inclusive (default: end of file)."},
        },
        "required": ["path"],
        "additionalProperties": False,
    },
    "list_dir": {
        "type": "object",
        "properties": {"path": {**_PATH, "description": "Folder to list (default '.')."}},
        "required": [],
        "additionalProperties": False,
    },
    "grep": {
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "description": "Python regular expression, "
                        "matched per line; prefix (?i) to ignore case."},
            "glob": {"type": ["string", "null"], "description": "Only files whose path "
                     "matches, e.g. '*.py' or 'src/**/*.md'."},
            "path": {"type": ["string", "null"], "description": "Folder or file to search "
                     "(default: the whole project)."},
        },
        "required": ["pattern"],
        "additionalProperties": False,
    },
    "run_command": {
        "type": "object",
        "properties": {"argv": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                                "description": "Program and arguments as a list; no shell: "
                                "quotes, pipes, ';', '$(...)' and globs are passed "
                                "literally."}},
        "required": ["argv"],
        "additionalProperties": False,
    },
}
_DESCRIPTIONS = {
    "read_file": "Read lines of a text file in the project, numbered. Long files are cut "
                 "with a notice saying how to read the rest.",
    "list_dir": "List a folder of the project: sub-folders end in '/', files show their "
                "size, unreadable entries (secrets, special files, links leading out) are "
                "marked.",
    "grep": "Search the project's text files for a regular expression; returns "
            "'path:line: text' lines and a summary.",
    "run_command": "Run one read-only command in the project root, without a shell, and "
                   "return its output and exit code. Allowed: {allowed}. Options are "
                   "limited to read-only ones; anything else is refused with a reason.",
}


def tool_names() -> tuple[str, ...]:
    """Every tool the sandbox provides."""
    return tuple(_PARAMETERS)


def tool_schemas(settings: ToolSettings | None = None) -> list[JsonObject]:
    """The function-calling schemas for ``settings`` (``run_command`` only if enabled)."""
    return [{"type": "function", "function": {
        "name": name, "description": description, "parameters": _PARAMETERS[name]}}
        for name, description in _descriptions(settings).items()]


def tool_descriptions(settings: ToolSettings | None = None) -> list[str]:
    """The description of each tool its schema sends a model: our words, which a reply
    may copy into what it writes. (Its parameters' descriptions are short generic phrases,
    "A path relative to the project root", that a true sentence may share.)"""
    return list(_descriptions(settings).values())


def _descriptions(settings: ToolSettings | None) -> dict[str, str]:
    """Each tool ``settings`` enables (``run_command`` only with commands allowed) and its
    description, the allowed commands filled in."""
    settings = settings or ToolSettings()
    allowed = ", ".join(f"'{name}'" for name in settings.allow_commands)
    return {name: _DESCRIPTIONS[name].format(allowed=allowed) for name in _PARAMETERS
            if name != "run_command" or settings.allow_commands}


def check_arguments(name: str, arguments: Mapping[str, object]) -> None:
    """Validate ``arguments`` of tool ``name`` against its schema.

    Raises:
        ToolCallFailed: ``unknown-tool`` or ``invalid-arguments``, saying what is wrong.
    """
    if name not in _PARAMETERS:
        raise ToolCallFailed("unknown-tool", f"there is no tool {name!r}; the tools are "
                             f"{', '.join(_PARAMETERS)}")
    schema = _PARAMETERS[name]
    properties = schema["properties"]
    assert isinstance(properties, dict)
    required = schema["required"]
    assert isinstance(required, list)
    unknown = sorted(set(arguments) - set(properties))
    missing = sorted(set(required) - set(arguments))
    if unknown or missing:
        raise ToolCallFailed("invalid-arguments", f"{name} takes {', '.join(properties)}; "
                             f"unknown: {unknown or 'none'}, missing: {missing or 'none'}")
    for key, value in arguments.items():
        spec = properties[key]
        assert isinstance(spec, dict)
        if not _matches(spec, value):
            raise ToolCallFailed("invalid-arguments", f"{name}: {key!r} must be "
                                 f"{_type_text(spec)}, got {value!r:.80}")


def _matches(spec: Mapping[str, object], value: object) -> bool:
    kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
    for kind in kinds:
        if kind == "null" and value is None:
            return True
        if kind == "string" and isinstance(value, str):
            return True
        if kind == "integer" and isinstance(value, int) and not isinstance(value, bool):
            return value >= int(str(spec.get("minimum", value)))
        if kind == "array" and isinstance(value, list) and value:
            return all(isinstance(item, str) for item in value)
    return False


def _type_text(spec: Mapping[str, object]) -> str:
    kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
    words = {"string": "a string", "integer": "an integer >= 1", "null": "null",
             "array": "a non-empty list of strings"}
    return " or ".join(words[str(kind)] for kind in kinds)
