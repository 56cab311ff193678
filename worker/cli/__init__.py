"""The ``contract-review`` command line (typer + rich), one module per command group.

==============  ==============================================================
module          commands
==============  ==============================================================
``review``      ``review``, ``compare``, ``export``
``kb``          ``kb build``, ``kb search``, ``kb cite``, ``kb eval-retrieval``
``models``      ``models list``, ``models install``
``db``          ``db upgrade``
``evaluate``    ``eval``
``bench``       ``bench review`` (also ``bench FILE...``), ``bench chain``, ``bench-chain``
``deploy``      ``api``, ``worker [llm]``, ``beat``, ``documents``, ``reprocess``,
                ``reconcile``, ``webhooks``, ``tenants``, ``storage``
``paths``       ``paths`` (where the index, models and database are)
``common``      consoles, ``error [code]: message`` mapping, progress, safe text
==============  ==============================================================

Every command wraps the same functions the distributed workers use. Errors print
``error [code]: message`` on stderr and exit 1 (2 for bad usage) — never a traceback.
Heavy imports happen inside the commands, so ``contract-review --help`` stays fast.
"""

from __future__ import annotations

import os
import sys

import typer

from worker.cli import bench as _bench
from worker.cli import deploy as _deploy
from worker.cli.db import db_app
from worker.cli.evaluate import eval_cmd
from worker.cli.kb import kb_app
from worker.cli.models import models_app
from worker.cli.paths import paths
from worker.cli.review import compare, export_cmd, review
from worker.settings import default_data_dir

__all__ = ["app", "main"]

def _exit_cleanly_on_sigterm() -> None:
    """Turn SIGTERM (``kill``, a service manager stopping the job) into ``SystemExit(143)``
    raised in the main thread, so ``finally`` blocks and context managers run: the
    LibreOffice child process group is killed and its ``/tmp/cr-soffice-*`` folder removed,
    an output file half-written is discarded. Python's default for SIGTERM ends the process
    at once, leaving both behind. 143 is 128 + SIGTERM, the shell's convention."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return

    def on_term(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends it at once
        print("error [terminated]: stopped by SIGTERM", file=sys.stderr, flush=True)
        raise SystemExit(128 + signal.SIGTERM)

    signal.signal(signal.SIGTERM, on_term)


class _App(typer.Typer):
    """The ``contract-review`` command: Typer, except that a usage error (an unknown option,
    a bad choice such as ``--stance party_c``, a missing argument) ends like every other
    error of this tool — ``error [usage]: …`` on stderr and exit status 1 — instead of
    Click's framed box and status 2."""

    def __call__(self, *args, **kwargs):
        import click

        try:  # Typer >= 0.20 vendors Click; its exceptions are not click's
            from typer._click import exceptions as cx
        except ImportError:  # pragma: no cover - an older Typer on plain Click
            from click import exceptions as cx

        if kwargs.get("standalone_mode") is False:
            return super().__call__(*args, **kwargs)
        _exit_cleanly_on_sigterm()
        try:
            rv = super().__call__(*args, standalone_mode=False, **kwargs)
        except cx.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except cx.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "contract-review"
            click.echo(f"error [usage]: {exc.format_message()} (see `{where} --help`)", err=True)
            sys.exit(1)
        except (typer.Abort, KeyboardInterrupt):
            rv = 130
        if rv == 130:  # Ctrl-C outside a command's error handling (while importing, while printing the table)
            from worker.cli.common import report_interrupted

            report_interrupted()
        sys.exit(rv if isinstance(rv, int) else 0)


app = _App(help="Review contracts (PDF, DOCX, TXT) against PRC statutes with rules and a local LLM.\n\n"
                       "The statute index, the models and the database live in CR_DATA_DIR"
                       + (f" (now {os.environ['CR_DATA_DIR']})" if os.environ.get("CR_DATA_DIR") else "")
                       + f", by default {default_data_dir()} (the same from every folder); `contract-review paths` shows them.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
app.add_typer(kb_app, name="kb")
app.add_typer(models_app, name="models")
app.add_typer(db_app, name="db")
app.command()(review)
app.command("eval")(eval_cmd)
app.command()(compare)
app.command("export")(export_cmd)
# the distributed deployment's commands
app.add_typer(_bench.bench_app, name="bench")
app.command("api")(_deploy.api)
app.add_typer(_deploy.worker_app, name="worker")
app.command("beat")(_deploy.beat)
app.add_typer(_deploy.documents_app, name="documents")
app.command("reprocess")(_deploy.reprocess)
app.command("reconcile")(_deploy.reconcile)
app.add_typer(_deploy.webhooks_app, name="webhooks")
app.add_typer(_deploy.tenants_app, name="tenants")
app.add_typer(_deploy.storage_app, name="storage")
app.command("bench-chain")(_bench.bench_chain)
app.command("paths")(paths)


def main() -> None:  # pragma: no cover - console entry
    """Run the command line (``contract-review``); exits with the command's status."""
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
