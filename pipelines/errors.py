"""Errors raised by the review stages.

One root, a shallow tree; every error carries a stable :class:`ErrorCode` that ends up in
the ``document.error_code`` column, the CLI's exit message and the ``review.failed``
webhook::

    PipelineError(code, message, retryable=False)
    ├── InputError                  the input file itself is unusable (permanent)
    │   ├── UnsupportedFormat       not a PDF, DOCX or text file
    │   ├── EmptyDocument           no bytes, or no text at all
    │   ├── EncryptedDocument       password-protected PDF/DOCX
    │   ├── CorruptDocument         damaged PDF/DOCX/ZIP, undecodable text
    │   ├── NeedsOcr                pages have no text layer and OCR is unavailable
    │   ├── DocumentTooLarge        over the byte, page or memory limit
    │   ├── UnsupportedEncoding     text that decodes only to mojibake (e.g. Shift-JIS)
    │   └── StageTimeout            extraction or annotation ran past its CPU-time limit
    └── GenerationError             LLM problems
        ├── ModelLoadError          the model file is missing, altered or mismatched
        └── OutputParseError        the model's output is not a valid unit

Statute store and index errors live in :mod:`knowledge.errors` (``knowledge`` does not
import ``pipelines``); they carry the same kind of ``code``.

Third-party exceptions are translated once, where they are caught, and chained with
``raise ... from exc``.

Fatal exceptions: a stage that isolates faults with a broad ``except Exception`` (one
broken playbook check, one damaged PDF page) must never swallow a time limit or a
worker shutdown. Celery's ``SoftTimeLimitExceeded`` derives from ``Exception``, and
``pipelines`` may not import Celery, so the worker registers such types with
:func:`register_fatal` at import, and every broad handler in ``pipelines`` calls
:func:`reraise_fatal` first.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "CorruptDocument",
    "DocumentTooLarge",
    "EmptyDocument",
    "EncryptedDocument",
    "ErrorCode",
    "GenerationError",
    "InputError",
    "ModelLoadError",
    "NeedsOcr",
    "OutputParseError",
    "PipelineError",
    "StageTimeout",
    "UnsupportedEncoding",
    "UnsupportedFormat",
    "is_fatal",
    "register_fatal",
    "reraise_fatal",
]

_FATAL: tuple[type[BaseException], ...] = (MemoryError, KeyboardInterrupt, SystemExit)
"""Exception types no stage may treat as an ordinary error (extended by :func:`register_fatal`)."""


def register_fatal(*types: type[BaseException]) -> None:
    """Declare exception types that stages must re-raise, never record as a stage error.

    The Celery worker registers its time-limit and shutdown exceptions here
    (``SoftTimeLimitExceeded`` derives from ``Exception``). Idempotent.

    Raises:
        TypeError: when an argument is not an exception class.
    """
    global _FATAL
    for t in types:
        if not (isinstance(t, type) and issubclass(t, BaseException)):
            raise TypeError(f"register_fatal takes exception classes, not {t!r}")
    _FATAL = tuple(dict.fromkeys((*_FATAL, *types)))


def is_fatal(exc: BaseException) -> bool:
    """True when ``exc`` is a time limit, a shutdown or out-of-memory: the stage must stop."""
    return isinstance(exc, _FATAL)


def reraise_fatal(exc: BaseException) -> None:
    """Re-raise ``exc`` when it is fatal (see :func:`register_fatal`); call first in every
    broad ``except Exception`` handler of a stage."""
    if isinstance(exc, _FATAL):
        raise exc


class ErrorCode(StrEnum):
    """Stable error codes (public: stored, printed and sent in webhooks)."""

    unsupported_format = "unsupported_format"
    empty_document = "empty_document"
    encrypted = "encrypted"
    corrupt = "corrupt"
    needs_ocr = "needs_ocr"
    too_large = "too_large"
    unsupported_encoding = "unsupported_encoding"
    timeout = "timeout"
    index_missing = "index_missing"
    knowledge_error = "knowledge_error"
    model_load_failed = "model_load_failed"
    output_parse_failed = "output_parse_failed"
    generation_failed = "generation_failed"
    internal_error = "internal_error"


class PipelineError(Exception):
    """Root of all stage errors.

    Args:
        message: a sentence a person can act on (what is wrong, what to do).
        code: the stable error code.
        retryable: True for transient faults worth retrying.
    """

    default_code = ErrorCode.internal_error

    def __init__(self, message: str, *, code: ErrorCode | None = None, retryable: bool = False):
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.retryable = retryable

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class InputError(PipelineError):
    """Raised when the input document cannot be reviewed as it is (never retryable)."""


class UnsupportedFormat(InputError):
    """Raised when the content is not a PDF, DOCX or text file."""

    default_code = ErrorCode.unsupported_format


class EmptyDocument(InputError):
    """Raised when the file has no bytes or no text."""

    default_code = ErrorCode.empty_document


class EncryptedDocument(InputError):
    """Raised when the document is password-protected."""

    default_code = ErrorCode.encrypted


class CorruptDocument(InputError):
    """Raised when the file is damaged or cannot be decoded."""

    default_code = ErrorCode.corrupt


class NeedsOcr(InputError):
    """Raised when pages have no text layer and OCR is not available."""

    default_code = ErrorCode.needs_ocr


class DocumentTooLarge(InputError):
    """Raised when the file exceeds the byte or page limit."""

    default_code = ErrorCode.too_large


class UnsupportedEncoding(InputError):
    """Raised when a text file decodes only to implausible text (e.g. Shift-JIS read as
    GB18030): reviewing mojibake would report a clean contract."""

    default_code = ErrorCode.unsupported_encoding


class StageTimeout(InputError):
    """Raised when extracting or annotating a file ran past its CPU-time limit (a hostile
    or pathological file; the worker is not at fault, so it is not retried)."""

    default_code = ErrorCode.timeout


class GenerationError(PipelineError):
    """Raised when the LLM cannot produce output."""

    default_code = ErrorCode.generation_failed


class ModelLoadError(GenerationError):
    """Raised when the model file is missing, fails its sha256 or metadata check."""

    default_code = ErrorCode.model_load_failed


class OutputParseError(GenerationError):
    """Raised when model output is not valid JSON for the unit schema."""

    default_code = ErrorCode.output_parse_failed
