"""SARIF 2.1.0 for code-scanning UIs: one result per unverified reference."""

from __future__ import annotations

import hashlib
import json

from pse import __version__
from pse.verify.check import CheckedReference

_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_RULES = {
    "symbol": ("PSE001", "unverified-symbol", "A code symbol that the source tree does not define"),
    "module": ("PSE002", "unverified-module", "A module that the source tree does not contain"),
    "path": ("PSE003", "unverified-path", "A file or folder that does not exist"),
    "path_line": ("PSE004", "unverified-line", "A file:line reference out of range"),
    "command": ("PSE005", "unverified-command", "A command naming a missing module"),
    "env_var": ("PSE006", "unverified-env-var", "An environment variable nothing reads"),
    "flag": ("PSE007", "unverified-flag", "A command-line option nothing defines"),
    "quote": ("PSE008", "misquoted-code", "A code block whose lines are not in the file it "
              "is attributed to"),
    "claim": ("PSE009", "false-claim", "A statement about the code (inheritance, location, "
              "kind, parameters, members, calls, raises) that the source contradicts"),
}


def render_sarif(checked: list[CheckedReference], *, lines_of: dict[str, list[str]]) -> str:
    """The SARIF log; ``lines_of`` maps a document to its lines (for fingerprints)."""
    results = []
    for item in checked:
        if item.result.status != "unverified":
            continue
        ref, result = item.ref, item.result
        rule_id = _RULES[ref.kind][0]
        text = lines_of.get(ref.file, [])
        line_text = text[ref.line - 1] if 0 < ref.line <= len(text) else ""
        # the reference text is part of the hash: two flags on one line are two alerts
        digest = hashlib.sha256(f"{ref.file}|{rule_id}|{line_text}|{ref.text}".encode()
                                ).hexdigest()
        message = f"{ref.text!r}: {result.message}"
        if ref.kind == "claim":
            message = f"false claim {ref.text!r}: {result.message}"
        if result.suggestion:
            message += f"; did you mean {result.suggestion!r}?"
        results.append({
            "ruleId": rule_id, "level": "error", "message": {"text": message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": ref.file},
                "region": {"startLine": ref.line}}}],
            "partialFingerprints": {"primaryLocationLineHash": digest},
        })
    rules = [{"id": rule_id, "name": name, "shortDescription": {"text": text}}
             for rule_id, name, text in sorted(_RULES.values())]
    log = {"$schema": _SCHEMA, "version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "pse", "version": __version__,
                            "informationUri": "https://pypi.org/project/pse/", "rules": rules}},
        "results": results}]}
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"
