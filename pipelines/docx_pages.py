"""Page numbers for the clauses of a DOCX, from LibreOffice's rendering of it.

A DOCX has no pages until something lays it out. :func:`locate_docx_pages` has
LibreOffice lay it out (``soffice --headless --convert-to pdf``, in its own process group
with a wall-clock timeout and CPU, memory and file-size limits, a fresh profile per call),
reads the text of each rendered page in the parse sandbox
(:func:`pipelines.sandbox.page_texts_bounded`), and finds each line of the extracted text
on those pages, in order.

A page is given only where it is certain, never guessed:

* lines are compared with whitespace and table-cell separators removed; a line is an
  anchor only when it has at least :data:`MIN_ANCHOR` characters and occurs exactly
  once in the window after the previous anchor (or exactly once in the rest of the
  rendering); repeated or missing text is not an anchor;
* a clause's first and last characters get a page from an anchor they lie in, or when
  the anchors before and after them are on the same page; otherwise the clause gets no
  pages, and the note counts it.

The pages are LibreOffice's pagination; Word, with other fonts, may break pages
elsewhere. The note (one sentence for the review's ``warnings``) says so, or says why
there are no pages (LibreOffice not installed, timed out, failed).

LibreOffice would follow links in the document to external resources (a linked image or
template is fetched while laying out: a request from the worker to any address the
document names). :func:`without_external_targets` blanks every external relationship
target before LibreOffice sees the file, so nothing is fetched; linked images lay out as
empty frames, which moves no text between pages that an embedded image would not.
"""

from __future__ import annotations

import bisect
import re
import os
import shutil
import signal
import subprocess
import tempfile
import time
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipelines.errors import InputError
from pipelines.types import Clause, ExtractedDocument

__all__ = ["MIN_ANCHOR", "PageLocation", "RenderError", "assign_pages", "locate_docx_pages", "render_pdf"]

MIN_ANCHOR = 6  # characters (whitespace removed) a line needs to place itself on a page
_WINDOW_SLACK = 600  # characters of rendering (headers, footers, page numbers) allowed between anchors
_MATCH_SECONDS = 20.0  # time budget of the matching itself
_SKIP = frozenset(" \t\r\n\f\v\u00a0\u2002\u2003\u2009\u200a\u3000|")


class RenderError(Exception):
    """LibreOffice could not render the document; ``str()`` says why, for the review."""


@dataclass(frozen=True)
class PageLocation:
    """Clause pages from a LibreOffice rendering.

    Attributes:
        clauses: the clauses, with ``pages`` set where they are certain (else as given).
        rendered_pages: pages of the rendering (0 when there was none).
        located: clauses given pages.
        note: one sentence for the review's ``warnings``.
    """

    clauses: list[Clause]
    rendered_pages: int
    located: int
    note: str


def find_soffice() -> str | None:
    """The LibreOffice executable on ``PATH`` (``soffice`` or ``libreoffice``), or None."""
    return shutil.which("soffice") or shutil.which("libreoffice")


_REL = re.compile(rb"<Relationship\b[^>]*>")
_EXTERNAL_TARGET = re.compile(rb"""\bTarget\s*=\s*("[^"]*"|'[^']*')""")
MAX_INFLATED_BYTES = 256 * 1024 * 1024
"""Most bytes a DOCX copy may inflate to when its links are blanked (the parse sandbox has
already read the same file within its own limits)."""


def without_external_targets(data: bytes) -> bytes:
    """The DOCX with every ``TargetMode="External"`` relationship pointed at ``#``.

    Linked images, templates, frames and OLE objects are what LibreOffice fetches while
    it lays a document out; hyperlinks keep their text. Members are copied in 1 MiB steps.

    Args:
        data: the DOCX (a ZIP package).

    Returns:
        The package's bytes, identical but for the blanked targets.

    Raises:
        RenderError: the package is not a readable ZIP or inflates beyond
            :data:`MAX_INFLATED_BYTES`.
    """
    import io
    import zipfile

    def blank(m: re.Match) -> bytes:
        tag = m.group(0)
        if re.search(rb"""TargetMode\s*=\s*["']External["']""", tag):
            tag = _EXTERNAL_TARGET.sub(b'Target="#"', tag)
        return tag

    out = io.BytesIO()
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                chunks = []
                with zin.open(info) as f:
                    while block := f.read(1 << 20):
                        total += len(block)
                        if total > MAX_INFLATED_BYTES:
                            raise RenderError("the DOCX inflates beyond the size allowed for rendering pages")
                        chunks.append(block)
                body = b"".join(chunks)
                if info.filename.endswith(".rels"):
                    body = _REL.sub(blank, body)
                zout.writestr(info, body)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError) as exc:
        raise RenderError(f"the DOCX package could not be read for rendering ({type(exc).__name__})") from None
    return out.getvalue()


def render_pdf(data: bytes, *, timeout_s: float = 60.0, memory_bytes: int = 1536 * 1024 * 1024,
               soffice: str | None = None) -> bytes:
    """Render a DOCX to PDF with LibreOffice in headless mode.

    Args:
        data: the DOCX bytes.
        timeout_s: wall-clock seconds before the whole LibreOffice process group is
            killed (also its CPU-time limit).
        memory_bytes: address-space limit of the LibreOffice process (``RLIMIT_AS``).
        soffice: the executable; default :func:`find_soffice`.

    Returns:
        The PDF bytes.

    Raises:
        RenderError: LibreOffice is not installed, timed out, failed or wrote no PDF.
    """
    exe = soffice or find_soffice()
    if exe is None:
        raise RenderError("LibreOffice (soffice) is not installed")
    with tempfile.TemporaryDirectory(prefix="cr-soffice-") as tmp:
        src, out = Path(tmp) / "contract.docx", Path(tmp) / "out"
        src.write_bytes(without_external_targets(data))
        out.mkdir()
        args = [exe, "--headless", "--norestore", "--nolockcheck", "--nodefault", "--nologo",
                f"-env:UserInstallation={(Path(tmp) / 'profile').as_uri()}",
                "--convert-to", "pdf:writer_pdf_Export", "--outdir", str(out), str(src)]
        env = {"PATH": os.environ.get("PATH", ""), "HOME": tmp, "LANG": "C.UTF-8", "TMPDIR": tmp,
               "SAL_USE_VCLPLUGIN": "svp"}

        def limit() -> None:
            import resource

            cpu = max(1, int(timeout_s) + 1)
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            resource.setrlimit(resource.RLIMIT_FSIZE, (512 * 1024 * 1024, 512 * 1024 * 1024))

        pipes_before = _office_pipes()
        try:
            proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    env=env, cwd=tmp, start_new_session=True, preexec_fn=limit)
        except OSError as exc:
            raise RenderError(f"LibreOffice could not be started ({exc.strerror or exc})") from None
        try:
            _, stderr = proc.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise RenderError(f"LibreOffice did not render the document within {timeout_s:g} s") from None
        finally:
            _kill_group(proc)  # a helper process left behind in the group
            _remove_dead_pipes(_office_pipes() - pipes_before)
        pdf = out / "contract.pdf"
        if proc.returncode != 0 or not pdf.is_file():
            tail = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            raise RenderError(f"LibreOffice could not render the document (exit status {proc.returncode}"
                              + (f": {tail[0][:160]}" if tail[0] and "javaldx" not in tail[0] else "") + ")")
        return pdf.read_bytes()


def _kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL LibreOffice's process group and wait (at most 5 s) until none of it is left:
    ``soffice.bin`` is a grandchild, and its socket is only dead once it is gone."""
    import time

    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL was sent
        pass
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.05)


def _office_pipes() -> set[Path]:
    """LibreOffice's single-instance sockets of this user (``/tmp/OSL_PIPE_<uid>_*``: the
    path is fixed in LibreOffice's ``sal/osl/unx/pipe.cxx``, whatever ``TMPDIR`` says)."""
    try:
        return set(Path("/tmp").glob(f"OSL_PIPE_{os.getuid()}_*"))
    except OSError:
        return set()


def _remove_dead_pipes(paths: set[Path]) -> None:
    """Remove the sockets in ``paths`` nobody listens on (left by a LibreOffice that was
    killed before it could remove its own); a live one (another render) is kept."""
    import socket

    for path in paths:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(1.0)
            try:
                probe.connect(str(path))
            except ConnectionRefusedError:
                path.unlink(missing_ok=True)
            except OSError:
                pass


def _normalise(text: str) -> tuple[str, list[int]]:
    """``text`` without whitespace and ``|``, and the index in ``text`` of each kept character."""
    keep = [i for i, ch in enumerate(text) if ch not in _SKIP and not ch.isspace()]
    return "".join(text[i] for i in keep), keep


def assign_pages(doc: ExtractedDocument, clauses: Sequence[Clause], page_texts: Sequence[str],
                 *, deadline: float | None = None) -> tuple[list[Clause], int]:
    """Give each clause the pages of ``page_texts`` it certainly lies on.

    Args:
        doc: the extracted DOCX (its ``text`` and ``lines``).
        clauses: its clauses (``char_start``/``char_end`` index ``doc.text``).
        page_texts: the text of each rendered page, page 1 first.
        deadline: ``time.monotonic()`` after which no more lines are matched (those
            left are unplaced); None for :data:`_MATCH_SECONDS` from now.

    Returns:
        ``(clauses, located)``: the clauses with ``pages`` set where certain (others
        unchanged), and how many got pages.
    """
    deadline = time.monotonic() + _MATCH_SECONDS if deadline is None else deadline
    parts, starts = [], []
    size = 0
    for t in page_texts:
        norm, _ = _normalise(t)
        starts.append(size)
        parts.append(norm)
        size += len(norm)
    rendering = "".join(parts)

    def page_at(pos: int) -> int:
        return bisect.bisect_right(starts, pos)  # 1-based

    known = array("i", [0]) * len(doc.text)  # page of each placed character of doc.text, 0 = unknown
    placed: list[int] = []  # indices of doc.text with a page, ascending
    cursor, skipped = 0, 0
    for line in doc.lines:
        if time.monotonic() > deadline:
            break
        norm, keep = _normalise(doc.text[line.char_start:line.char_end])
        if len(norm) < MIN_ANCHOR:
            skipped += len(norm)
            continue
        window_end = cursor + skipped + len(norm) + _WINDOW_SLACK
        first = rendering.find(norm, cursor)
        pos = -1
        if first != -1:
            if first < window_end and rendering.find(norm, first + 1, window_end + len(norm)) == -1:
                pos = first  # the only occurrence near where the text should be
            elif rendering.find(norm, first + 1) == -1:
                pos = first  # the only occurrence in the rest of the rendering
        if pos == -1:
            skipped += len(norm)
            continue
        for k, i in enumerate(keep):
            known[line.char_start + i] = page_at(pos + k)
            placed.append(line.char_start + i)
        cursor, skipped = pos + len(norm), 0

    last_page = len(page_texts)

    def page_of(i: int) -> int | None:
        """The page of character ``i`` of doc.text, when certain."""
        if known[i]:
            return known[i]
        j = bisect.bisect_left(placed, i)
        before = known[placed[j - 1]] if j > 0 else 1
        after = known[placed[j]] if j < len(placed) else last_page
        if j == 0 and j == len(placed):
            return None
        return before if before == after else None

    out, located = [], 0
    for c in clauses:
        chars = [c.char_start + i for i, ch in enumerate(doc.text[c.char_start:c.char_end])
                 if ch not in _SKIP and not ch.isspace()]
        first_page = page_of(chars[0]) if chars else None
        last = page_of(chars[-1]) if chars else None
        if first_page is None or last is None or last < first_page:
            out.append(c)
            continue
        out.append(c.model_copy(update={"pages": tuple(range(first_page, last + 1))}))
        located += 1
    return out, located


def locate_docx_pages(data: bytes, doc: ExtractedDocument, clauses: Sequence[Clause], *, timeout_s: float = 60.0,
                      limits=None, max_pages: int = 1000) -> PageLocation:
    """Render the DOCX with LibreOffice and give its clauses their pages (see the module
    docstring). Never raises for a rendering problem: the note says what happened.

    Args:
        data: the DOCX bytes ``doc`` was extracted from.
        doc: the extracted document (format ``docx``).
        clauses: its clauses.
        timeout_s: wall-clock (and CPU) seconds for LibreOffice.
        limits: :class:`pipelines.sandbox.Limits` for reading the rendered PDF (and the
            memory limit of LibreOffice); default limits when None.
        max_pages: a rendering with more pages is not read.

    Returns:
        A :class:`PageLocation`; ``clauses`` unchanged when there are no pages.
    """
    from pipelines.sandbox import Limits, page_texts_bounded

    limits = limits or Limits()
    none = "DOCX 条款没有页码"
    try:
        pdf = render_pdf(data, timeout_s=timeout_s, memory_bytes=limits.memory_bytes)
    except RenderError as exc:
        return PageLocation(list(clauses), 0, 0, f"{none}：{exc}")
    try:
        texts = page_texts_bounded(pdf, max_pages=max_pages, limits=limits)
    except InputError as exc:
        return PageLocation(list(clauses), 0, 0, f"{none}：LibreOffice 的排版结果无法读取（{exc.message}）")
    clauses_out, located = assign_pages(doc, clauses, texts)
    n = len(clauses_out)
    basis = (f"DOCX 条款的页码依据 LibreOffice 的排版（共 {len(texts)} 页），Word 因字体等差异可能分页不同")
    if located == n:
        return PageLocation(clauses_out, len(texts), located, basis)
    return PageLocation(clauses_out, len(texts), located,
                        f"{basis}；{n - located} 个条款在排版中无法确定页码，未标页码")
