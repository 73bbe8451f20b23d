"""A deliberately fragile broker for the broker-target tests. It prints its address, then
answers every request whose frame kformat decodes with a minimal ApiVersions v0 body (the
correlation id echoed), and misbehaves on the first frame that does not decode, as told by
its argument: ``crash`` (SIGSEGV), ``exit`` (status 3), ``hang`` (stops answering) or
``memory`` (holds 400 MiB); ``none`` copes. It stops when its standard input closes."""

import os
import signal
import socket
import struct
import sys
import threading
import time

from kformat.errors import KFormatError
from kformat.protocol.api import parse_request

MODE = sys.argv[1]
HUNG = threading.Event()
HOG = []


def misbehave() -> None:
    if MODE == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif MODE == "exit":
        os._exit(3)
    elif MODE == "memory":
        HOG.append(b"x" * (400 << 20))
    elif MODE == "hang":
        HUNG.set()


def serve(conn: socket.socket) -> None:
    with conn:
        while True:
            head = conn.recv(4, socket.MSG_WAITALL)
            if len(head) < 4:
                return
            size = struct.unpack(">i", head)[0]
            frame = conn.recv(max(0, min(size, 1 << 20)), socket.MSG_WAITALL)
            try:
                parse_request(frame)
            except KFormatError:
                misbehave()
            if HUNG.is_set():
                continue
            body = frame[4:8] + struct.pack(">hi", 0, 0)
            conn.sendall(struct.pack(">i", len(body)) + body)


def main() -> None:
    server = socket.create_server(("127.0.0.1", 0))
    print(f"127.0.0.1:{server.getsockname()[1]}", flush=True)

    def accept() -> None:
        while True:
            conn, _ = server.accept()
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    sys.stdin.read()  # until the campaign closes it
    time.sleep(0.1)


if __name__ == "__main__":
    main()
