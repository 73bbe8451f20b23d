"""TCP reassembly: retransmissions, overlaps, reordering, gaps, sequence wrap-around."""

from __future__ import annotations

from kformat.capture.tcp import TcpStream


def data_of(events):
    return b"".join(v for k, v in events if k == "data")


def test_in_order_segments_after_a_syn():
    s = TcpStream()
    s.syn(99)
    assert s.add(100, b"abc") == [("data", b"abc")]
    assert s.add(103, b"def") == [("data", b"def")]
    assert s.delivered == 6


def test_out_of_order_segments_wait_for_the_hole():
    s = TcpStream()
    s.syn(0)
    assert s.add(4, b"def") == []
    assert s.add(7, b"ghi") == []
    assert data_of(s.add(1, b"abc")) == b"abcdefghi"
    assert s.pending == {} and s.pending_bytes == 0


def test_retransmission_is_counted_and_dropped():
    s = TcpStream()
    s.syn(0)
    s.add(1, b"abcdef")
    assert s.add(1, b"abcdef") == []
    assert s.add(3, b"cd") == []
    assert s.retransmitted == 8 and s.conflicts == 0


def test_overlap_delivers_only_new_bytes_and_first_copy_wins():
    s = TcpStream()
    s.syn(0)
    s.add(1, b"abcd")
    assert s.add(3, b"XXef") == [("data", b"ef")]  # "cd" was delivered first
    assert (s.overlapping, s.conflicts) == (2, 1)


def test_overlapping_out_of_order_segments():
    s = TcpStream()
    s.syn(0)
    s.add(5, b"efgh")
    s.add(3, b"cdef")  # overlaps the held segment
    assert data_of(s.add(1, b"ab")) == b"abcdefgh"


def test_duplicate_out_of_order_segment_keeps_the_longer_copy():
    s = TcpStream()
    s.syn(0)
    s.add(3, b"c")
    s.add(3, b"cde")
    assert data_of(s.add(1, b"ab")) == b"abcde"


def test_a_hole_never_filled_is_a_gap_at_flush():
    s = TcpStream()
    s.syn(0)
    s.add(1, b"ab")
    s.add(10, b"xyz")
    assert s.flush() == [("gap", 7), ("data", b"xyz")]
    assert (s.gaps, s.gap_bytes) == (1, 7)


def test_too_much_waiting_data_declares_the_gap_early():
    s = TcpStream(max_pending=4)
    s.syn(0)
    s.add(1, b"ab")
    assert s.add(10, b"xyz") == []
    assert s.add(13, b"uv") == [("gap", 7), ("data", b"xyz"), ("data", b"uv")]


def test_sequence_numbers_wrap_around():
    s = TcpStream()
    s.syn(2**32 - 3)  # stream starts at 2**32 - 2
    assert data_of(s.add(2**32 - 2, b"ab")) == b"ab"
    assert data_of(s.add(0, b"cd")) == b"cd"
    assert s.add(2**32 - 2, b"ab") == []  # a retransmission from before the wrap
    assert s.retransmitted == 2


def test_capture_started_mid_connection():
    s = TcpStream()
    assert s.add(123456, b"abc") == [("data", b"abc")]
    assert s.add(123459, b"d") == [("data", b"d")]
