"""``python -m worker.cli ARGS`` is ``contract-review ARGS``."""

from worker.cli import app

app()
