"""``contract-review bench chain``: a fleet benchmark (DESIGN §12, issue 10).

Starts a worker layout on this machine — ``W`` cpu workers, ``L`` LLM workers on
either backend (in process: each worker holds the model; ``openai``: the workers send
concurrent requests to one OpenAI-compatible engine, started here with
``python -m llama_cpp.server`` unless ``--base-url`` names a running one), optionally a
busy cpu process beside them — pushes ``N`` documents through the real chain
(:func:`worker.bench.chain.run_chain_bench`) against the deployment's configured
PostgreSQL, Redis and S3, and stops what it started.

Figures (JSON): documents/hour, latency p50/p95, queue wait and seconds per stage and per
``generate`` unit, the LLM busy fraction, the engine's generated tokens/s while busy
against its free-running tokens/s measured in the same run (no schema, same engine, the
layout idle), prompt tokens per contract against the whole contract in one prompt, and
the prefix-cache hit rate where the backend reports it (vLLM and llama-server in
``usage``; ``llama_cpp.server`` in its log's ``prefix-match hit`` lines, parsed here).

Threads and affinity on a small machine (``--llm-threads``, ``--llm-cpus``,
``--busy-cpus``): llama.cpp with threads = cores collapses when another process competes
for a core (its threads wait for the slowest at every layer), so a co-located LLM
process should get its own cores (``taskset``) and as many threads as it has cores.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from worker.bench.chain import run_chain_bench
from worker.settings import Settings, get_settings

__all__ = ["Layout", "run_fleet_bench", "whole_contract_prompt_tokens"]

_BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Layout:
    """One worker layout.

    Attributes:
        cpu_workers: cpu worker processes (queues ingest, cpu, webhooks; one task each).
        llm_workers: LLM worker processes (queue ``llm.<model>``).
        backend: ``llamacpp`` or ``openai``.
        llm_concurrency: tasks per LLM worker (``openai``; 1 in process).
        llm_threads: llama.cpp threads per model copy (each in-process worker, or the engine).
        llm_cpus: ``taskset -c`` list for the LLM workers (in process) or the engine.
        busy_cpu: run a busy cpu process (rules-only reviews in a loop) beside them.
        busy_cpus: ``taskset -c`` list for the busy process.
        base_url: a running OpenAI-compatible engine (``openai``; else one is started).
    """

    cpu_workers: int = 1
    llm_workers: int = 1
    backend: str = "llamacpp"
    llm_concurrency: int = 2
    llm_threads: int = 2
    llm_cpus: str | None = None
    busy_cpu: bool = False
    busy_cpus: str | None = None
    base_url: str | None = None


@dataclass
class _Procs:
    items: list[tuple[str, subprocess.Popen, Path]] = field(default_factory=list)

    def start(self, name: str, args: list[str], env: dict, log: Path, cpus: str | None = None) -> Path:
        if cpus:
            args = ["taskset", "-c", cpus, *args]
        fh = log.open("ab")
        p = subprocess.Popen(args, env=env, stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)
        self.items.append((name, p, log))
        return log

    def check(self) -> None:
        for name, p, log in self.items:
            if p.poll() is not None:
                raise RuntimeError(f"{name} exited ({p.returncode}):\n{log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> None:
        for _, p, _ in reversed(self.items):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for _, p, _ in reversed(self.items):
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(5)


def _wait(pred, timeout: float, what: str, procs: _Procs) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        procs.check()
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} not ready within {timeout} s")
        time.sleep(0.5)


def _cpu_list(spec: str) -> set[int]:
    """``taskset -c`` syntax (``0``, ``1-3``, ``0,2``) as a set of cpu numbers."""
    out: set[int] = set()
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out


def whole_contract_prompt_tokens(gguf: Path, text: str) -> int:
    """Tokens of one prompt holding the finder's system prompt, every category's
    questions and the whole contract text (the model's own tokenizer, vocab only).

    Raises:
        pipelines.errors.ModelLoadError: llama-cpp-python is missing or cannot read the file.
    """
    from pipelines.elements import TEMPLATES, template_prompt
    from pipelines.errors import ModelLoadError
    from pipelines.finder import FINDER_SYSTEM_PROMPT

    try:
        from llama_cpp import Llama

        tok = Llama(model_path=str(gguf), vocab_only=True, verbose=False)
    except (ImportError, ValueError, RuntimeError) as exc:
        raise ModelLoadError(f"cannot read the tokenizer of {gguf}: {exc}") from exc
    prompt = FINDER_SYSTEM_PROMPT + "\n".join(template_prompt(t) for t in TEMPLATES.values()) + "\n" + text
    return len(tok.tokenize(prompt.encode("utf-8"), add_bos=False, special=False))


def finder_prompt_tokens(gguf: Path, data: bytes, filename: str) -> dict:
    """What reading every substantive clause once costs in prompt tokens, by the model's
    tokenizer: the first-read prompt of every clause batch of this contract, and how many
    of those tokens are the shared prefix (system prompt and the category's questions,
    identical across the calls of a category, which a prefix cache can reuse).

    Returns:
        ``{"batches", "prompt_tokens", "shared_prefix_tokens", "prefix_share"}``.
    """
    from llama_cpp import Llama

    from pipelines.finder import batch_clauses, finder_messages
    from pipelines.review import prepare
    from worker.runtime import load_index, load_playbook_for

    settings = get_settings()
    prepared = prepare(data, filename=filename, index=load_index(settings, build_if_missing=False),
                       playbook=load_playbook_for(settings))
    tok = Llama(model_path=str(gguf), vocab_only=True, verbose=False)

    def n(text: str) -> int:
        return len(tok.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    total = prefix = 0
    batches = batch_clauses(prepared.clauses)
    for template, batch in batches:
        system, user = (m["content"] for m in finder_messages(template, batch))
        shared = user.split("<clause", 1)[0]
        total += n(system) + n(user)
        prefix += n(system) + n(shared)
    return {"batches": len(batches), "prompt_tokens": total, "shared_prefix_tokens": prefix,
            "prefix_share": round(prefix / total, 3) if total else None}


_PREFIX = re.compile(r"Llama\.generate: (\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")


def _server_cache(log: Path, offset: int) -> dict | None:
    """Prefix-cache figures from llama_cpp.server's log after ``offset`` bytes."""
    text = log.read_bytes()[offset:].decode(errors="replace")
    hits = [(int(a), int(b)) for a, b in _PREFIX.findall(text)]
    if not hits:
        return None
    cached, fresh = sum(a for a, _ in hits), sum(b for _, b in hits)
    return {"requests": len(hits), "cached_prompt_tokens": cached, "evaluated_prompt_tokens": fresh,
            "hit_rate": round(cached / (cached + fresh), 3) if cached + fresh else None}


def run_fleet_bench(file: Path, *, count: int, tenant_id: str, layout: Layout, timeout: float = 3600,
                    workdir: Path | None = None) -> dict:
    """Start ``layout``, run :func:`run_chain_bench` over ``count`` copies of ``file``, stop it.

    Returns:
        The chain figures plus ``layout``, ``free_running`` (the engine's tokens/s with no
        schema, the layout idle), ``engine_vs_free_running`` (ratio),
        ``whole_contract_prompt_tokens`` and ``prompt_tokens_vs_whole_contract`` (None
        when the GGUF is not on this machine), ``every_clause_first_read``
        (:func:`finder_prompt_tokens`: every batch read once, whatever the run's budget), and
        ``server_prefix_cache`` (llama_cpp.server's log; None otherwise).

    Raises:
        RuntimeError: a process of the layout exited.
        TimeoutError: a process was not ready, or the documents did not finish, in time.
        pipelines.errors.ModelLoadError: the model or the engine cannot be used.
    """
    from worker.llm import load_generator, load_registry

    base = get_settings()
    spec = load_registry(base.model_registry, base.models_file)[base.model]
    gguf = base.models_root / spec.file
    tmp = Path(workdir or tempfile.mkdtemp(prefix="cr-fleet-"))
    tmp.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "CR_USE_LLM": "true", "CR_LLM_BACKEND": layout.backend,
           "CR_LLM_THREADS": str(layout.llm_threads), "PYTHONUNBUFFERED": "1"}
    procs = _Procs()
    server_log, server_offset = None, 0
    try:
        if layout.busy_cpu:
            procs.start("busy", [str(_BIN / "contract-review"), "bench", str(file), "--no-llm", "--repeat", "100000"],
                        env, tmp / "busy.log", layout.busy_cpus)
        if layout.backend == "openai" and not layout.base_url:
            import socket

            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
            server_log = procs.start("llama_cpp.server", [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
                                                          "--model_alias", spec.name, "--n_ctx", str(spec.n_ctx),
                                                          "--n_threads", str(layout.llm_threads),
                                                          "--host", "127.0.0.1", "--port", str(port)],
                                     {k: v for k, v in env.items() if not k.startswith("CR_")},
                                     tmp / "server.log", layout.llm_cpus)
            env["CR_LLM_BASE_URL"] = f"http://127.0.0.1:{port}/v1"
            _wait(lambda: "Uvicorn running" in server_log.read_text(errors="replace"), 300, "llama_cpp.server", procs)
        elif layout.base_url:
            env["CR_LLM_BASE_URL"] = layout.base_url
        logs = []
        for i in range(layout.cpu_workers):
            logs.append(procs.start(f"cpu{i}", [str(_BIN / "contract-review"), "worker", "--queues", "ingest,cpu,webhooks",
                                                "--concurrency", "1", "--name", f"bench-cpu{i}-{os.getpid()}@%h"],
                                    env, tmp / f"cpu{i}.log"))
        for i in range(layout.llm_workers):
            args = [str(_BIN / "contract-review"), "worker", "llm", "--model", spec.name,
                    "--name", f"bench-llm{i}-{os.getpid()}@%h"]
            args += ["--concurrency", str(layout.llm_concurrency)] if layout.backend == "openai" else ["--gpu", "0"]
            logs.append(procs.start(f"llm{i}", args, env, tmp / f"llm{i}.log",
                                    layout.llm_cpus if layout.backend == "llamacpp" else None))
        _wait(lambda: all(" ready." in log.read_text(errors="replace") for log in logs), 180, "the workers", procs)
        # the engine's free-running speed, measured now, in this run, with the layout idle
        settings = Settings(**{**base.model_dump(), "llm_backend": layout.backend,
                               "llm_base_url": env.get("CR_LLM_BASE_URL"), "llm_threads": layout.llm_threads})
        # in process, the baseline runs where the LLM workers run (their cores, their threads)
        pinned = layout.backend == "llamacpp" and layout.llm_cpus and hasattr(os, "sched_setaffinity")
        before = os.sched_getaffinity(0) if pinned else None
        if pinned:
            os.sched_setaffinity(0, _cpu_list(layout.llm_cpus))
        try:
            gen = load_generator(settings)
            free = gen.free_running()
            gen.close()
            del gen
        finally:
            if pinned:
                os.sched_setaffinity(0, before)
        if server_log is not None:
            server_offset = server_log.stat().st_size
        slots = layout.llm_workers * (layout.llm_concurrency if layout.backend == "openai" else 1)
        figures = run_chain_bench(file, count=count, tenant_id=tenant_id, timeout=timeout, llm_slots=slots)
        procs.check()
    finally:
        procs.stop()
    from pipelines.extract import extract

    # the model's own tokenizer where its GGUF is on this machine (an engine elsewhere: not measured)
    whole = (whole_contract_prompt_tokens(gguf, extract(Path(file).read_bytes(), filename=Path(file).name).text)
             if gguf.exists() else None)
    every_clause = finder_prompt_tokens(gguf, Path(file).read_bytes(), Path(file).name) if gguf.exists() else None
    llm = figures.get("llm") or {}
    eng = llm.get("engine_tokens_per_second")
    per = llm.get("prompt_tokens_per_contract")
    out = {"layout": layout.__dict__, "model": spec.name, **figures, "free_running": free,
           "engine_vs_free_running": round(eng / free["tokens_per_second"], 3) if eng and free["tokens_per_second"]
           else None,
           "whole_contract_prompt_tokens": whole,
           "every_clause_first_read": every_clause,
           "prompt_tokens_vs_whole_contract": round(per / whole, 2) if per and whole else None,
           "server_prefix_cache": _server_cache(server_log, server_offset) if server_log else None}
    if workdir is None:
        shutil.rmtree(tmp, ignore_errors=True)
    return out
