"""Send a document's chain (DESIGN §3) by task name, with the Celery app only.

Intake (the API, the relay, ``reconcile``) calls :func:`send_chain`; it does not import
the tasks module, so ``worker.intake`` and ``worker.chain.tasks`` no longer import each
other. The names are the ones :mod:`worker.chain.tasks` registers.
"""

from __future__ import annotations

from celery import chain

from worker.chain.app import QUICK_PUBLISH_RETRY, app
from worker.settings import get_settings

__all__ = ["send_chain"]


def send_chain(document_id: int) -> None:
    """Send the chain of one document (call only after its row is committed). With the
    model (``CR_USE_LLM``), the chain ends at ``prepare``, which fans out and sends the
    rest; rules only, it is ``start -> extract -> review -> persist``.

    Raises:
        kombu.exceptions.OperationalError: the broker cannot be reached.
    """
    names = (("cr.start", "cr.extract", "cr.prepare") if get_settings().use_llm
             else ("cr.start", "cr.extract", "cr.review", "cr.persist"))
    chain(*(app.signature(n, (document_id,), immutable=True) for n in names)).apply_async(
        retry_policy=QUICK_PUBLISH_RETRY)
