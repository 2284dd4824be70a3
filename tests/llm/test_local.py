"""The embedded backend's checks that need no model (the model runs in tests/integration)."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest

from pse.errors import ConfigError, LLMError
from pse.llm.backends import BackendConfig
from pse.llm.local import INSTALL_HINT, LocalLLM, import_llama
from pse.llm.types import Message


def _local(model: str, tmp_path: Path) -> LocalLLM:
    return LocalLLM(BackendConfig("local", "local", model), cache_dir=tmp_path)


def test_local_rejects_parameters_llama_cpp_does_not_take(tmp_path: Path) -> None:
    with pytest.raises(LLMError, match=r"does not support the parameter\(s\) logprobs, n;"):
        _local("x.gguf", tmp_path).chat([Message.user("hi")], stage="planner", n=2,
                                        logprobs=True)


def test_local_missing_gguf_is_a_config_error_on_first_use(tmp_path: Path) -> None:
    llm = _local(str(tmp_path / "absent.gguf"), tmp_path)  # building the client is free
    with pytest.raises(ConfigError, match="absent.gguf', which is not a file"):
        llm.chat([Message.user("hi")], stage="planner")


def test_local_not_a_gguf_file_is_a_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed")
    bogus = tmp_path / "bogus.gguf"
    bogus.write_bytes(b"not a model at all")
    with pytest.raises(LLMError, match="cannot load .*bogus.gguf.*check that it is a GGUF"):
        _local(str(bogus), tmp_path).load()


def test_local_model_name_of_a_path_is_its_stem(tmp_path: Path) -> None:
    assert _local("/models/my-model.gguf", tmp_path).model_name == "my-model"
    assert _local("qwen2.5-coder-0.5b", tmp_path).model_name == "qwen2.5-coder-0.5b"


def test_import_llama_without_the_package_names_the_extra(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    real_import = builtins.__import__

    def no_llama(name: str, *args: object, **kwargs: object) -> object:
        if name == "llama_cpp":
            raise ImportError("No module named 'llama_cpp'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]  # passthrough

    monkeypatch.setattr(builtins, "__import__", no_llama)
    with pytest.raises(ImportError, match=r'pip install "pse\[local\]"') as exc:
        import_llama()
    assert str(exc.value) == INSTALL_HINT


def test_local_template_messages_pass_tool_arguments_as_objects() -> None:
    from pse.llm.local import _template_messages
    from pse.llm.types import ToolCall

    call = ToolCall("c1", "read_file", '{"path": "a.py"}')
    broken = ToolCall("c2", "read_file", "{oops")
    wire = _template_messages([Message.user("q"), Message.assistant("", tool_calls=[call, broken]),
                               Message.tool("c1", "text")])
    functions = [c["function"] for c in wire[1]["tool_calls"]]  # type: ignore[union-attr]
    assert functions == [{"name": "read_file", "arguments": {"path": "a.py"}},
                         {"name": "read_file", "arguments": "{oops"}]
    assert wire[2] == {"role": "tool", "content": "text", "tool_call_id": "c1"}
