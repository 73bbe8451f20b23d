"""Example targets for live fuzzing campaigns: real Kafka clients doing one small job each.

``python -m kformat.fuzz.targets CLIENT:ROLE... [--bootstrap HOST:PORT] [--topic T]
[--messages N] [--deadline S]`` runs one or more of

* ``librdkafka:consumer``, ``librdkafka:producer``, ``librdkafka:admin`` (confluent-kafka),
* ``kafka-python:consumer``,
* ``aiokafka:consumer``,

one after the other against the broker at ``--bootstrap`` (default ``$KFORMAT_BOOTSTRAP``),
each bounded by ``--deadline`` seconds. Exit status: 0 when every job was done, 2 when a
client gave up within its deadline (reported errors, missing messages), 1 when a client
library raised an exception; a crash, hang or memory blow-up is the campaign runner's to
see. ``python -m kformat.fuzz.targets.mock_broker`` is the broker side (librdkafka's mock
cluster), for ``--upstream-cmd``.
"""

from kformat.fuzz.targets.main import CLIENTS, main

__all__ = ["CLIENTS", "main"]
