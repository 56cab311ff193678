"""The server backend: any OpenAI-compatible chat-completions engine (DESIGN §8, §10).

llama.cpp's ``llama-server`` (``--parallel N``), vLLM or SGLang in production;
``python -m llama_cpp.server`` on a laptop and in the tests. The engine owns the card and
batches concurrent requests; an LLM worker on this backend holds no model and runs
several tasks at once (``contract-review worker llm --concurrency N``).

* The JSON schema of each call passes through the server's structured-output parameter,
  chosen by ``CR_LLM_STRUCTURED_OUTPUT``:

  ``json_object_schema`` (default)  ``response_format={"type": "json_object", "schema": S}``
                                    llama-cpp-python's server and llama-server
  ``json_schema``                   ``response_format={"type": "json_schema", "json_schema":
                                    {"name": "unit", "schema": S, "strict": true}}`` (vLLM,
                                    SGLang, llama-server)
  ``guided_json``                   ``guided_json=S`` (older vLLM)

* :meth:`OpenAIGenerator.check_server` asks ``GET /v1/models`` and refuses a server
  that does not serve the registry's model under the expected name, or whose reported
  context (vLLM's ``max_model_len``) is shorter than the registry's ``n_ctx``.
* Usage is read from the response (``prompt_tokens``, ``completion_tokens``) and, where
  the engine reports it, the prompt tokens served from its prefix cache
  (``usage.prompt_tokens_details.cached_tokens``, vLLM and llama-server; llama-server's
  ``timings.cache_n``).

One :class:`OpenAIGenerator` is safe to share between threads (one pooled httpx client).
"""

from __future__ import annotations

import time

import httpx

from pipelines.errors import GenerationError, ModelLoadError
from pipelines.generate import GenerationOutput
from worker.llm.registry import ModelSpec

__all__ = ["STRUCTURED_OUTPUT_MODES", "OpenAIGenerator", "cached_tokens_of"]

STRUCTURED_OUTPUT_MODES = ("json_object_schema", "json_schema", "guided_json")
_BASELINE_PROMPT = "请详细说明合同中违约金条款的作用、约定方式和法院调整违约金的规则，不少于三百字。"  # decodes the full max_tokens


def cached_tokens_of(body: dict) -> int | None:
    """Prompt tokens the engine served from its prefix cache, or ``None`` when the
    response does not say (llama-cpp-python's server never does)."""
    usage = body.get("usage") or {}
    details = usage.get("prompt_tokens_details") or {}
    if isinstance(details, dict) and details.get("cached_tokens") is not None:
        return int(details["cached_tokens"])
    timings = body.get("timings") or {}
    if isinstance(timings, dict) and timings.get("cache_n") is not None:
        return int(timings["cache_n"])
    return None


class OpenAIGenerator:
    """A model served by an OpenAI-compatible engine, behind :class:`pipelines.generate.Generator`.

    Args:
        spec: the registry entry (its name is the review's ``versions.model``; its
            sampling is sent with every call).
        base_url: the engine's root, e.g. ``http://vllm-gpu0:8000/v1``.
        served_name: the model id the engine serves (``CR_LLM_SERVED_MODEL``; default the
            registry name).
        structured_output: one of :data:`STRUCTURED_OUTPUT_MODES`.
        api_key: sent as a bearer token when set.
        timeout: seconds per request (a long generation on a busy engine).
        temperature: overrides the registry's temperature for calls that name none.
        max_connections: the most requests in flight from this process.

    Raises:
        ValueError: an unknown ``structured_output``.
    """

    backend = "openai"

    def __init__(self, spec: ModelSpec, base_url: str, *, served_name: str | None = None,
                 structured_output: str = "json_object_schema", api_key: str | None = None,
                 timeout: float = 600.0, temperature: float | None = None, max_connections: int = 32):
        if structured_output not in STRUCTURED_OUTPUT_MODES:
            raise ValueError(f"CR_LLM_STRUCTURED_OUTPUT must be one of {', '.join(STRUCTURED_OUTPUT_MODES)}, "
                             f"not {structured_output!r}")
        self.name = spec.name
        self.spec = spec
        self.base_url = base_url.rstrip("/")
        self.served_name = served_name or spec.name
        self.structured_output = structured_output
        self.temperature = spec.temperature if temperature is None else temperature
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(base_url=self.base_url, headers=headers, timeout=httpx.Timeout(timeout, connect=10),
                                  limits=httpx.Limits(max_connections=max_connections,
                                                      max_keepalive_connections=max_connections))

    def check_server(self) -> dict:
        """Ask the engine what it serves and refuse a mismatch with the registry.

        Returns:
            The ``/models`` entry of the served model.

        Raises:
            ModelLoadError: the engine is unreachable, does not serve ``served_name``,
                or reports a context shorter than the registry's ``n_ctx``.
        """
        try:
            r = self._http.get("/models", timeout=15)
            r.raise_for_status()
            models = r.json().get("data") or []
        except (httpx.HTTPError, ValueError) as exc:
            # unreachable or starting: worth retrying, unlike a server serving another model
            raise ModelLoadError(f"the LLM server at {self.base_url} cannot be asked for its models: {exc}",
                                 retryable=True) from exc
        served = {m.get("id"): m for m in models if isinstance(m, dict)}
        entry = served.get(self.served_name)
        if entry is None:
            raise ModelLoadError(f"the LLM server at {self.base_url} serves {sorted(served)}, not "
                                 f"{self.served_name!r} (registry model {self.name!r}); set CR_LLM_SERVED_MODEL "
                                 f"or start the server with that name")
        max_len = entry.get("max_model_len")
        if max_len is not None and int(max_len) < self.spec.n_ctx:
            raise ModelLoadError(f"the LLM server serves {self.served_name} with a context of {max_len} tokens, "
                                 f"below the registry's n_ctx {self.spec.n_ctx}")
        return entry

    def _body(self, messages: list[dict], schema: dict | None, max_tokens: int, temperature: float | None) -> dict:
        s = self.spec
        body = {"model": self.served_name, "messages": messages, "max_tokens": max_tokens,
                "temperature": self.temperature if temperature is None else temperature,
                "top_p": s.top_p, "top_k": s.top_k, "seed": s.seed}
        if self.structured_output == "json_object_schema":
            body["repeat_penalty"] = s.repeat_penalty  # llama-cpp-python / llama-server name
        else:
            body["repetition_penalty"] = s.repeat_penalty  # vLLM / SGLang name
        if schema is not None:
            if self.structured_output == "json_object_schema":
                body["response_format"] = {"type": "json_object", "schema": schema}
            elif self.structured_output == "json_schema":
                body["response_format"] = {"type": "json_schema",
                                           "json_schema": {"name": "unit", "schema": schema, "strict": True}}
            else:
                body["guided_json"] = schema
        return body

    def _post(self, body: dict) -> dict:
        try:
            r = self._http.post("/chat/completions", json=body)
        except httpx.HTTPError as exc:
            raise GenerationError(f"the LLM server at {self.base_url} failed: {exc.__class__.__name__}: {exc}",
                                  retryable=True) from exc
        if r.status_code >= 500 or r.status_code == 429:
            raise GenerationError(f"the LLM server answered {r.status_code}: {r.text[:200]}", retryable=True)
        if r.status_code >= 400:
            raise GenerationError(f"the LLM server refused the request ({r.status_code}): {r.text[:300]}")
        try:
            return r.json()
        except ValueError as exc:
            raise GenerationError(f"the LLM server answered non-JSON: {r.text[:200]}") from exc

    def complete(self, messages: list[dict], *, schema: dict, max_tokens: int,
                 temperature: float | None = None) -> GenerationOutput:
        """One chat completion under ``schema`` (see the module docstring for how the
        schema is passed). ``temperature=None`` uses ``CR_LLM_TEMPERATURE`` or the registry's.

        Raises:
            GenerationError: the server failed (``retryable`` for connection errors,
                429 and 5xx) or refused the request (4xx, e.g. a prompt over its context).
        """
        out = self._post(self._body(messages, schema, max_tokens, temperature))
        try:
            text = out["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError) as exc:
            raise GenerationError(f"the LLM server's answer has no message: {str(out)[:200]}") from exc
        usage = out.get("usage") or {}
        return GenerationOutput(text=text, prompt_tokens=int(usage.get("prompt_tokens", 0)),
                                completion_tokens=int(usage.get("completion_tokens", 0)),
                                cached_tokens=cached_tokens_of(out))

    def free_running(self, *, max_tokens: int = 128) -> dict:
        """Decode speed of the served model with no schema and a fixed prompt, through the
        same engine (one request; other requests in flight share the engine with it).

        Returns:
            ``{"prompt_tokens", "completion_tokens", "seconds", "tokens_per_second"}``.
        """
        t0 = time.perf_counter()
        out = self._post(self._body([{"role": "user", "content": _BASELINE_PROMPT}], None, max_tokens, 0.0))
        dt = time.perf_counter() - t0
        usage = out.get("usage") or {}
        n = int(usage.get("completion_tokens", 0))
        return {"prompt_tokens": int(usage.get("prompt_tokens", 0)), "completion_tokens": n,
                "seconds": round(dt, 3), "tokens_per_second": round(n / dt, 2) if dt else None}

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()
