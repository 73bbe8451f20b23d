"""``kformat decode pcap`` on hand-built captures: every link type and file format, IPv4 and
IPv6, reassembly under reordering, overlap, retransmission and loss, pairing, trailing
bytes, KIP-511, TLS and SASL, detection by port and by sniffing."""

from __future__ import annotations

import io
import json
import random

import pytest

from kformat.capture import CaptureDecoder, decode_pcap
from kformat.capture.cli import main as pcap_main
from kformat.protocol.api import build_request, build_response
from kformat.protocol.cli import main as decode_main
from kformat.protocol.framing import frame
from tests.capture.synth import Conversation, write
from tests.protocol.test_fidelity import API_VERSIONS_V0_UNSUPPORTED, RDKAFKA_API_VERSIONS_V0


def exchanges():
    """(request frame, response frame) pairs of a short client session."""
    return [
        (build_request("ApiVersions", 3, {"client_software_name": "t", "client_software_version": "1"},
                       correlation_id=1, client_id="cli"),
         build_response("ApiVersions", 3, {"api_keys": [{"api_key": 3, "min_version": 0,
                                                         "max_version": 12}]}, correlation_id=1)),
        (build_request("Metadata", 12, {"topics": [{"name": "t"}]}, correlation_id=2, client_id="cli"),
         build_response("Metadata", 12, {"brokers": [{"node_id": 1, "host": "b1", "port": 9092}],
                                         "topics": [{"name": "t", "partitions": []}]},
                        correlation_id=2)),
        (build_request("FindCoordinator", 4, {"key_type": 0, "coordinator_keys": ["g"]},
                       correlation_id=3, client_id="cli"),
         build_response("FindCoordinator", 4, {"coordinators": [
             {"key": "g", "node_id": 1, "host": "b1", "port": 9092}]}, correlation_id=3)),
    ]


def session(conv: Conversation, pairs, mss: int = 0) -> None:
    for request, response in pairs:
        conv.send("client", frame(request), mss)
        conv.send("server", frame(response), mss)


def decode(path, **options):
    decoder = CaptureDecoder(**options)
    records = list(decoder.decode([path]))
    return records, decoder.summaries()


def check_session(records, pairs, client="10.0.0.1:50000", server="10.0.0.2:9092"):
    assert [r["kind"] for r in records] == ["request", "response"] * len(pairs)
    assert all("error" not in r for r in records), [r.get("error") for r in records]
    assert [r["correlation_id"] for r in records] == [i for i in (1, 2, 3) for _ in (0, 1)][:len(records)]
    assert {(r["client"], r["server"]) for r in records} == {(client, server)}
    assert [r["api_name"] for r in records[::2]] == ["ApiVersions", "Metadata", "FindCoordinator"][:len(pairs)]
    assert records[0]["client_id"] == "cli" and "client_id" not in records[1]
    assert records[3]["body"]["brokers"] == [{"node_id": 1, "host": "b1", "port": 9092, "rack": None}]
    assert all(isinstance(r["ts"], float) for r in records)


@pytest.mark.parametrize("linktype", ["ethernet", "sll", "sll2", "null", "loop", "raw"])
@pytest.mark.parametrize("fmt", ["pcap", "pcapng"])
def test_every_link_type_and_format(tmp_path, linktype, fmt):
    conv = Conversation()
    session(conv, exchanges())
    conv.close()
    records, summaries = decode(write(tmp_path / f"c.{fmt}", conv.packets, linktype, fmt))
    check_session(records, exchanges())
    (summary,) = summaries
    assert summary["status"] == "kafka"
    assert (summary["requests"], summary["responses"], summary["errors"], summary["gaps"]) == (3, 3, 0, 0)


@pytest.mark.parametrize("linktype", ["ethernet", "sll2", "null", "raw"])
def test_ipv6(tmp_path, linktype):
    conv = Conversation(client=("fd00::1", 50000), server=("fd00::2", 9092))
    session(conv, exchanges())
    records, _ = decode(write(tmp_path / "c.pcapng", conv.packets, linktype))
    check_session(records, exchanges(), "[fd00::1]:50000", "[fd00::2]:9092")


def test_small_segments_reordered_duplicated_and_overlapping(tmp_path):
    conv = Conversation()
    session(conv, exchanges(), mss=7)
    head, data = conv.packets[:3], conv.packets[3:]
    rng = random.Random(5)
    mangled = []
    for i, p in enumerate(data):
        mangled.append(p)
        if i % 3 == 0:  # a retransmission
            mangled.append(p)
        if i % 4 == 1 and len(p.data) > 3:  # an overlapping resend of the tail
            mangled.append(type(p)(p.ts, p.src, p.sport, p.dst, p.dport, p.seq + 2, p.ack,
                                   p.flags, p.data[2:]))
    # reorder each run of segments one side sent in a row (the capture order of a path that
    # reorders): a peer's ACK never precedes the bytes it acknowledges in the capture
    shuffled, run = [], []
    for p in [*mangled, None]:
        if run and (p is None or p.src != run[0].src):
            rng.shuffle(run)
            shuffled += run
            run = []
        if p is not None:
            run.append(p)
    conv.packets = head + shuffled
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    check_session(records, exchanges())
    assert summary["tcp"]["retransmitted_bytes"] > 0
    assert summary["tcp"]["overlapping_bytes"] + summary["tcp"]["retransmitted_bytes"] > 0
    assert summary["tcp"]["conflicting_overlaps"] == 0


def test_a_lost_segment_is_a_gap_and_decoding_resumes(tmp_path):
    conv = Conversation()
    pairs = exchanges()
    session(conv, pairs[:1])
    lost = conv.send("client", frame(pairs[1][0]))  # the Metadata request never captured
    conv.send("server", frame(pairs[1][1]))
    session(conv, pairs[2:])
    conv.packets.remove(lost[0])
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    kinds = [(r["kind"], r.get("api_name"), "error" in r) for r in records]
    # the server's ACK covers the lost bytes: the gap is known when the response comes
    assert kinds == [("request", "ApiVersions", False), ("response", "ApiVersions", False),
                     ("response", None, True),  # correlation id 2: its request was lost
                     ("request", "FindCoordinator", False),
                     ("response", "FindCoordinator", False)]
    assert records[2]["error"]["reason"] == "no request with this correlation id"
    assert records[2]["correlation_id"] == 2
    assert (summary["gaps"], summary["gap_bytes"]) == (1, len(frame(pairs[1][0])))
    assert summary["unmatched_responses"] == 1


def test_a_lost_segment_without_acks_is_a_gap_at_the_end(tmp_path):
    conv = Conversation()
    pairs = exchanges()
    session(conv, pairs[:1])
    lost = conv.send("client", frame(pairs[1][0]), mss=10)
    session(conv, pairs[2:])
    conv.packets.remove(lost[1])
    for p in conv.packets:
        p.flags &= ~0x10  # no ACK flags: the hole is only known when the capture ends
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    assert [(r["kind"], r.get("api_name")) for r in records] == [
        ("request", "ApiVersions"), ("response", "ApiVersions"),
        ("response", None), ("request", "FindCoordinator")]
    assert (summary["gaps"], summary["gap_bytes"]) == (1, 10)


def test_capture_started_in_the_middle_of_a_frame(tmp_path):
    """tcpdump started while the client was connected: the first bytes are the end of a frame;
    decoding starts at the first frame that decodes, and the skipped bytes are counted."""
    conv = Conversation(handshake=False)
    session(conv, exchanges(), mss=10)
    first_request = len(frame(exchanges()[0][0]))
    conv.packets = conv.packets[1:]  # the first 10 bytes of the first request were not captured
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    assert [(r["kind"], r["api_name"]) for r in records] == [
        ("request", "Metadata"), ("response", "Metadata"),
        ("request", "FindCoordinator"), ("response", "FindCoordinator")]
    assert all("error" not in r for r in records)
    first_response = len(frame(exchanges()[0][1]))
    assert summary["skipped_bytes"] == first_request - 10 + first_response
    assert summary["gaps"] == 0


def test_trailing_bytes_and_kip511_in_a_capture(tmp_path):
    conv = Conversation()
    conv.send("client", frame(RDKAFKA_API_VERSIONS_V0))
    conv.send("server", frame(build_response("ApiVersions", 0, {}, correlation_id=1)))
    conv.send("client", frame(build_request("ApiVersions", 4, {}, correlation_id=7, client_id="x")))
    conv.send("server", frame(API_VERSIONS_V0_UNSUPPORTED))
    records, _ = decode(write(tmp_path / "c.pcapng", conv.packets))
    assert records[0]["trailing"] == "00000000"
    assert records[0]["body"] == {}  # v0 has no fields: only the version's fields are shown
    assert "trailing" not in records[1]
    assert (records[3]["api_version"], records[3]["parsed_as_version"]) == (4, 0)
    assert records[3]["body"]["error_code"] == 35


def test_tls_connection_is_reported_not_decoded(tmp_path):
    conv = Conversation(server=("10.0.0.2", 9093))
    conv.send("client", bytes.fromhex("160301012c010001280303") + bytes(290))
    conv.send("server", bytes.fromhex("160303007a020000760303") + bytes(120))
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    assert records == []
    assert (summary["status"], summary["reason"]) == ("tls", "TLS: not decodable")


def test_sasl_handshake_v0_tokens_are_reported_not_decoded(tmp_path):
    conv = Conversation()
    conv.send("client", frame(build_request("SaslHandshake", 0, {"mechanism": "PLAIN"},
                                            correlation_id=1, client_id="c")))
    conv.send("server", frame(build_response("SaslHandshake", 0, {"mechanisms": ["PLAIN"]},
                                             correlation_id=1)))
    conv.send("client", frame(b"\0user\0secret"))
    conv.send("server", frame(b""))
    session(conv, exchanges()[1:2])
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    assert [r["kind"] for r in records] == ["request", "response", "sasl", "sasl", "request", "response"]
    assert "SASL token" in records[2]["error"]["reason"]
    assert records[5]["body"]["brokers"][0]["host"] == "b1"
    assert "sasl" in summary


def test_unknown_port_found_by_sniffing_and_by_port_option(tmp_path):
    conv = Conversation(client=("10.0.0.1", 40000), server=("10.0.0.2", 7777), handshake=False)
    session(conv, exchanges())
    path = write(tmp_path / "c.pcapng", conv.packets)
    records, _ = decode(path)
    check_session(records, exchanges(), "10.0.0.1:40000", "10.0.0.2:7777")
    assert decode(path, sniff=False)[0] == []
    assert len(decode(path, sniff=False, ports=[7777])[0]) == 6


def test_non_kafka_traffic_is_ignored(tmp_path):
    conv = Conversation(server=("10.0.0.2", 80))
    conv.send("client", b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    conv.send("server", b"HTTP/1.1 200 OK\r\n\r\n")
    records, summaries = decode(write(tmp_path / "c.pcapng", conv.packets))
    assert records == [] and summaries == []


def test_two_connections_interleaved(tmp_path):
    a = Conversation(client=("10.0.0.1", 50000))
    b = Conversation(client=("10.0.0.3", 50001), t0=1700000000.0005)
    session(a, exchanges())
    session(b, exchanges())
    packets = sorted(a.packets + b.packets, key=lambda p: p.ts)
    records, summaries = decode(write(tmp_path / "c.pcapng", packets))
    assert len(records) == 12 and len(summaries) == 2
    for client in ("10.0.0.1:50000", "10.0.0.3:50001"):
        check_session([r for r in records if r["client"] == client], exchanges(), client)


def test_undecodable_request_is_an_error_record(tmp_path):
    conv = Conversation()
    bad = bytearray(build_request("Metadata", 12, {"topics": [{"name": "t"}]}, correlation_id=4,
                                  client_id="c"))
    bad[bad.index(b"\x02t")] = 0x7F  # the topic name's compact length now runs past the frame
    conv.send("client", frame(bytes(bad)))
    records, (summary,) = decode(write(tmp_path / "c.pcapng", conv.packets))
    (record,) = records
    assert (record["api_name"], record["correlation_id"]) == ("Metadata", 4)
    assert set(record["error"]) == {"class", "path", "offset", "reason"}
    assert record["error"]["offset"] >= 4 and "body" not in record
    assert summary["errors"] == 1


def test_cli_writes_json_lines_and_summaries(tmp_path):
    conv = Conversation()
    session(conv, exchanges())
    path = write(tmp_path / "c.pcap", conv.packets, "sll", "pcap")
    out, err = io.StringIO(), io.StringIO()
    assert pcap_main([str(path)], out=out, err=err) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    check_session(lines, exchanges())
    summary, counts = [json.loads(line) for line in err.getvalue().splitlines()]
    assert summary["requests"] == 3
    assert counts == {"packets": len(conv.packets), "tcp_segments": len(conv.packets),
                      "skipped_packets": 0}
    # through ``kformat decode pcap``
    out = io.StringIO()
    assert decode_main(["pcap", str(path)], out=out) == 0
    assert [json.loads(line) for line in out.getvalue().splitlines()] == lines


def test_cli_exit_status_on_errors_and_bad_files(tmp_path, capsys):
    bad = tmp_path / "bad.pcap"
    bad.write_bytes(b"not a capture at all")
    err = io.StringIO()
    assert pcap_main([str(bad)], out=io.StringIO(), err=err) == 1  # read: not a capture
    assert err.getvalue() == (f"kformat decode pcap: {bad}: DecodeError: not a pcap or pcapng "
                              f"file (got 20, 24 needed at least) [offset 0]\n")
    conv = Conversation(server=("10.0.0.2", 9093))
    conv.send("client", bytes.fromhex("160301") + bytes(40))
    path = write(tmp_path / "tls.pcapng", conv.packets)
    assert pcap_main([str(path)], out=io.StringIO(), err=io.StringIO()) == 1


def test_decode_pcap_function_takes_one_path(tmp_path):
    conv = Conversation()
    session(conv, exchanges()[:1])
    path = write(tmp_path / "c.pcapng", conv.packets)
    assert [r["kind"] for r in decode_pcap(path)] == ["request", "response"]


def test_packets_that_are_not_tcp_are_counted(tmp_path):
    import dpkt

    udp = dpkt.ip.IP(src=bytes([10, 0, 0, 1]), dst=bytes([10, 0, 0, 2]), p=dpkt.ip.IP_PROTO_UDP,
                     data=dpkt.udp.UDP(sport=1, dport=2, data=b"x"))
    fragment = dpkt.ip.IP(src=bytes([10, 0, 0, 1]), dst=bytes([10, 0, 0, 2]),
                          p=dpkt.ip.IP_PROTO_TCP, mf=1, data=b"\0" * 24)
    path = tmp_path / "other.pcap"
    with open(path, "wb") as fh:
        writer = dpkt.pcap.Writer(fh, linktype=101)
        writer.writepkt(bytes(udp), ts=1.0)
        writer.writepkt(bytes(fragment), ts=2.0)
        writer.writepkt(b"\x45", ts=3.0)  # a header cut short
    decoder = CaptureDecoder()
    assert list(decoder.decode([path])) == []
    stats = decoder.read_stats
    assert (stats.packets, stats.tcp, stats.skipped) == (3, 0, 3)


def test_corrupt_captures_raise_only_kformat_errors(tmp_path):
    """Cut and bit-flipped captures: records, or a DecodeError naming the file; never a
    foreign exception."""
    from kformat.errors import KFormatError

    conv = Conversation()
    session(conv, exchanges())
    rng = random.Random(11)
    for fmt in ("pcap", "pcapng"):
        good = write(tmp_path / f"good.{fmt}", conv.packets, "ethernet", fmt).read_bytes()
        for i in range(60):
            data = bytearray(good)
            if i % 3 == 0:
                data = data[:rng.randrange(len(data))]
            for _ in range(1 + i % 4):
                if data:
                    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            path = tmp_path / f"bad{i}.{fmt}"
            path.write_bytes(bytes(data))
            try:
                records = list(CaptureDecoder().decode([path]))
            except KFormatError as exc:
                assert exc.where == str(path)  # type: ignore[attr-defined]
                continue
            assert all(("body" in r) != ("error" in r) for r in records)


def _two_interface_pcapng(frame: bytes, ts_ns: int) -> bytes:
    """A pcapng of two Ethernet interfaces, the second in nanoseconds, with one packet on it."""
    import struct

    def block(btype: int, body: bytes) -> bytes:
        body += b"\0" * (-len(body) % 4)
        return struct.pack("<II", btype, len(body) + 12) + body + struct.pack("<I", len(body) + 12)

    shb = block(0x0A0D0D0A, struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1))
    idb_us = block(1, struct.pack("<HHI", 1, 0, 262144))
    idb_ns = block(1, struct.pack("<HHI", 1, 0, 262144) + struct.pack("<HHB3x", 9, 1, 9)
                   + struct.pack("<HH", 0, 0))
    epb = block(6, struct.pack("<IIIII", 1, ts_ns >> 32, ts_ns & 0xFFFFFFFF, len(frame),
                               len(frame)) + frame)
    return shb + idb_us + idb_ns + epb


def test_pcapng_timestamps_use_each_interfaces_resolution(tmp_path):
    from kformat.capture.pcap import read_segments
    from tests.capture.synth import link_frame

    conv = Conversation()
    frame = link_frame("ethernet", conv.packets[0])
    path = tmp_path / "two.pcapng"
    path.write_bytes(_two_interface_pcapng(frame, 1_700_000_000_123_456_789))
    (seg,) = read_segments(path)
    assert seg.ts == pytest.approx(1_700_000_000.123456789)


def test_gzipped_captures_and_stdin_read_as_the_plain_ones(tmp_path):
    import gzip

    conv = Conversation()
    session(conv, exchanges()[:1])
    conv.close()
    for fmt in ("pcap", "pcapng"):
        plain = write(tmp_path / f"c.{fmt}", conv.packets, "ethernet", fmt)
        zipped = tmp_path / f"c.{fmt}.gz"
        zipped.write_bytes(gzip.compress(plain.read_bytes()))
        want, _ = decode(plain)
        assert [r["kind"] for r in want] == ["request", "response"]
        assert decode(zipped)[0] == want
        from tests.cli.runner import cli

        code, stdout, _ = cli("decode", "pcap", "-", stdin=zipped.read_bytes())
        assert code == 0 and [json.loads(x) for x in stdout.splitlines()] == want


def test_a_cut_capture_is_reported_with_its_position(tmp_path):
    from kformat.errors import TruncatedError

    conv = Conversation()
    session(conv, exchanges()[:1])
    good = write(tmp_path / "c.pcapng", conv.packets).read_bytes()
    cut = tmp_path / "cut.pcapng"
    cut.write_bytes(good[:-7])
    with pytest.raises(TruncatedError) as info:
        decode(cut)
    last = good.rindex(b"\x06\x00\x00\x00")  # the last block, an enhanced packet block
    assert info.value.offset == last and info.value.where == str(cut)
