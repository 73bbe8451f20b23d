"""File pruning for filters on topic, partition and offset (kformat.spark.pruning)."""

from __future__ import annotations

from kformat.spark.files import FileSpec
from kformat.spark.pruning import Pruning, prune

FILES = [FileSpec(p, p) for p in (
    "/logs/orders-0/00000000000000000000.log",
    "/logs/orders-0/00000000000000000100.log",
    "/logs/orders-0/00000000000000000250.log",
    "/logs/orders-1/00000000000000000000.log",
    "/logs/pay-ments-0/00000000000000000000.log",
    "/logs/pay-ments-0/odd-name.log",
)]


def names(rules: Pruning) -> list[str]:
    return [f.path.removeprefix("/logs/") for f in prune(FILES, rules)]


def test_no_rules_keeps_everything() -> None:
    assert prune(FILES, Pruning()) == FILES


def test_topic_and_partition() -> None:
    assert names(Pruning().equal("topic", ["pay-ments"])) == [
        "pay-ments-0/00000000000000000000.log", "pay-ments-0/odd-name.log"]
    assert names(Pruning().equal("partition", [1])) == ["orders-1/00000000000000000000.log"]
    both = Pruning().equal("topic", ["orders", "pay-ments"]).equal("topic", ["orders"])
    assert names(both.equal("partition", [0, 7])) == [
        "orders-0/00000000000000000000.log", "orders-0/00000000000000000100.log",
        "orders-0/00000000000000000250.log"]
    assert names(Pruning().equal("topic", [3])) == []


def test_offsets() -> None:
    orders0 = Pruning().equal("topic", ["orders"]).equal("partition", [0])
    assert names(orders0.at_least(100)) == ["orders-0/00000000000000000100.log",
                                            "orders-0/00000000000000000250.log"]
    assert names(orders0.at_least(99)) == ["orders-0/00000000000000000000.log",
                                           "orders-0/00000000000000000100.log",
                                           "orders-0/00000000000000000250.log"]
    assert names(orders0.at_most(99)) == ["orders-0/00000000000000000000.log"]
    assert names(orders0.equal("offset", [120])) == ["orders-0/00000000000000000100.log"]
    assert names(orders0.equal("offset", ["x"])) == []
    # a file not named by its offset is always read
    assert "pay-ments-0/odd-name.log" in names(Pruning().at_least(10**9))


def test_other_columns_are_ignored() -> None:
    assert prune(FILES, Pruning().equal("codec", ["zstd"])) == FILES
