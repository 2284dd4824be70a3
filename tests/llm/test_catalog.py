"""Model assembly from chunk packages: located without import, pinned, hash-checked."""

from __future__ import annotations

import hashlib
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.errors import ConfigError
from pse.llm.catalog import (
    MODELS,
    ModelPart,
    ModelSpec,
    assembled_path,
    ensure_model,
    is_assembled,
    is_model_path,
    resolve_model,
)

CHUNKS = [b"GGUF" + b"a" * 1000, b"b" * 700, b"c" * 10]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path holding three installed chunk packages (0.1.0)."""
    root = tmp_path / "site"
    for number, data in enumerate(CHUNKS, start=1):
        package = root / f"pse_test_chunk{number}"
        (package / "data").mkdir(parents=True)
        # importing the package would fail the test: assembly must only locate it
        (package / "__init__.py").write_text("raise RuntimeError('imported a chunk package')\n")
        (package / "data" / f"part{number:02d}.bin").write_bytes(data)
        info = root / f"pse_test_chunk{number}-0.1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: pse-test-chunk{number}\nVersion: 0.1.0\n")
    monkeypatch.syspath_prepend(str(root))
    importlib.invalidate_caches()
    yield root


def _spec(**overrides: object) -> ModelSpec:
    parts = tuple(ModelPart(f"pse-test-chunk{n}", "0.1.0", f"data/part{n:02d}.bin", len(data),
                            _sha(data)) for n, data in enumerate(CHUNKS, start=1))
    fields: dict[str, object] = {
        "name": "tiny", "description": "test model", "filename": "tiny.gguf",
        "size": sum(map(len, CHUNKS)), "sha256": _sha(b"".join(CHUNKS)), "parts": parts,
        "extra": "local"}
    fields.update(overrides)
    return ModelSpec(**fields)  # type: ignore[arg-type]


def test_ensure_model_assembles_once_without_importing_parts(site: Path, tmp_path: Path
                                                             ) -> None:
    spec = _spec()
    path = ensure_model(spec, cache_dir=tmp_path / "cache")
    assert path.read_bytes() == b"".join(CHUNKS)
    assert path == assembled_path(spec, cache_dir=tmp_path / "cache")
    assert is_assembled(spec, cache_dir=tmp_path / "cache")
    assert not any(name.startswith("pse_test_chunk") for name in sys.modules)
    assert sorted(p.name for p in path.parent.iterdir()) == ["tiny.gguf", "tiny.gguf.sha256"]
    mtime = path.stat().st_mtime_ns
    (site / "pse_test_chunk1" / "data" / "part01.bin").unlink()  # parts no longer needed
    assert ensure_model(spec, cache_dir=tmp_path / "cache").stat().st_mtime_ns == mtime


def test_ensure_model_rejects_a_tampered_chunk(site: Path, tmp_path: Path) -> None:
    (site / "pse_test_chunk2" / "data" / "part02.bin").write_bytes(b"X" * 700)
    with pytest.raises(ConfigError, match="chunk pse-test-chunk2/data/part02.bin has sha256"):
        ensure_model(_spec(), cache_dir=tmp_path / "cache")
    assert list((tmp_path / "cache" / "models").iterdir()) == []  # no partial file left


def test_ensure_model_rejects_a_wrong_whole_file_hash(site: Path, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"assembled model 'tiny' has sha256 .*reinstall"):
        ensure_model(_spec(sha256="0" * 64), cache_dir=tmp_path / "cache")


def test_ensure_model_reassembles_a_damaged_cache_file(site: Path, tmp_path: Path) -> None:
    spec = _spec()
    path = ensure_model(spec, cache_dir=tmp_path)
    path.write_bytes(b"truncated")
    assert not is_assembled(spec, cache_dir=tmp_path)
    assert ensure_model(spec, cache_dir=tmp_path).read_bytes() == b"".join(CHUNKS)


def test_ensure_model_missing_package_names_the_install_command(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"needs the package 'pse-test-chunk1', which is not "
                                          r"installed; run pip install \"pse\[local\]\""):
        ensure_model(_spec(), cache_dir=tmp_path)


def test_ensure_model_wrong_version_is_refused(site: Path, tmp_path: Path) -> None:
    parts = tuple(ModelPart(p.distribution, "0.2.0", p.relpath, p.size, p.sha256)
                  for p in _spec().parts)
    with pytest.raises(ConfigError, match=r"is version '0.1.0' .*expected '0.2.0'"):
        ensure_model(_spec(parts=parts), cache_dir=tmp_path)


def test_resolve_model_accepts_a_gguf_path_and_rejects_unknown_names(tmp_path: Path) -> None:
    own = tmp_path / "mine.gguf"
    own.write_bytes(b"GGUF")
    assert resolve_model(str(own), cache_dir=tmp_path) == own
    with pytest.raises(ConfigError, match="which is not a file"):
        resolve_model(str(tmp_path / "missing.gguf"), cache_dir=tmp_path)
    with pytest.raises(ConfigError, match="not a known model; choose one of qwen2.5-coder-0.5b"):
        resolve_model("llama-70b", cache_dir=tmp_path)
    assert is_model_path("~/models/x.gguf") and not is_model_path("qwen2.5-coder-0.5b")


def test_catalog_pins_are_consistent() -> None:
    for spec in MODELS.values():
        assert sum(part.size for part in spec.parts) == spec.size
        assert len({part.distribution for part in spec.parts}) == len(spec.parts)
        assert all(len(part.sha256) == 64 for part in spec.parts)
        assert all(req.count("==") == 1 for req in spec.requirements)


def test_catalog_parts_of_the_default_model_match_when_installed() -> None:
    spec = MODELS["qwen2.5-coder-0.5b"]
    if importlib.util.find_spec(spec.parts[0].module) is None:
        pytest.skip('the model packages are not installed (pip install "pse[local]")')
    from pse.llm.catalog import locate_parts

    files = locate_parts(spec)
    assert [f.stat().st_size for f in files] == [p.size for p in spec.parts]
    assert spec.parts[0].module not in sys.modules


def test_catalog_pins_match_the_pyproject_extras() -> None:
    import tomllib

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    extras = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    for spec in MODELS.values():
        pinned = [req for req in extras[spec.extra] if not req.startswith("llama-cpp-python")]
        assert pinned == spec.requirements
        assert any(req.startswith("llama-cpp-python[server]") for req in extras[spec.extra])
    assert "pse[local]" in extras["test"]
