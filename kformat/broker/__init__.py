"""A Kafka broker for tests, built on kformat's grammars: see docs/broker.md.

:class:`Broker` runs a cluster of N brokers on 127.0.0.1 in one process; ``kformat broker``
runs one from the command line. :mod:`kformat.testing` is the entry point for tests.
"""

from kformat.broker.cluster import Broker
from kformat.broker.codes import ErrorCode
from kformat.broker.versions import DEFAULT_KAFKA_VERSION, KAFKA_VERSIONS

__all__ = ["DEFAULT_KAFKA_VERSION", "KAFKA_VERSIONS", "Broker", "ErrorCode"]
