"""ASGI middleware of the API: the request body limit (``CR_MAX_REQUEST_BYTES``)."""

from fastapi import HTTPException
from fastapi.responses import JSONResponse

__all__ = ["BodyLimit"]


class BodyLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413, from its
    Content-Length at once, or while it streams (chunked uploads), so an oversized
    upload is never spooled to disk or held in memory."""

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        too_large = JSONResponse({"detail": f"the request body is over {self.limit} bytes (CR_MAX_REQUEST_BYTES); "
                                            "send fewer or smaller files per request"}, status_code=413,
                                 headers={"Connection": "close"})
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await too_large(scope, receive, send)
        seen = 0
        started = False

        async def limited_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, f"the request body is over {self.limit} bytes (CR_MAX_REQUEST_BYTES)")
            return message

        async def watch_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watch_send)
        except HTTPException as exc:  # raised while a middleware-less read streamed the body
            if exc.status_code != 413 or started:
                raise
            await too_large(scope, receive, send)
