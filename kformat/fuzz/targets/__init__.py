"""Example targets for live fuzzing campaigns: real Kafka clients doing one small job each.

``python -m kformat.fuzz.targets CLIENT ROLE [--bootstrap HOST:PORT] [--topic T]
[--messages N] [--deadline S]`` runs one of

* ``librdkafka consumer|producer|admin`` (confluent-kafka),
* ``kafka-python consumer``,
* ``aiokafka consumer``,

against the broker at ``--bootstrap`` (default ``$KFORMAT_BOOTSTRAP``), bounded by
``--deadline`` seconds. Exit status: 0 when the job was done, 2 when the client gave up
within the deadline (reported errors, missing messages), 1 when the client library raised
an exception; a crash, hang or memory blow-up is the campaign runner's to see.
"""

from kformat.fuzz.targets.main import CLIENTS, main

__all__ = ["CLIENTS", "main"]
