"""The error tree's path formatting and relocation."""

from __future__ import annotations

import pytest

from kformat.errors import InvalidValueError, KFormatError, TruncatedError, format_path, join_path


@pytest.mark.parametrize(("raw", "dotted"), [
    ("(parsing) -> records[3] -> headers[0] -> key", "records[3].headers[0].key"),
    ("(parsing)[3] -> key", "[3].key"),
    ("(parsing) -> topics[0] -> _tagged -> x", "topics[0].x"),
    ("(parsing)", ""),
])
def test_format_path(raw: str, dotted: str) -> None:
    assert format_path(raw) == dotted


def test_join_path() -> None:
    assert join_path("value", "members[0].id") == "value.members[0].id"
    assert join_path("items", "[2].x") == "items[2].x"
    assert join_path("", "a") == "a"
    assert join_path("a", "") == "a"


def test_relocated_shifts_prefixes_and_converts() -> None:
    err = TruncatedError("short", path="a[1].b", offset=3, expected=4, actual=1)
    moved = err.relocated(10, prefix="value", lead="seg: ", note=" (lied)", cls=InvalidValueError)
    assert type(moved) is InvalidValueError
    assert (moved.path, moved.offset, moved.reason) == ("value.a[1].b", 13, "seg: short (lied)")
    assert (moved.expected, moved.actual) == (4, 1)
    assert err.relocated(at=7).offset == 7
    assert KFormatError("x").relocated(5).offset is None
    assert (err.path, err.offset) == ("a[1].b", 3)  # the original is unchanged
