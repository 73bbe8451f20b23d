"""Cross-checks of whole protocol messages against independent implementations.

* kio 0.6.5 (generated from Kafka 4.x's JSON specs): for every request and response version
  kio has, kformat's bytes equal kio's for the same values, kformat parses kio's frames (kio's
  own header entity included) to those values, kio reads kformat's bytes back to the same
  entity, and both pick the same header version.
* kafka-python 3.x, for the versions kio lacks (the pre-4.0 ones): its hand-written
  ``kafka.protocol.old`` structs must produce kformat's bytes and read them back.
* kafka-python 3.x's JSON-generated classes (``kafka.protocol``): every version they declare
  reads kformat's bytes and writes them back identical.

Values come from :mod:`tests.protocol.values` without unknown tagged fields (neither peer
keeps them). kio and kformat name a few fields differently (``throttle_time`` for
``ThrottleTimeMs``, timedeltas and datetimes for ``*_ms`` integers); fields are matched by
position, which the specs fix, and converted by kio's ``kafka_type``.
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib
import io
import pkgutil
from typing import Any

import pytest

from kformat import build_request, build_response, compiled_grammar, parse_request, parse_response
from kformat.protocol.api import request_header_version, response_header_version
from kformat.spec.records_field import RecordSet
from kformat.spec.registry import load_registry
from kformat.spec.schema import FieldDef, MessageDef
from tests.helpers import assert_same
from tests.protocol.values import sample_body

pytestmark = [pytest.mark.peer, pytest.mark.usefixtures("each_engine")]

kio_index = pytest.importorskip("kio.index")
from kio.schema.errors import ErrorCode  # noqa: E402
from kio.schema.index import api_key_map, schema_name_map  # noqa: E402
from kio.serial import entity_reader, entity_writer  # noqa: E402
from kio.serial._introspect import (  # noqa: E402
    EntityField,
    EntityTupleField,
    PrimitiveTupleField,
    classify_field,
)
from kio.serial.readers import tz_aware_from_i64  # noqa: E402
from kio.static.constants import EntityType  # noqa: E402
from kio.static.primitive import i32Timedelta, i64Timedelta  # noqa: E402

REGISTRY = load_registry()
KINDS = {"request": EntityType.request, "response": EntityType.response}


def _kio_cases() -> list[tuple[str, int, int]]:
    cases = []
    for key in REGISTRY.api_keys():
        name = api_key_map.get(key)
        for kind, entity_type in KINDS.items():
            msg = REGISTRY.request(key) if kind == "request" else REGISTRY.response(key)
            for version in msg.valid:
                if name and entity_type in schema_name_map[name].get(version, {}):
                    cases.append((kind, key, version))
    return cases


KIO_CASES = _kio_cases()


def _kio_class(kind: str, key: int, version: int) -> Any:
    module = kio_index.load_entity_module(api_key_map[key], version, KINDS[kind])
    (cls,) = [v for v in vars(module).values() if isinstance(v, type)
              and dataclasses.is_dataclass(v) and getattr(v, "__type__", None) is KINDS[kind]]
    return cls


def _kio_scalar(kio_field: dataclasses.Field, value: Any) -> Any:
    kafka_type = kio_field.metadata.get("kafka_type")
    if kafka_type == "error_code":
        return ErrorCode(value)
    if kafka_type == "timedelta_i32":
        return i32Timedelta.parse(datetime.timedelta(milliseconds=value))
    if kafka_type == "timedelta_i64":
        return i64Timedelta.parse(datetime.timedelta(milliseconds=value))
    if kafka_type == "datetime_i64":
        return tz_aware_from_i64(value)
    if isinstance(value, RecordSet):
        return value.raw
    return value


def to_kio(msg: MessageDef, cls: Any, fields: tuple[FieldDef, ...], version: int,
           value: dict[str, Any]) -> Any:
    """The kio entity holding a kformat body dict (fields matched by position)."""
    ours = [f for f in fields if version in f.versions]
    kwargs = {}
    for f, kf in zip(ours, dataclasses.fields(cls), strict=True):
        v = value[f.py_name]
        kind = classify_field(kf)
        if v is None:
            kwargs[kf.name] = None
        elif isinstance(kind, EntityTupleField):
            kwargs[kf.name] = tuple(to_kio(msg, kind.type_, msg.children(f), version, x) for x in v)
        elif isinstance(kind, EntityField):
            kwargs[kf.name] = to_kio(msg, kind.type_, msg.children(f), version, v)
        elif isinstance(kind, PrimitiveTupleField):
            kwargs[kf.name] = tuple(_kio_scalar(kf, x) for x in v)
        else:
            kwargs[kf.name] = _kio_scalar(kf, v)
    return cls(**kwargs)


def _kio_bytes(cls: Any, entity: Any) -> bytes:
    buf = io.BytesIO()
    entity_writer(cls)(buf, entity)
    return buf.getvalue()


@pytest.mark.parametrize(("kind", "key", "version"), KIO_CASES,
                         ids=[f"{REGISTRY.request(k).api_name}{kind.title()}-v{v}" for kind, k, v in KIO_CASES])
def test_kio_agrees(kind, key, version):
    msg = REGISTRY.request(key) if kind == "request" else REGISTRY.response(key)
    cls = _kio_class(kind, key, version)
    body = sample_body(msg, version, unknown_tags=False)
    entity = to_kio(msg, cls, msg.fields, version, body)
    kio_body = _kio_bytes(cls, entity)
    assert compiled_grammar(key, version, kind).build(body) == kio_body

    header_cls = cls.__header_schema__
    header_version = int(header_cls.__module__.split(".")[-2].removeprefix("v"))
    if kind == "request":
        assert request_header_version(key, version) == header_version
        header = header_cls(request_api_key=key, request_api_version=version, correlation_id=42,
                            client_id="kio-ü")
        kio_frame = _kio_bytes(header_cls, header) + kio_body
        parsed = parse_request(kio_frame)
        assert (parsed.api_key, parsed.api_version, parsed.client_id) == (key, version, "kio-ü")
        assert build_request(key, version, body, correlation_id=42, client_id="kio-ü") == kio_frame
    else:
        assert response_header_version(key, version) == header_version
        kio_frame = _kio_bytes(header_cls, header_cls(correlation_id=42)) + kio_body
        parsed = parse_response(kio_frame, key, version)
        assert build_response(key, version, body, correlation_id=42) == kio_frame
    assert parsed.correlation_id == 42
    assert_same(parsed.body, body, "kformat parse of kio's frame")

    back, size = entity_reader(cls)(kio_body, 0)
    assert size == len(kio_body)
    assert back == entity


def test_kio_count():
    """kio 0.6.5 covers the Kafka 4.x versions: about 300 API versions, both directions."""
    versions = {(key, version) for _, key, version in KIO_CASES}
    assert len(KIO_CASES) == 2 * len(versions)
    assert len(versions) >= 300


# --------------------------------------------------------------------------- kafka-python


def _old_classes() -> dict[tuple[int, int, str], Any]:
    old = pytest.importorskip("kafka.protocol.old")
    from kafka.protocol.old.api import Request, Response

    found: dict[tuple[int, int, str], Any] = {}
    for info in pkgutil.iter_modules(old.__path__):
        module = importlib.import_module(f"kafka.protocol.old.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Request | Response) \
                    and isinstance(value.__dict__.get("API_VERSION"), int):
                kind = "request" if issubclass(value, Request) else "response"
                found.setdefault((value.API_KEY, value.API_VERSION, kind), value)
    return found


def _old_cases() -> list[Any]:
    try:
        classes = _old_classes()
    except pytest.skip.Exception:
        return []
    kio_versions = {(key, version) for _, key, version in KIO_CASES}
    cases = []
    for key in REGISTRY.api_keys():
        for version in REGISTRY.request(key).valid:
            if (key, version) in kio_versions:
                continue
            for kind in ("request", "response"):
                cls = classes.get((key, version, kind))
                if cls is None or version != cls.API_VERSION:
                    continue
                marks = []
                if (key, version, kind) == (35, 0, "request"):
                    marks = [pytest.mark.xfail(strict=True, reason=(
                        "kafka-python's DescribeLogDirsRequest_v0 declares partitions as one "
                        "INT32; Kafka's spec (and v1) have an array of INT32"))]
                cases.append(pytest.param(kind, key, version, cls,
                                          id=f"{REGISTRY.request(key).api_name}{kind.title()}-v{version}",
                                          marks=marks))
    return cases


OLD_CASES = _old_cases()


def _to_old(msg: MessageDef, fields: tuple[FieldDef, ...], version: int, value: dict[str, Any]) -> tuple:
    out = []
    for f in fields:
        if version not in f.versions:
            continue
        v = value[f.py_name]
        if v is not None and f.type.is_struct:
            children = msg.children(f)
            v = ([_to_old(msg, children, version, x) for x in v] if f.type.is_array
                 else _to_old(msg, children, version, v))
        elif isinstance(v, RecordSet):
            v = v.raw
        out.append(v)
    return tuple(out)


@pytest.mark.parametrize(("kind", "key", "version", "cls"), OLD_CASES)
def test_kafka_python_old_structs_agree(kind, key, version, cls):
    msg = REGISTRY.request(key) if kind == "request" else REGISTRY.response(key)
    body = sample_body(msg, version, unknown_tags=False)
    theirs = cls(*_to_old(msg, msg.fields, version, body)).encode()
    ours = compiled_grammar(key, version, kind).build(body)
    assert ours == theirs
    assert_same(compiled_grammar(key, version, kind).parse(theirs), body)
    assert cls.decode(ours).encode() == ours


def test_kafka_python_old_count():
    """kio lacks 66 versions; kafka-python's old structs hold 21 of them (both directions)."""
    if not OLD_CASES:
        pytest.skip("kafka-python not installed")
    assert len({(c.values[1], c.values[2]) for c in OLD_CASES}) >= 21


def _json_classes() -> dict[tuple[int, str], Any]:
    protocol = pytest.importorskip("kafka.protocol")
    from kafka.protocol.api_message import ApiMessage

    for info in pkgutil.walk_packages(protocol.__path__, "kafka.protocol."):
        if ".old" not in info.name and "generate" not in info.name:
            importlib.import_module(info.name)
    found = {}
    stack = list(ApiMessage.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.__dict__.get("_class_version") is None and "_v" not in cls.__name__:
            found[(cls.API_KEY, cls.type)] = cls
    return found


def _json_cases() -> list[Any]:
    try:
        classes = _json_classes()
    except pytest.skip.Exception:
        return []
    cases = []
    for (key, kind), cls in sorted(classes.items()):
        low, high = cls.valid_versions
        for version in range(low, high + 1):
            name = REGISTRY.request(key).api_name
            cases.append(pytest.param(kind, key, version, cls, id=f"{name}{kind.title()}-v{version}"))
    return cases


JSON_CASES = _json_cases()


@pytest.mark.parametrize(("kind", "key", "version", "cls"), JSON_CASES)
def test_kafka_python_json_classes_read_and_write_kformat_bytes(kind, key, version, cls):
    msg = REGISTRY.request(key) if kind == "request" else REGISTRY.response(key)
    body = sample_body(msg, version, unknown_tags=False)
    if (key, kind) == (18, "response"):
        body["error_code"] = 0  # kafka-python reads an ApiVersions error response as v0
    ours = compiled_grammar(key, version, kind).build(body)
    value = cls.decode(ours, version=version)
    value._header = value._min_version = value._max_version = None  # unset by decode()
    assert value.encode(version=version) == ours
