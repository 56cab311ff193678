"""The HTTP API (FastAPI; OpenAPI at ``/openapi.json``), run by ``contract-review api``.

==============  ==============================================================
module          what
==============  ==============================================================
``app``         :func:`create_app`: authentication, tenant scoping and the routes
``schemas``     request and response bodies (pydantic)
``limits``      :class:`BodyLimit`, the streaming request-body limit (ASGI)
==============  ==============================================================

``uvicorn worker.api:create_app --factory`` serves it.
"""

from worker.api.app import MAX_ID, create_app

__all__ = ["MAX_ID", "create_app"]
