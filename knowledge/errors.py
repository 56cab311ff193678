"""Errors raised by the statute corpus, store and index.

``knowledge`` never imports ``pipelines`` or ``worker``; these errors carry the same kind
of stable ``code`` string as ``pipelines.errors.PipelineError`` so callers can map them::

    KnowledgeError(message, *, code="knowledge_error")
    └── IndexMissing            no built index (code "index_missing")
"""

from __future__ import annotations

__all__ = ["IndexMissing", "KnowledgeError"]


class KnowledgeError(Exception):
    """Root of all statute-corpus errors.

    Args:
        message: a sentence a person can act on (what is wrong, what to do).
        code: a stable error code (stored, printed and sent in webhooks).
    """

    default_code = "knowledge_error"

    def __init__(self, message: str, *, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class IndexMissing(KnowledgeError):
    """Raised when no statute index has been built (or its files are gone)."""

    default_code = "index_missing"


class IndexDamaged(KnowledgeError):
    """Raised when the current statute index's files cannot be read (a truncated database,
    a manifest that is not JSON, a ranker file overwritten): rebuild it with ``kb build``."""

    default_code = "index_damaged"
