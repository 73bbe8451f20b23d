"""A deliberately fragile Kafka client for the campaign tests: it sends one Metadata v12
request to $KFORMAT_BOOTSTRAP, decodes the answer with kformat and misbehaves in a known
way for each kind of surprise:

* the answer does not decode: exit 3 (an error exit);
* a partition leader below -1: SIGSEGV (as a client indexing an array by it would);
* a null cluster id: holds 400 MiB (excessive memory);
* the same broker twice: sleeps (a hang);
* the connection closes early: exit 4.
"""

import os
import signal
import socket
import struct
import sys
import time

import kformat
from kformat.console import parse_address
from kformat.errors import KFormatError


def main() -> int:
    request = kformat.build_request("Metadata", 12, {"topics": None}, correlation_id=42,
                                    client_id="fragile")
    with socket.create_connection(parse_address(os.environ["KFORMAT_BOOTSTRAP"]),
                                  timeout=10) as sock:
        sock.sendall(kformat.frame(request))
        data = b""
        while len(data) < 4 or len(data) < 4 + struct.unpack_from(">i", data)[0]:
            chunk = sock.recv(65536)
            if not chunk:
                return 4
            data += chunk
    try:
        response = kformat.parse_response(data[4:4 + struct.unpack_from(">i", data)[0]],
                                          "Metadata", 12)
    except KFormatError:
        return 3
    body = response.body
    for topic in body["topics"]:
        for partition in topic["partitions"]:
            if partition["leader_id"] < -1:
                os.kill(os.getpid(), signal.SIGSEGV)
    if body["cluster_id"] is None:
        hog = b"x" * (400 << 20)
        time.sleep(30)
        del hog
    ids = [b["node_id"] for b in body["brokers"]]
    if len(ids) != len(set(ids)):
        time.sleep(600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
