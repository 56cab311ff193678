"""What every ``contract-review`` command shares: the two consoles (``out`` for results,
``err`` for progress and errors), the error mapping (``error [code]: message``, exit 1),
progress that also reports without a terminal, and text made safe to print."""

from __future__ import annotations

import re
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from knowledge.errors import KnowledgeError
from pipelines.errors import PipelineError

out = Console()
err = Console(stderr=True)
# in a log or a pipe a line is not cut at 80 columns (a model path split as …q4_k_m.ggu / f); tables keep their layout
out.soft_wrap, err.soft_wrap = not out.is_terminal, not err.is_terminal

_SEV_STYLE = {"high": "bold red", "medium": "yellow", "low": "cyan"}


def _fail(code: str, message: str) -> typer.Exit:
    err.print(f"[bold red]error[/] {escape(f'[{code}]')}: {escape(message)}", highlight=False)
    return typer.Exit(1)


def write_output(path: Path, data: bytes | str) -> None:
    """Write an output file whole or not at all: into a temporary file beside it, then
    renamed over ``path`` (``os.replace``, atomic on one file system). A full disk or a
    Ctrl-C half-way leaves the earlier file, if any, not a truncated one. ``str`` is
    written as UTF-8. Paths that are not regular files are refused before any work
    (:func:`_check_outputs`).

    Raises:
        OSError: the folder cannot be written (the temporary file is removed).
    """
    import os
    import tempfile

    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or Path("."))
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as exc:  # name the output the user asked for, not our temporary file
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
    except BaseException:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def _check_outputs(*paths: Path | None, inputs: tuple[Path, ...] = ()) -> None:
    """Refuse output paths that cannot be written, before any work: a review that ran for
    half an hour must not be lost to a typo in ``--out``, and no output may overwrite the
    contract it was made from.

    Args:
        paths: the command's output options (None: not given).
        inputs: the command's input files.

    Raises:
        typer.Exit: ``io_error`` (exit 1) when a path is a folder, its folder does not exist or
            is not writable, the file exists and is not writable, it is one of ``inputs``, or
            two outputs are the same file.
    """
    import os

    given = [p for p in paths if p is not None]
    resolved = [p.resolve() for p in given]
    if len(set(resolved)) < len(resolved):
        raise _fail("io_error", "two outputs name the same file; give each its own name")
    def same_file(a: Path, b: Path) -> bool:
        # a hard link (or a case-insensitive name) is the same file under another path
        try:
            return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
        except OSError:
            return False

    for path, real in zip(given, resolved):
        if any(same_file(path, i) for i in inputs):
            raise _fail("io_error", f"{_safe(path)} is the input contract; writing there would destroy it")
        parent = path.parent if str(path.parent) else Path(".")
        if path.is_dir():
            raise _fail("io_error", f"{_safe(path)} is a folder; give a file name to write")
        if not parent.is_dir():
            raise _fail("io_error", f"cannot write {_safe(path)}: the folder {_safe(parent)} does not exist")
        if path.exists() and not path.is_file():
            # a FIFO, a device or a socket: writing there blocks or goes nowhere
            raise _fail("io_error", f"{_safe(path)} is not a regular file; give a file name to write")
        if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise _fail("io_error", f"cannot write {_safe(path)}: permission denied")
        # os.access says yes to root everywhere (even /proc): try it, and leave nothing behind
        existed = path.exists()
        try:
            with open(path, "ab"):
                pass
        except OSError as exc:
            raise _fail("io_error", f"cannot write {_safe(path)}: {exc.strerror or exc}") from None
        if not existed:
            path.unlink(missing_ok=True)


_interrupt_reported = False


def report_interrupted(message: str = "stopped before it finished; nothing was written for the current step") -> None:
    """Print ``error [interrupted]: message`` once per process (Ctrl-C may be caught at several
    levels: a command's own handler, :func:`_errors`, the application's last resort)."""
    global _interrupt_reported
    if not _interrupt_reported:
        _interrupt_reported = True
        err.print(f"[bold red]error[/] {escape('[interrupted]')}: {escape(message)}", highlight=False)


@contextmanager
def _errors():
    """Map known errors to ``error [code]: message`` and exit 1; Ctrl-C (KeyboardInterrupt)
    to ``error [interrupted]: …`` and exit 130 (128 + SIGINT, the shell's convention)."""
    try:
        yield
    except PipelineError as exc:
        raise _fail(str(exc.code), exc.message) from None
    except KnowledgeError as exc:
        raise _fail(exc.code, exc.message) from None
    except OSError as exc:
        raise _fail("io_error", f"{exc.strerror or exc}: {exc.filename or ''}".strip()) from None
    except KeyboardInterrupt:
        # Typer >= 0.20 turns Ctrl-C into a silent Exit(130); say what happened, as the README promises
        report_interrupted()
        raise typer.Exit(130) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # noqa: BLE001 - a bug must still end with a code and a message
        raise _fail("internal_error", f"{type(exc).__name__}: {exc} (this is a bug; please report it)") from None


class _LineProgress:
    """Progress for a stderr that is not a terminal (a log file, a CI job, a pipe): one
    plain line when the stage changes and at most one a minute within a stage, so a long
    LLM review is never silent. While one step runs longer than that (a written analysis
    takes minutes on a busy 2-core machine) a heartbeat line says the step is still running
    and for how long. The same calls as :class:`rich.progress.Progress`."""

    EVERY_S = 60.0

    def __init__(self, console: Console):
        self.console, self.t0 = console, time.monotonic()
        self.state: dict[int, dict] = {}
        self.last = 0.0
        self.current: int | None = None
        self.step_since = self.t0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None

    def __enter__(self):
        self._beat = threading.Thread(target=self._heartbeat, name="progress-heartbeat", daemon=True)
        self._beat.start()
        return self

    def __exit__(self, *exc) -> bool:
        self._stop.set()
        if self._beat is not None:
            self._beat.join(timeout=1)
        return False

    def add_task(self, description: str, total: float | None = None, **_) -> int:
        with self._lock:
            task = len(self.state)
            self.state[task] = {"description": description, "completed": 0, "total": total}
            self.current, self.step_since = task, time.monotonic()
            self._say(task)
            return task

    def update(self, task: int, *, description: str | None = None, completed: float | None = None,
               total: float | None = None, **_) -> None:
        with self._lock:
            st = self.state[task]
            changed = description is not None and description != st["description"]
            if changed or (completed is not None and completed != st["completed"]):
                self.step_since = time.monotonic()
            for key, value in (("description", description), ("completed", completed), ("total", total)):
                if value is not None:
                    st[key] = value
            self.current = task
            if changed or time.monotonic() - self.last >= self.EVERY_S:
                self._say(task)

    def _heartbeat(self) -> None:
        while not self._stop.wait(self.EVERY_S / 4):
            with self._lock:
                if self.current is not None and time.monotonic() - self.last >= self.EVERY_S:
                    self._say(self.current, still=time.monotonic() - self.step_since)

    def _say(self, task: int, still: float | None = None) -> None:
        st = self.state[task]
        count = f" {st['completed']:g}/{st['total']:g}" if st["total"] else ""
        # (a step that moved on less than a few seconds ago is not "still running": the line is a plain status line)
        tail = f" (still running: {still:.0f} s on this step)" if still is not None and still >= self.EVERY_S / 2 else ""
        self.console.print(f"[{time.monotonic() - self.t0:6.0f} s] {_safe(st['description'])}{count}{tail}",
                           highlight=False, markup=False, soft_wrap=True)
        self.last = time.monotonic()


def _progress() -> Progress | _LineProgress:
    if not err.is_terminal:
        return _LineProgress(err)
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                    TimeElapsedColumn(), console=err, transient=True)


_TERMINAL_CONTROLS = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?"
                                r"|[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def _safe(text: object) -> str:
    """Text from a document or a file name, fit to print: terminal escape sequences and
    control/bidi characters removed, rich markup escaped (``[/]`` in a clause heading
    once crashed the table with a MarkupError)."""
    return escape(_TERMINAL_CONTROLS.sub("", str(text)))


def _display_path(path: Path) -> str:
    """The path as the user gave it (a missing file must be findable in the message), made
    safe like :func:`_display_name`: valid UTF-8, no terminal escape sequences, no control
    characters (a newline in a name could forge an ``error [...]`` line)."""
    text = str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return _TERMINAL_CONTROLS.sub("", text).replace("\n", " ").replace("\r", " ") or "unnamed"


def _display_name(path: Path) -> str:
    """The file name as valid UTF-8 (undecodable bytes in a name become U+FFFD), without
    terminal escape sequences or control characters."""
    name = path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    # (a line break in a name would let it forge a line of the output or a log: shown as a space)
    return _TERMINAL_CONTROLS.sub("", re.sub(r"[\r\n\t]+", " ", name)).strip() or "unnamed"
