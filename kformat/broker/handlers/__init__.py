"""The request handlers, one module per group of APIs; importing this package registers them."""

from kformat.broker import producers  # noqa: F401
from kformat.broker.handlers import admin, fetch, produce  # noqa: F401
