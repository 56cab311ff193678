"""The in-process backend: llama-cpp-python (the embedded default; DESIGN §8, §10).

:class:`LlamaGenerator` loads a verified GGUF once per process, refuses a file whose GGUF
metadata disagrees with the registry, and implements :class:`pipelines.generate.Generator`.
llama.cpp is not thread-safe: one instance per process, one call at a time (a lock
enforces it), so an LLM worker on this backend runs with ``--concurrency 1``.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pipelines.errors import GenerationError, ModelLoadError
from pipelines.generate import GenerationOutput
from worker.llm.registry import ModelSpec, check_metadata, sha256_file

__all__ = ["LlamaGenerator"]

_BASELINE_PROMPT = "请详细说明合同中违约金条款的作用、约定方式和法院调整违约金的规则，不少于三百字。"  # decodes the full max_tokens


class LlamaGenerator:
    """A llama.cpp model behind :class:`pipelines.generate.Generator`.

    Args:
        spec: the registry entry.
        path: the GGUF file.
        n_threads: CPU threads for llama.cpp (see docs/deploy.md on co-located workers).
        verify: check sha256 before loading (default True; the file is untrusted).
        temperature: overrides the registry's sampling temperature for calls that do not
            name one (``CR_LLM_TEMPERATURE``; 0 for greedy, reproducible output).

    Raises:
        ModelLoadError: missing file, sha256 or metadata mismatch, llama.cpp load failure.
    """

    backend = "llamacpp"

    def __init__(self, spec: ModelSpec, path: Path, *, n_threads: int | None = None, verify: bool = True,
                 temperature: float | None = None):
        self.name = spec.name
        self.temperature = spec.temperature if temperature is None else temperature
        self.spec = spec
        path = Path(path)
        if not path.exists():
            raise ModelLoadError(f"model file {path} not found; run `contract-review models install {spec.name}`")
        if verify and sha256_file(path) != spec.sha256:
            raise ModelLoadError(f"model file {path} fails its sha256 check; delete it and reinstall")
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ModelLoadError("llama-cpp-python is not installed; run scripts/install.sh") from exc
        try:
            self._llm = Llama(
                model_path=str(path), n_ctx=spec.n_ctx, n_gpu_layers=spec.n_gpu_layers,
                n_threads=n_threads, chat_format=spec.chat_format or None,
                lora_path=spec.lora_path or None, seed=spec.seed, verbose=False,
            )
        except (ValueError, RuntimeError) as exc:
            raise ModelLoadError(f"llama.cpp could not load {path}: {exc}") from exc
        try:
            check_metadata(spec, dict(self._llm.metadata))
        except ModelLoadError:
            self._llm.close()
            raise
        self._lock = threading.Lock()

    def complete(self, messages: list[dict], *, schema: dict, max_tokens: int,
                 temperature: float | None = None) -> GenerationOutput:
        """Complete chat messages under a JSON schema (``response_format`` json_object +
        schema; the OpenAI ``json_schema`` form is ignored by llama-cpp-python).
        ``temperature`` overrides the registry's (0 for greedy extraction); ``None`` uses
        ``CR_LLM_TEMPERATURE`` when set, else the registry's.

        Raises:
            GenerationError: the prompt exceeds the context or llama.cpp fails.
        """
        s = self.spec
        with self._lock:
            try:
                out = self._llm.create_chat_completion(
                    messages=messages,
                    response_format={"type": "json_object", "schema": schema},
                    max_tokens=max_tokens, temperature=self.temperature if temperature is None else temperature,
                    top_p=s.top_p, top_k=s.top_k,
                    repeat_penalty=s.repeat_penalty, seed=s.seed,
                )
            except (ValueError, RuntimeError) as exc:
                raise GenerationError(f"llama.cpp generation failed: {exc}") from exc
        usage = out.get("usage", {})
        return GenerationOutput(
            text=out["choices"][0]["message"]["content"] or "",
            prompt_tokens=int(usage.get("prompt_tokens", 0)),
            completion_tokens=int(usage.get("completion_tokens", 0)),
        )

    def free_running(self, *, max_tokens: int = 128) -> dict:
        """Decode speed of this model with no grammar and a fixed prompt: the baseline a
        review's tokens/s is compared with (same instance, same machine, same run).

        Returns:
            ``{"prompt_tokens", "completion_tokens", "seconds", "tokens_per_second"}``.
        """
        with self._lock:
            t0 = time.perf_counter()
            out = self._llm.create_chat_completion(messages=[{"role": "user", "content": _BASELINE_PROMPT}],
                                                   max_tokens=max_tokens, temperature=0.0)
            dt = time.perf_counter() - t0
        usage = out.get("usage", {})
        n = int(usage.get("completion_tokens", 0))
        return {"prompt_tokens": int(usage.get("prompt_tokens", 0)), "completion_tokens": n,
                "seconds": round(dt, 3), "tokens_per_second": round(n / dt, 2) if dt else None}

    def close(self) -> None:
        """Free the model (llama.cpp memory is only fully released at process exit)."""
        self._llm.close()
