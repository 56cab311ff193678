"""Run the stages that parse untrusted files in a child process with hard limits.

A hostile PDF or DOCX (a ZIP bomb, a page of 200,000 spans, a malformed xref that sends
MuPDF into a loop) must cost at most a bounded slice of one worker and end ``failed``
with a code. :func:`extract_bounded` and :func:`annotate_bounded` (and
:func:`page_texts_bounded`, for LibreOffice's rendering of a DOCX) run
:func:`pipelines.extract.extract` and :func:`pipelines.report.annotate_pdf` in a fresh
``python -m pipelines.sandbox`` process that limits itself before it reads a byte
(``resource.setrlimit``: address space, CPU seconds, no core files, no file writes), and
the parent kills it after a wall-clock backstop. How the child ends becomes a code:

=============================================  ===============================
the child …                                    raises
=============================================  ===============================
raised an :class:`~pipelines.errors.InputError`  the same error (code and message)
ran out of memory (``MemoryError``)            :class:`DocumentTooLarge` (``too_large``)
used its CPU seconds (SIGXCPU/SIGKILL)         :class:`StageTimeout` (``timeout``)
outlived the wall-clock backstop               :class:`StageTimeout` (``timeout``)
crashed (a signal, no answer)                  :class:`CorruptDocument` (``corrupt``)
=============================================  ===============================

A fresh interpreter (not ``fork``) is used on purpose: the Celery pool processes are
daemonic and multi-threaded, and MuPDF is not fork-safe. The protocol is a JSON header
and raw bytes on stdin/stdout, never pickle, so a compromised child cannot run code in
the parent. Each call reports the child's own resource usage (``os.wait4``), which the
hostile-input tests assert on.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

from pipelines.errors import (CorruptDocument, DocumentTooLarge, EmptyDocument, EncryptedDocument, InputError,
                              NeedsOcr, StageTimeout, UnsupportedEncoding, UnsupportedFormat)
from pipelines.types import ExtractedDocument, Review

__all__ = ["Limits", "Usage", "annotate_bounded", "extract_bounded", "last_usage", "page_texts_bounded"]

_ERRORS: dict[str, type[InputError]] = {c.__name__: c for c in (
    CorruptDocument, DocumentTooLarge, EmptyDocument, EncryptedDocument, NeedsOcr, StageTimeout, UnsupportedEncoding,
    UnsupportedFormat)}
_MAX_OUTPUT = 512 * 1024 * 1024  # bytes a child may answer with


@dataclass(frozen=True)
class Limits:
    """Limits of one child process.

    Attributes:
        memory_bytes: address-space limit (``RLIMIT_AS``), bytes; the interpreter and
            its libraries take about 150 MB of it.
        cpu_seconds: CPU-time limit (``RLIMIT_CPU``), seconds of user + system time.
        wall_seconds: the parent kills the child after this many seconds of wall time
            (a child blocked without using CPU; on a loaded machine CPU time is the
            real bound).
    """

    memory_bytes: int = 1536 * 1024 * 1024
    cpu_seconds: int = 60
    wall_seconds: float = 300.0


@dataclass(frozen=True)
class Usage:
    """What a child used, measured by the parent (``os.wait4``): peak resident memory
    in bytes and CPU seconds (user + system)."""

    max_rss_bytes: int
    cpu_seconds: float


_local = threading.local()


def last_usage() -> Usage | None:
    """The resource usage of the last child this thread ran (None before the first)."""
    return getattr(_local, "usage", None)


def extract_bounded(data: bytes, *, filename: str | None = None, max_bytes: int = 50 * 1024 * 1024,
                    max_pages: int = 1000, limits: Limits = Limits()) -> ExtractedDocument:
    """:func:`pipelines.extract.extract` in a limited child process.

    The result is also remembered by :mod:`pipelines.extract`, so a following
    ``extract`` of the same bytes with the same limits (inside ``run_review``) reuses
    it instead of parsing the file again unbounded.

    Returns:
        The extracted document, exactly as ``extract`` returns it.

    Raises:
        InputError: any error ``extract`` raises, plus ``too_large`` (out of memory),
            ``timeout`` (CPU or wall-clock limit) and ``corrupt`` (the parser crashed).
    """
    from pipelines.extract import remember

    if len(data) > max_bytes:  # refused without starting a process
        from pipelines.extract import extract

        return extract(data, filename=filename, max_bytes=max_bytes, max_pages=max_pages)
    header, body = _run("extract", {"filename": filename, "max_bytes": max_bytes, "max_pages": max_pages}, data,
                        limits, what=_what(filename), doing="reading")
    doc = ExtractedDocument.model_validate_json(body)
    remember(data, doc, max_bytes=max_bytes, max_pages=max_pages)
    return doc


def annotate_bounded(data: bytes, review: Review, *, limits: Limits = Limits()) -> bytes:
    """:func:`pipelines.report.annotate_pdf` in a limited child process.

    Returns:
        The annotated PDF bytes.

    Raises:
        InputError: ``corrupt`` when the PDF cannot be opened or cleaned, ``too_large``
            (out of memory) or ``timeout`` (CPU or wall-clock limit).
    """
    review_json = review.model_dump_json().encode()
    _, body = _run("annotate", {"review_bytes": len(review_json)}, review_json + data, limits,
                   what=_what(review.document.get("filename")), doing="annotating")
    return body


def page_texts_bounded(pdf: bytes, *, max_pages: int = 1000, limits: Limits = Limits()) -> list[str]:
    """The plain text of each page of a PDF (PyMuPDF ``get_text("text")``), read in a
    limited child process. Used for LibreOffice's rendering of a DOCX
    (:mod:`pipelines.docx_pages`).

    Args:
        pdf: the PDF bytes.
        max_pages: a PDF with more pages is refused.
        limits: the child's limits.

    Returns:
        One string per page, page 1 first.

    Raises:
        InputError: ``corrupt`` (unreadable PDF or crashed parser), ``too_large`` (more
            than ``max_pages`` pages, or out of memory), ``timeout``.
    """
    _, body = _run("page_texts", {"max_pages": max_pages}, pdf, limits, what="The rendered PDF", doing="reading")
    texts = json.loads(body)
    if not isinstance(texts, list) or not all(isinstance(x, str) for x in texts):
        raise CorruptDocument("the rendered PDF's page texts could not be read")
    return texts


def _what(filename: str | None) -> str:
    return f"“{filename}”" if filename else "The file"


def _run(job: str, header: dict, payload: bytes, limits: Limits, *, what: str, doing: str) -> tuple[dict, bytes]:
    """Run ``job`` in a child; return its answer header and body, or raise its error."""
    head = json.dumps(header).encode()
    args = [sys.executable, "-m", "pipelines.sandbox", job, str(limits.memory_bytes), str(limits.cpu_seconds)]
    env = {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p), "PATH": os.environ.get("PATH", ""),
           "LANG": "C.UTF-8", "OMP_NUM_THREADS": "1", "TESSDATA_PREFIX": os.environ.get("TESSDATA_PREFIX", "")}
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out: list[bytes] = []
    err: list[bytes] = []

    def feed() -> None:
        try:
            proc.stdin.write(len(head).to_bytes(8, "big") + head)
            proc.stdin.write(payload)
        except (BrokenPipeError, OSError):
            pass
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass

    def drain(stream, sink: list[bytes], cap: int) -> None:
        size = 0
        while chunk := stream.read(1 << 16):
            size += len(chunk)
            if size <= cap:
                sink.append(chunk)
            elif cap == _MAX_OUTPUT:
                proc.kill()  # an answer this large is not an answer
                break

    killed = threading.Event()
    done = threading.Event()
    peak = [0]

    def watch() -> None:
        """Sample the child's VmHWM (its peak RSS so far) and stop it at the wall-clock limit."""
        deadline = time.monotonic() + limits.wall_seconds
        while not done.wait(0.05):
            try:
                with open(f"/proc/{proc.pid}/status", encoding="ascii") as fh:
                    for line in fh:
                        if line.startswith("VmHWM:"):
                            peak[0] = max(peak[0], int(line.split()[1]) * 1024)
            except (OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                killed.set()
                proc.kill()
                return

    threads = [threading.Thread(target=watch, daemon=True), threading.Thread(target=feed, daemon=True),
               threading.Thread(target=drain, args=(proc.stdout, out, _MAX_OUTPUT), daemon=True),
               threading.Thread(target=drain, args=(proc.stderr, err, 16384), daemon=True)]
    for t in threads:
        t.start()
    try:
        _, status, rusage = os.wait4(proc.pid, 0)
    finally:
        done.set()
    proc.returncode = os.waitstatus_to_exitcode(status)
    for t in threads:
        t.join(5)
    for stream in (proc.stdout, proc.stderr):
        stream.close()
    raw = b"".join(out)
    answer = None
    if len(raw) >= 8:
        n = int.from_bytes(raw[:8], "big")
        try:
            answer = json.loads(raw[8:8 + n])
        except ValueError:
            answer = None
    # ru_maxrss of a child counts the RSS of this process at fork (Linux keeps it across
    # exec); the child's own VmHWM, reported or sampled, is its real peak
    reported = answer.get("peak_rss") if isinstance(answer, dict) else None
    _local.usage = Usage(max_rss_bytes=int(reported or peak[0] or rusage.ru_maxrss * 1024),
                         cpu_seconds=round(rusage.ru_utime + rusage.ru_stime, 3))
    if killed.is_set():
        raise StageTimeout(f"{what} took longer than {limits.wall_seconds:.0f} s of wall time while {doing} it and "
                           "was stopped; it may be built to hang the parser. Check the file, or raise the limit (CR_PARSE_WALL_SECONDS).")
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        raise StageTimeout(f"{what} used more than {limits.cpu_seconds} s of CPU time while {doing} it and was "
                           "stopped; it may be built to exhaust the parser. Check the file, or raise the limit (CR_PARSE_CPU_SECONDS).")
    if isinstance(answer, dict):
        if "error" in answer:
            e = answer["error"]
            cls = _ERRORS.get(e.get("class"), CorruptDocument)
            raise cls(str(e.get("message") or "the file could not be read"))
        return answer, raw[8 + int.from_bytes(raw[:8], "big"):]
    tail = b"".join(err).decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
    if any(m in tail[0] for m in ("MemoryError", "bad_alloc", "out of memory", "malloc", "cannot allocate")) or \
            _local.usage.max_rss_bytes > 0.9 * limits.memory_bytes:
        raise DocumentTooLarge(f"{what} needs more than {limits.memory_bytes // 2**20} MiB of memory while {doing} "
                               "it; it may be a decompression bomb. Split or re-export it.")
    how = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit status {proc.returncode}"
    raise CorruptDocument(f"{what} crashed the parser while {doing} it ({how}); it is damaged or built to attack "
                          f"parsers. Export it again and re-upload. {tail[0][:200]}".rstrip())


# ----------------------------------------------------------------------------- child

def _limit_self(memory_bytes: int, cpu_seconds: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 2))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (memory_bytes, memory_bytes))  # OCR's temporary images at most


def _answer(header: dict, body: bytes = b"") -> None:
    head = json.dumps({**header, "peak_rss": _peak_rss()}).encode()
    sys.stdout.buffer.write(len(head).to_bytes(8, "big") + head + body)
    sys.stdout.buffer.flush()


def _peak_rss() -> int:
    """This process's own peak RSS in bytes (VmHWM: unlike ``ru_maxrss`` it does not
    carry over the RSS of the parent that forked it before ``exec``)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _child(job: str, memory_bytes: int, cpu_seconds: int) -> int:
    # pymupdf imports its optional layout model (onnxruntime, ~150 MB) when installed; the
    # stages here never use it, and it would take a share of the memory limit
    sys.modules.setdefault("pymupdf.layout", None)  # type: ignore[arg-type]
    _limit_self(memory_bytes, cpu_seconds)
    stdin = sys.stdin.buffer
    n = int.from_bytes(stdin.read(8), "big")
    header = json.loads(stdin.read(n))
    payload = stdin.read()
    try:
        if job == "extract":
            from pipelines.extract import extract

            doc = extract(payload, filename=header.get("filename"), max_bytes=int(header["max_bytes"]),
                          max_pages=int(header["max_pages"]))
            _answer({"ok": True}, doc.model_dump_json().encode())
        elif job == "annotate":
            from pipelines.report import annotate_pdf

            k = int(header["review_bytes"])
            review = Review.model_validate_json(payload[:k])
            try:
                pdf = annotate_pdf(payload[k:], review)
            except ValueError as exc:
                raise CorruptDocument(f"the PDF could not be annotated: {exc}") from exc
            _answer({"ok": True}, pdf)
        elif job == "page_texts":
            import pymupdf

            try:
                doc = pymupdf.open(stream=payload, filetype="pdf")
            except Exception as exc:  # noqa: BLE001 - any parser failure: the PDF is unreadable
                raise CorruptDocument(f"the PDF could not be opened: {exc}") from exc
            if doc.page_count > int(header["max_pages"]):
                raise DocumentTooLarge(f"the PDF has {doc.page_count} pages, over the limit of {header['max_pages']}")
            _answer({"ok": True}, json.dumps([page.get_text("text") for page in doc]).encode())
        else:
            raise SystemExit(f"unknown job {job!r}")
    except InputError as exc:
        _answer({"error": {"class": type(exc).__name__, "message": exc.message}})
    except MemoryError:
        del payload
        _answer({"error": {"class": "DocumentTooLarge", "message": (
            f"{_what(header.get('filename'))} needs more than {memory_bytes // 2**20} MiB of memory to read; it may be "
            "a decompression bomb. Split or re-export it.")}})
    except RecursionError:
        _answer({"error": {"class": "CorruptDocument", "message": (
            f"{_what(header.get('filename'))} is nested too deeply to read (tables or elements within each other); "
            "simplify or re-export it.")}})
    return 0


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
