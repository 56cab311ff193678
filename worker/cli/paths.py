"""``paths``: where this installation keeps its data (statute index, models, database),
and :func:`data_dir_note`, the line other commands print about it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from worker.cli.common import _errors, _safe, out
from worker.settings import LEGACY_DATA_DIR, Settings, get_settings


def data_dir_note(settings: Settings) -> str:
    """One line saying which data directory is in use and why.

    Args:
        settings: the process settings.

    Returns:
        e.g. ``data directory /home/u/.local/share/contract-review (per-user default;
        CR_DATA_DIR moves it)``, plus a hint when the working directory holds an
        earlier version's ``./.contract-review`` that is not in use.
    """
    where = settings.data_dir.absolute()
    why = "CR_DATA_DIR" if settings.data_dir_from_env else "per-user default; CR_DATA_DIR moves it"
    line = f"data directory {where} ({why})"
    legacy = LEGACY_DATA_DIR.absolute()
    if legacy != where and (legacy / "index").is_dir():
        line += (f"; {legacy} holds data of an earlier version (the default was once relative to the "
                 f"working directory): CR_DATA_DIR={legacy} uses it")
    return line


def describe(settings: Settings) -> dict:
    """Where each kind of data lives and what is there.

    Args:
        settings: the process settings.

    Returns:
        ``{"data_dir", "data_dir_from": "CR_DATA_DIR"|"default", "database" (URL, password
        hidden), "index_dir", "index_version" (None before the first build), "models_dir",
        "models_installed" (registry names whose file is present), "model" (CR_MODEL),
        "model_registry", "models_file"}``; paths as absolute strings.

    Raises:
        pipelines.errors.ModelLoadError: the registry (or CR_MODELS_FILE) cannot be read.
    """
    from sqlalchemy.engine import make_url

    from knowledge.build import current_version
    from worker.llm import load_registry

    registry = load_registry(settings.model_registry, settings.models_file)
    models_root = settings.models_root
    return {
        "data_dir": str(settings.data_dir.absolute()),
        "data_dir_from": "CR_DATA_DIR" if settings.data_dir_from_env else "default",
        "database": make_url(settings.db_url).render_as_string(hide_password=True),
        "index_dir": str(settings.index_root),
        "index_version": current_version(settings.index_root),
        "models_dir": str(models_root),
        "models_installed": [name for name, spec in registry.items() if (models_root / spec.file).is_file()],
        "model": settings.model,
        "model_registry": str(Path(settings.model_registry).absolute()),
        "models_file": str(Path(settings.models_file).absolute()) if settings.models_file else None,
    }


def paths(as_json: Annotated[bool, typer.Option("--json", help="Print the paths as one JSON object.")] = False) -> None:
    """Show where the statute index, the models and the database are (CR_DATA_DIR, by
    default a per-user folder, the same from every working directory).

    Example: contract-review paths
    """
    settings = get_settings()
    with _errors():
        info = describe(settings)
    if as_json:
        print(json.dumps(info, ensure_ascii=False))
        return
    out.print(_safe(data_dir_note(settings)), highlight=False, soft_wrap=True)
    version = info["index_version"] or "none yet (built on the first review or by `contract-review kb build`)"
    installed = ", ".join(info["models_installed"]) or "none (`contract-review models install`)"
    for label, value in (("database", info["database"]), ("statute index", f"{info['index_dir']} — {version}"),
                         ("models", f"{info['models_dir']} — installed: {installed}; CR_MODEL {info['model']}"),
                         ("model registry", info["model_registry"] + (f" + {info['models_file']}"
                                                                      if info["models_file"] else ""))):
        out.print(f"{label:<15} {_safe(value)}", highlight=False, soft_wrap=True)
