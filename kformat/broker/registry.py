"""The table of request handlers: API key -> the coroutine that answers it.

Each handler module registers its APIs with :func:`handles`; a handler takes the
:class:`~kformat.broker.server.RequestContext` and the parsed
:class:`~kformat.protocol.api.Request` and returns the response body (a dict, missing
fields at their defaults), or None when no response is sent (Produce with acks=0).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kformat.broker.server import RequestContext
    from kformat.protocol.api import Request

__all__ = ["HANDLERS", "Handler", "handles"]

Handler = Callable[["RequestContext", "Request"], Awaitable[dict[str, Any] | None]]
HANDLERS: dict[int, Handler] = {}


def handles(*api_keys: int) -> Callable[[Handler], Handler]:
    """Register the decorated coroutine as the handler of ``api_keys``."""
    def register(handler: Handler) -> Handler:
        for key in api_keys:
            if key in HANDLERS:
                raise ValueError(f"API {key} has two handlers")
            HANDLERS[key] = handler
        return handler
    return register
