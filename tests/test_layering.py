"""Import layering: index/verify/report stay free of LLMs, agents and the CLI library.

Imports are read with ``ast`` (nothing is imported), including imports inside functions,
so a lazy ``import openai`` in a checker would be caught too.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pse

PACKAGE = Path(pse.__file__).parent
PURE_LAYERS = ("index", "verify", "cv", "report")
"""``cv`` (facts of CVs) is core like ``verify``: it imports no LLM, agent or CLI library."""

FORBIDDEN_IN_PURE_LAYERS = (
    "click", "openai", "httpx", "llama_cpp", "pse.cli", "pse.llm", "pse.pipeline", "pse.tools",
    "pse.tasks", "pse.integrations", "pse.rag",
    # agent frameworks
    "langchain", "langchain_core", "langgraph", "llama_index", "crewai", "autogen",
    "pydantic_ai", "smolagents", "openai_agents", "agents",
)


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import in a file of the ``pse`` package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(("pse", *path.relative_to(PACKAGE).parent.parts))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:  # ``from pse import cli`` imports pse.cli
                yield node.lineno, f"{module}.{alias.name}"


def _modules(*layers: str) -> list[Path]:
    roots = [PACKAGE / layer for layer in layers] if layers else [PACKAGE]
    return sorted(path for root in roots for path in root.rglob("*.py"))


def _is(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _violations(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(PACKAGE.parent)}:{line}: {module}"
            for path in paths for line, module in _imports(path)
            if any(_is(module, prefix) for prefix in forbidden)]


def test_layering_pure_layers_exist() -> None:
    for layer in PURE_LAYERS:
        assert _modules(layer), layer
    assert not (PACKAGE / "verify" / "resume").exists()


@pytest.mark.parametrize("layer", PURE_LAYERS)
def test_layering_pure_layers_import_no_llm_agent_or_cli(layer: str) -> None:
    assert _violations(_modules(layer), FORBIDDEN_IN_PURE_LAYERS) == []


def test_layering_index_imports_nothing_above_it() -> None:
    above = ("pse.verify", "pse.report")
    assert _violations(_modules("index"), above) == []


def test_layering_verify_does_not_import_report() -> None:
    assert _violations(_modules("verify"), ("pse.report",)) == []


def test_layering_verify_and_cv_do_not_import_each_other_beyond_findings() -> None:
    # cv uses verify's Finding type only; verify knows nothing of CVs.
    assert _violations(_modules("verify"), ("pse.cv",)) == []
    cv_imports = {module for path in _modules("cv") for _, module in _imports(path)
                  if _is(module, "pse.verify")}
    assert cv_imports <= {"pse.verify.finding", "pse.verify.finding.Evidence",
                          "pse.verify.finding.Finding", "pse.verify.finding.VerifyResult"}
    assert _violations(_modules("cv"), ("pse.report",)) == []


def test_layering_click_only_in_the_cli() -> None:
    outside = [p for p in _modules() if p.relative_to(PACKAGE).parts[0] != "cli"]
    assert _violations(outside, ("click",)) == []


def test_layering_openai_only_in_the_openai_compatible_backend() -> None:
    allowed = PACKAGE / "llm" / "openai_compat.py"
    others = [p for p in _modules() if p != allowed]
    assert _violations(others, ("openai",)) == []


def test_layering_llama_cpp_and_httpx_only_in_the_llm_layer() -> None:
    outside = [p for p in _modules() if p.relative_to(PACKAGE).parts[0] != "llm"]
    assert _violations(outside, ("llama_cpp", "httpx")) == []


def test_layering_the_checker_finds_a_violation(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "pse"
    (fake / "verify").mkdir(parents=True)
    (fake / "verify" / "bad.py").write_text(
        "from __future__ import annotations\n\n\ndef f():\n    from ..llm import client\n"
        "    import openai\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert _violations(_modules("verify"), FORBIDDEN_IN_PURE_LAYERS) == [
        "pse/verify/bad.py:5: pse.llm", "pse/verify/bad.py:5: pse.llm.client",
        "pse/verify/bad.py:6: openai"]


FRAMEWORKS = {"langgraph": ("langgraph", "langchain", "langchain_core"),
              "llamaindex": ("llama_index", "workflows"),
              "crewai": ("crewai",)}
"""Each optional agent framework and the module of ``pse.integrations`` that may import it."""


def test_layering_nothing_outside_integrations_imports_them() -> None:
    outside = [p for p in _modules() if p.relative_to(PACKAGE).parts[0] != "integrations"]
    assert _violations(outside, ("pse.integrations",)) == []


def test_layering_each_framework_only_in_its_adapter() -> None:
    assert {p.stem for p in _modules("integrations")} >= set(FRAMEWORKS)
    for adapter, modules in FRAMEWORKS.items():
        others = [p for p in _modules() if p != PACKAGE / "integrations" / f"{adapter}.py"]
        assert _violations(others, modules) == [], adapter


def test_layering_integrations_take_tasks_and_never_the_cli() -> None:
    assert _violations(_modules("integrations"), ("pse.cli", "pse.tasks", "click")) == []


def test_layering_text_is_a_leaf() -> None:
    ours = [p for p in _modules("text")]
    assert ours
    assert [v for v in _violations(ours, ("pse",)) if ": pse.text" not in v] == []
