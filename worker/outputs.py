"""What a lawyer opens (issue 11), wired to the settings, the statute index and the
database: the functions behind ``review --redline/--html``, ``compare``, ``export`` and
the API's redline, review page, compare and export routes, and the review page's signed
share links.

The renderers themselves are pure and live in :mod:`pipelines.redline`,
:mod:`pipelines.html_report`, :mod:`pipelines.compare` and :mod:`pipelines.xlsx_export`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pipelines.types import Review, Stance
from worker.settings import Settings

__all__ = ["SHARE_MAX_SECONDS", "compare_bytes", "export_rows_for_batch", "review_page", "review_paths",
           "share_secret", "sign_share", "verify_share"]

SHARE_MAX_SECONDS = 7 * 24 * 3600
CONTRACT_SUFFIXES = (".pdf", ".docx", ".txt")


def review_page(review: Review, *, data: bytes | None, index=None) -> str:
    """The review page of ``review``: citations looked up in ``index.store`` (when given),
    the PDF pages embedded when ``data`` is the original PDF."""
    from pipelines.html_report import citation_articles, review_html

    articles = citation_articles(review, index.store) if index is not None else None
    return review_html(review, articles=articles, pdf=data if review.document.get("format") == "pdf" else None)


# ---------------------------------------------------------------- reviewing files

def review_paths(settings: Settings, paths: Sequence[Path], *, use_llm: bool, stance: Stance = Stance.neutral,
                 progress: Callable[[str, int, int], None] | None = None):
    """Review each file (rules only unless ``use_llm``); returns
    ``[(path, ReviewResult | None, error "code: message" | None)]`` in order. The index,
    playbook and model load once; a file that cannot be reviewed is an error entry."""
    from pipelines.errors import PipelineError
    from pipelines.review import run_review
    from worker.runtime import load_generator, load_index, load_playbook_for, review_options, review_time_limit

    index = load_index(settings)
    playbook = load_playbook_for(settings)
    generator = load_generator(settings) if use_llm else None
    out = []
    for n, path in enumerate(paths):
        if progress:
            progress(f"reviewing {path.name}", n, len(paths))
        try:
            with review_time_limit(settings, use_llm=use_llm):
                result = run_review(path.read_bytes(), filename=path.name, index=index, playbook=playbook,
                                    generator=generator, options=review_options(settings, stance=stance, use_llm=use_llm))
            out.append((path, result, None))
        except PipelineError as exc:
            out.append((path, None, f"{exc.code}: {exc.message}"))
    if progress:
        progress("reviewed", len(paths), len(paths))
    return out


def contracts_in(directory: Path) -> list[Path]:
    """The contract files (PDF, DOCX, TXT by suffix) directly in ``directory``, sorted."""
    return sorted(p for p in directory.iterdir() if p.is_file() and p.suffix.lower() in CONTRACT_SUFFIXES)


def export_rows_for_batch(session, batch_id: int, tenant_id: str | None = None):
    """:class:`pipelines.xlsx_export.ExportRow` for each document of a stored batch (its
    current review, or its error). ``tenant_id`` None: any tenant (the local CLI).

    Raises:
        LookupError: no such batch (for that tenant).
    """
    from sqlmodel import select

    from pipelines.xlsx_export import ExportRow
    from worker.db import crud
    from worker.db.models import Batch, Document

    batch = session.get(Batch, batch_id)
    if batch is None or (tenant_id is not None and batch.tenant_id != tenant_id):
        raise LookupError(f"no batch {batch_id}")
    docs = session.exec(select(Document).where(Document.tenant_id == batch.tenant_id, Document.batch_id == batch.id)
                        .order_by(Document.id)).all()
    rows = []
    for d in docs:
        row = crud.latest_review(session, tenant_id=batch.tenant_id, document_id=d.id)
        if row is not None:
            rows.append(ExportRow(d.filename, review=Review.model_validate(row.body)))
        else:
            error = f"{d.error_code}: {d.error_message}" if d.error_code else f"not reviewed yet ({d.status})"
            rows.append(ExportRow(d.filename, error=error))
    return rows


def compare_bytes(old: tuple[str, bytes], new: tuple[str, bytes], *, index, playbook, generator=None,
                  options=None) -> tuple[dict, list]:
    """Review both drafts and compare them: ``(comparison JSON, clause changes)``
    (:func:`pipelines.compare.comparison_json`, with the risks added, removed and
    changed). ``old``/``new`` are ``(filename, bytes)``.

    Raises:
        pipelines.errors.PipelineError: a draft cannot be read.
    """
    from pipelines.compare import align_clauses, compare_reviews, comparison_json
    from pipelines.review import ReviewOptions, run_review

    options = options or ReviewOptions(use_llm=generator is not None)
    a = run_review(old[1], filename=old[0], index=index, playbook=playbook, generator=generator, options=options)
    b = run_review(new[1], filename=new[0], index=index, playbook=playbook, generator=generator, options=options)
    changes = align_clauses(a.clauses, b.clauses)
    risks = compare_reviews(a.review, b.review, changes)
    return comparison_json(changes, old_doc=a.review.document, new_doc=b.review.document, risks=risks), changes


# ---------------------------------------------------------------- share links

def share_secret(settings: Settings) -> bytes:
    """The key that signs review-page share links: ``CR_SHARE_SECRET`` when set, else a
    random 32-byte key kept in ``<data dir>/share.key`` (mode 0600, made on first use),
    so every API process of one deployment that shares the data directory agrees.
    Rotating it (deleting the file) revokes every link."""
    env = os.environ.get("CR_SHARE_SECRET")
    if env:
        return env.encode("utf-8")
    path = settings.data_dir / "share.key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(base64.b64encode(os.urandom(32)))
        try:
            os.link(tmp, path)  # first writer wins; a concurrent one reads the winner's key
        except FileExistsError:
            pass
        finally:
            tmp.unlink(missing_ok=True)
    return path.read_bytes().strip()


def _mac(secret: bytes, tenant_id: str, document_id: int, expires: int) -> str:
    msg = f"review-page\n{tenant_id}\n{document_id}\n{expires}".encode()
    return base64.urlsafe_b64encode(hmac.new(secret, msg, hashlib.sha256).digest()).decode().rstrip("=")


def sign_share(secret: bytes, tenant_id: str, document_id: int, ttl_seconds: int, now: float | None = None) -> tuple[int, str]:
    """``(expires unix time, signature)`` of a share link to one document's review page,
    valid ``ttl_seconds`` (1 s to :data:`SHARE_MAX_SECONDS`).

    Raises:
        ValueError: ``ttl_seconds`` out of range.
    """
    if not 1 <= ttl_seconds <= SHARE_MAX_SECONDS:
        raise ValueError(f"ttl_seconds must be between 1 and {SHARE_MAX_SECONDS}")
    expires = int((now if now is not None else time.time()) + ttl_seconds)
    return expires, _mac(secret, tenant_id, document_id, expires)


def verify_share(secret: bytes, tenant_id: str, document_id: int, expires: int, signature: str,
                 now: float | None = None) -> bool:
    """Whether ``signature`` signs this tenant's document until ``expires`` and it has not
    expired (constant-time comparison)."""
    t = now if now is not None else time.time()
    if expires < t or expires > t + SHARE_MAX_SECONDS + 60:
        return False
    # bytes: compare_digest raises TypeError on a non-ASCII str (a 500 that told whether the id exists)
    return hmac.compare_digest(_mac(secret, tenant_id, document_id, expires).encode(),
                               signature.encode("utf-8", "surrogatepass"))
