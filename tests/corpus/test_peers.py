"""Cross-checks of the committed corpus with independent implementations.

Every record-batch and legacy fixture that names kafka-python or aiokafka as its peer decodes
there to the same records and batch fields (aiokafka in both its Python and C readers);
every protocol and data-spec fixture that names kio decodes in kio 0.6.5 to the same values,
compared field by field by snake_case name. The peer tables in
:mod:`kformat.corpus.peers` (which the generator uses without importing the peers) are
checked against the installed kio.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import importlib
import uuid
from typing import Any

import pytest

from kformat.corpus.peers import KIO_APIS, KIO_DATA
from kformat.corpus.verify import load_files
from kformat.jsonable import from_jsonable
from kformat.spec.records_field import RecordSet
from kformat.spec.registry import load_registry
from kformat.spec.schema import VersionSet, snake_case
from tests.corpus.loader import ROOT, entries, expectation

pytestmark = [pytest.mark.peer, pytest.mark.usefixtures("each_engine")]

# --------------------------------------------------------------------------- records


def _readers(peer: str) -> list[tuple[str, Any]]:
    if peer == "kafka-python":
        memory = pytest.importorskip("kafka.record.memory_records")
        return [("kafka-python", memory.MemoryRecords)]
    memory = pytest.importorskip("aiokafka.record.memory_records")
    return [("aiokafka-py", memory._MemoryRecordsPy), ("aiokafka-c", memory.MemoryRecords)]


def _record_cases() -> list[Any]:
    cases = []
    for section in ("records", "legacy"):
        for e in entries(section=section):
            for peer in e["peer"] or ():
                cases.append(pytest.param(e["id"], peer, id=f"{e['id']}-{peer}"))
    return cases


def _peer_rows(batch: Any) -> list[tuple[Any, ...]]:
    return [(r.offset, -1 if r.timestamp is None else r.timestamp, r.key, r.value,
             [tuple(h) for h in (r.headers or [])]) for r in batch]


def _our_rows(batch: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["offset"], r["timestamp"], r["key"], r["value"],
             [(h["key"], h["value"]) for h in r["headers"]]) for r in batch["records"]]


@pytest.mark.parametrize(("fixture_id", "peer"), _record_cases())
def test_record_fixtures_decode_in_peers(fixture_id: str, peer: str) -> None:
    exp = expectation(fixture_id)
    data = load_files(ROOT, exp)["data"]
    ours = from_jsonable(exp["value"])["batches"]
    for name, memory_cls in _readers(peer):
        memory = memory_cls(data)
        theirs = []
        while memory.has_next():
            theirs.append(memory.next_batch())
        assert len(theirs) == len(ours), name
        for batch, mine in zip(theirs, ours, strict=True):
            assert batch.validate_crc(), name
            # aiokafka's legacy batches do not expose their codec
            assert getattr(batch, "compression_type", mine["codec"]) == mine["codec"], name
            assert _peer_rows(batch) == _our_rows(mine), name
            if mine["magic"] == 2:
                assert (batch.base_offset, batch.last_offset_delta, batch.producer_id,
                        batch.producer_epoch, batch.base_sequence, batch.is_transactional,
                        batch.is_control_batch, batch.timestamp_type, batch.max_timestamp) == (
                    mine["base_offset"], mine["last_offset_delta"], mine["producer_id"],
                    mine["producer_epoch"], mine["base_sequence"], mine["is_transactional"],
                    mine["is_control"], mine["timestamp_type"], mine["max_timestamp"]), name


# --------------------------------------------------------------------------- kio


_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
_ALIASES = {"enable2_pc": "enable_2pc", "generation_id": "generation_id_or_member_epoch"}
"""kio's field name -> kformat's, where the spec renamed a field after kio's snapshot."""
_VERSION_ALIASES = {("response", 88, 0): {"acceptable_recovery_lag":
                                          "acceptable_recovery_lag_legacy"}}
"""Renames at one version: StreamsGroupHeartbeat v0's INT32 lag (KIP-1071 made it INT64 in v1
under the old name; kio's spec has only the INT32 one)."""


def _kio_plain(value: Any) -> Any:
    """kio's value in kformat's terms (enums, durations and datetimes as ints)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _kio_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_kio_plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime.timedelta):
        return value // datetime.timedelta(milliseconds=1)
    if isinstance(value, datetime.datetime):
        return (value - _EPOCH) // datetime.timedelta(milliseconds=1)
    if isinstance(value, bool | None | uuid.UUID):
        return value
    for base in (int, float, str, bytes):
        if isinstance(value, base):
            return base(value)
    return value


def _our_name(name: str, ours: dict[str, Any], renames: dict[str, str]) -> str | None:
    for candidate in (renames.get(name), name, _ALIASES.get(name), name.rstrip("_"),
                      f"{name}_ms", name.replace("k_raft", "kraft")):
        if candidate in ours:
            return candidate
    return None


def _compare(ours: Any, theirs: Any, path: str, problems: list[str],
             renames: dict[str, str] | None = None) -> None:
    """Append to ``problems`` where kio's value differs; ``renames`` apply at this level."""
    if isinstance(theirs, dict):
        if not isinstance(ours, dict):
            problems.append(f"{path}: {type(ours).__name__} where kio has a struct")
            return
        for name, value in theirs.items():
            key = _our_name(name, ours, renames or {})
            if key is None:
                problems.append(f"{path}.{name}: no such field in kformat's value")
                continue
            _compare(ours[key], value, f"{path}.{key}", problems)
    elif isinstance(theirs, list):
        if not isinstance(ours, list) or len(ours) != len(theirs):
            problems.append(f"{path}: {ours!r} != {theirs!r}")
            return
        for i, (o, t) in enumerate(zip(ours, theirs, strict=True)):
            _compare(o, t, f"{path}[{i}]", problems)
    else:
        if isinstance(ours, RecordSet):
            ours = ours.raw
        if theirs is None and ours == uuid.UUID(int=0):
            return  # kio reads the zero UUID as None
        if type(ours) is not type(theirs) or ours != theirs:
            problems.append(f"{path}: kformat {ours!r} != kio {theirs!r}")


def _header_cls(kind: str, version: int) -> Any:
    name = "RequestHeader" if kind == "request" else "ResponseHeader"
    module = importlib.import_module(f"kio.schema.{kind}_header.v{version}.header")
    return getattr(module, name)


@pytest.mark.parametrize("fixture_id", [e["id"] for e in entries(peer="kio")
                                        if e["section"] in ("request", "response")])
def test_protocol_fixtures_decode_in_kio(fixture_id: str) -> None:
    serial = pytest.importorskip("kio.serial")
    index = pytest.importorskip("kio.index")
    exp = expectation(fixture_id)
    payload = load_files(ROOT, exp)["data"][4:]
    header, header_size = serial.entity_reader(_header_cls(exp["kind"],
                                                           exp["header_version"]))(payload, 0)
    load = index.load_request_schema if exp["kind"] == "request" else index.load_response_schema
    body, body_size = serial.entity_reader(load(exp["api_key"], exp["version"]))(
        payload, header_size)
    assert header_size + body_size == len(payload)
    ours = from_jsonable(exp["value"])
    problems: list[str] = []
    _compare(ours["header"], _kio_plain(header), "header", problems)
    renames = _VERSION_ALIASES.get((exp["kind"], exp["api_key"], exp["version"]), {})
    _compare(ours["body"], _kio_plain(body), "body", problems, renames)
    assert not problems, problems


_PREFIXED = {"kafka.consumer-protocol-subscription", "kafka.consumer-protocol-assignment",
             "kafka.principal", "kafka.control-record-key"}


@pytest.mark.parametrize("fixture_id", [e["id"] for e in entries(peer="kio", section="internal")])
def test_data_fixtures_decode_in_kio(fixture_id: str) -> None:
    serial = pytest.importorskip("kio.serial")
    exp = expectation(fixture_id)
    data = load_files(ROOT, exp)["data"]
    name, version = exp["schema"], exp["version"]
    module = importlib.import_module(f"kio.schema.{snake_case(name).replace('kraft', 'k_raft')}"
                                     f".v{version}.data")
    start = 2 if exp["format"] in _PREFIXED or exp.get("control_type") in (0, 1) else 0
    entity, size = serial.entity_reader(getattr(module, name))(data, start)
    assert start + size == len(data)
    problems: list[str] = []
    _compare(from_jsonable(exp["value"])["value"], _kio_plain(entity), "value", problems)
    assert not problems, problems


def test_peer_tables_match_installed_kio() -> None:
    schema_index = pytest.importorskip("kio.schema.index")
    constants = pytest.importorskip("kio.static.constants")
    entity = constants.EntityType
    apis, data = {}, {}
    for name, versions in schema_index.schema_name_map.items():
        requests = VersionSet.of(v for v, t in versions.items() if entity.request in t)
        if requests:
            key = next(k for k, n in schema_index.api_key_map.items() if n == name)
            apis[key] = requests
        elif any(entity.data in t for t in versions.values()):
            data[name] = VersionSet.of(versions)
    assert apis == KIO_APIS
    registry = load_registry()
    assert data == {snake_case(n).replace("kraft", "k_raft"): v for n, v in KIO_DATA.items()}
    assert all(registry.message(n).kind == "data" for n in KIO_DATA)


def test_every_peer_claim_is_tested() -> None:
    claimed = {p for e in entries() for p in e["peer"] or ()}
    assert claimed == {"kio", "kafka-python", "aiokafka"}
