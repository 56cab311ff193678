"""What every ``contract-review`` command shares: the two consoles (``out`` for results,
``err`` for progress and errors), the error mapping (``error [code]: message``, exit 1),
progress that also reports without a terminal, and text made safe to print."""

from __future__ import annotations

import re
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

_SEV_STYLE = {"high": "bold red", "medium": "yellow", "low": "cyan"}


def _fail(code: str, message: str) -> typer.Exit:
    err.print(f"[bold red]error[/] {escape(f'[{code}]')}: {escape(message)}", highlight=False)
    return typer.Exit(1)


@contextmanager
def _errors():
    """Map known errors to ``error [code]: message`` and exit 1."""
    try:
        yield
    except PipelineError as exc:
        raise _fail(str(exc.code), exc.message) from None
    except KnowledgeError as exc:
        raise _fail(exc.code, exc.message) from None
    except OSError as exc:
        raise _fail("io_error", f"{exc.strerror or exc}: {exc.filename or ''}".strip()) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - a bug must still end with a code and a message
        raise _fail("internal_error", f"{type(exc).__name__}: {exc} (this is a bug; please report it)") from None


class _LineProgress:
    """Progress for a stderr that is not a terminal (a log file, a CI job, a pipe): one
    plain line when the stage changes and at most one a minute within a stage, so a long
    LLM review is never silent. The same calls as :class:`rich.progress.Progress`."""

    EVERY_S = 60.0

    def __init__(self, console: Console):
        self.console, self.t0 = console, time.monotonic()
        self.state: dict[int, dict] = {}
        self.last = 0.0

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> bool:
        return False

    def add_task(self, description: str, total: float | None = None, **_) -> int:
        task = len(self.state)
        self.state[task] = {"description": description, "completed": 0, "total": total}
        self._say(task)
        return task

    def update(self, task: int, *, description: str | None = None, completed: float | None = None,
               total: float | None = None, **_) -> None:
        st = self.state[task]
        changed = description is not None and description != st["description"]
        for key, value in (("description", description), ("completed", completed), ("total", total)):
            if value is not None:
                st[key] = value
        if changed or time.monotonic() - self.last >= self.EVERY_S:
            self._say(task)

    def _say(self, task: int) -> None:
        st = self.state[task]
        count = f" {st['completed']:g}/{st['total']:g}" if st["total"] else ""
        self.console.print(f"[{time.monotonic() - self.t0:6.0f} s] {_safe(st['description'])}{count}", highlight=False,
                           markup=False, soft_wrap=True)
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


def _display_name(path: Path) -> str:
    """The file name as valid UTF-8 (undecodable bytes in a name become U+FFFD), without
    terminal escape sequences or control characters."""
    name = path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return _TERMINAL_CONTROLS.sub("", name) or "unnamed"
