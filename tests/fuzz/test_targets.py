"""The example targets' command line (the clients themselves run in tests/live and in the
opt-in campaigns: they need a broker)."""

from __future__ import annotations

import pytest

from kformat.fuzz.targets import CLIENTS, main


def test_the_shipped_jobs():
    assert sorted(CLIENTS) == [("aiokafka", "consumer"), ("kafka-python", "consumer"),
                               ("librdkafka", "admin"), ("librdkafka", "consumer"),
                               ("librdkafka", "producer")]


def test_an_unknown_job_is_refused(capsys):
    with pytest.raises(SystemExit) as info:
        main(["librdkafka:juggler", "--bootstrap", "127.0.0.1:1"])
    assert info.value.code == 2
    assert "unknown job 'librdkafka:juggler'" in capsys.readouterr().err


def test_a_bootstrap_is_required(capsys, monkeypatch):
    monkeypatch.delenv("KFORMAT_BOOTSTRAP", raising=False)
    with pytest.raises(SystemExit) as info:
        main(["librdkafka:consumer"])
    assert info.value.code == 2
    assert "KFORMAT_BOOTSTRAP" in capsys.readouterr().err
