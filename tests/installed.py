"""Where ``scripts/install.sh`` put the models (``contract-review models install``).

Read when the tests are collected, before the autouse ``clean_env`` fixture points
``CR_DATA_DIR`` at a temporary folder: the data directory the caller's shell names
(``CR_MODELS_DIR``, ``CR_DATA_DIR``), else the per-user default, else an older
checkout's ``./.contract-review`` (the default before it became per-user). Tests only
read models from there; they never write into it.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _candidates() -> list[Path]:
    from worker.settings import default_data_dir

    dirs = []
    if os.environ.get("CR_MODELS_DIR"):
        dirs.append(Path(os.environ["CR_MODELS_DIR"]))
    if os.environ.get("CR_DATA_DIR"):
        dirs.append(Path(os.environ["CR_DATA_DIR"]) / "models")
    return [*dirs, default_data_dir() / "models", REPO / ".contract-review" / "models"]


_CANDIDATES = _candidates()


def installed_gguf(file: str) -> Path:
    """The installed model file ``file`` (a registry entry's ``file``).

    Returns:
        The first candidate folder's path that exists, else the per-user default's
        (which does not exist: callers skip on ``not path.is_file()``).
    """
    for folder in _CANDIDATES:
        if (folder / file).is_file():
            return (folder / file).absolute()
    return _CANDIDATES[-2] / file
