"""kformat's Python worker daemon: pyspark's, with a hung-up worker ended quietly."""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("pyspark")

from kformat.spark.daemon import quiet_when_hung_up


def _worker(outcome: BaseException | int):
    def worker(sock: socket.socket, authenticated: bool) -> int:
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome
    return worker


@pytest.mark.parametrize("code", [0, 1, -1])
def test_a_worker_that_ends_keeps_its_exit_code(code: int) -> None:
    assert quiet_when_hung_up(_worker(code))(None, False) == code  # type: ignore[arg-type]


@pytest.mark.parametrize("error", [BrokenPipeError(32, "Broken pipe"),
                                   ConnectionResetError(104, "Connection reset by peer")])
def test_a_worker_spark_hung_up_on_retires_quietly(error: OSError) -> None:
    assert quiet_when_hung_up(_worker(error))(None, False) == 1  # type: ignore[arg-type]


@pytest.mark.parametrize("error", [EOFError(), OSError(5, "Input/output error"),
                                   ValueError("bad"), SystemExit(3)])
def test_any_other_failure_is_pyspark_s_as_before(error: BaseException) -> None:
    with pytest.raises(type(error)):
        quiet_when_hung_up(_worker(error))(None, False)  # type: ignore[arg-type]


def test_a_real_closed_socket_is_a_hang_up() -> None:
    """What the daemon's flush meets when Spark has closed a Unix domain socket."""
    ours, spark = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    spark.close()

    def worker(sock: socket.socket, authenticated: bool) -> int:
        with sock.makefile("wb") as out:
            out.write(b"\x00\x00\x00\x01")
            out.flush()
        return 0

    try:
        assert quiet_when_hung_up(worker)(ours, True) == 1
    finally:
        ours.close()
