"""``HOST:PORT`` has one parser (``kformat.console.parse_address``, and ``parse_bootstrap`` for
lists): every command option and library entry that takes an address reads it with them."""

from __future__ import annotations

import io

import pytest

from kformat.cli import run
from kformat.console import AddressError, Console, parse_address, parse_bootstrap


@pytest.mark.parametrize(("text", "expected"), [
    ("localhost:9092", [("localhost", 9092)]),
    ("a:1, b:2 ,,[::1]:3", [("a", 1), ("b", 2), ("::1", 3)]),  # as Kafka's ClientUtils reads it
    (" a:1 ,", [("a", 1)]),
])
def test_a_bootstrap_list(text, expected):
    assert parse_bootstrap(text) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("", "no HOST:PORT in '' (expected HOST:PORT[,HOST:PORT...])"),
    (" , ", "no HOST:PORT in ' , ' (expected HOST:PORT[,HOST:PORT...])"),
    ("a:1,b", "expected HOST:PORT (such as localhost:9092), got 'b'"),
])
def test_a_bad_bootstrap_list_names_the_bad_entry(text, message):
    with pytest.raises(AddressError) as caught:
        parse_bootstrap(text)
    assert str(caught.value) == message


def _cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    code = run(list(argv), Console(stdout=io.StringIO(), stderr=err))
    return code, err.getvalue()


@pytest.mark.parametrize(("argv", "listens"), [
    (("broker", "--listen"), True),
    (("proxy", "--upstream", "localhost:9092", "--listen"), True),
    (("proxy", "--upstream"), False),
])
@pytest.mark.parametrize("bad", ["nohostport", "host:65536"])
def test_every_address_option_gives_the_parsers_message(argv, listens, bad):
    """A listening address may leave the host out or ask for port 0; a broker's may not."""
    with pytest.raises(AddressError) as caught:
        parse_address(bad, **({"default_host": "127.0.0.1", "allow_port_zero": True}
                              if listens else {}))
    code, err = _cli(*argv, bad)
    assert code == 2
    assert f"{argv[-1]}: UsageError: {caught.value} (see kformat {argv[0]} --help)" in err


def test_the_broker_listens_where_told_port_zero_included(capsys):
    """``--listen 127.0.0.1:0`` (the default written out) was refused: port 0 is allowed."""
    assert _cli("broker", "--listen", "127.0.0.1:0", "--max-lifetime", "0.2")[0] == 0
    assert _cli("broker", "--listen", ":0", "--max-lifetime", "0.2")[0] == 0
    bootstraps = capsys.readouterr().out.splitlines()
    assert [parse_address(b)[0] for b in bootstraps] == ["127.0.0.1", "127.0.0.1"]
