"""The spec layer: grammar files loaded and compiled below records; the former module names gone."""

from __future__ import annotations

import importlib

import pytest

from kformat.errors import GrammarError
from kformat.records import control
from kformat.spec.compiler import body_grammar
from kformat.spec.registry import load_message, load_registry

FORMER = (*(f"kformat.protocol.{name}" for name in
              ("schema", "dsl", "compiler", "registry", "records_field")),
          *(f"kformat.records.{name}" for name in ("columnar", "decoders", "fields", "jsonlines")))
"""The modules' former paths (README, "Moved"): kformat.spec.* and kformat.outputs.* now."""


@pytest.mark.parametrize("name", FORMER)
def test_the_former_module_names_are_gone(name: str) -> None:
    """No second name for a module: importing a former path fails, naming it."""
    with pytest.raises(ModuleNotFoundError) as info:
        importlib.import_module(name)
    assert info.value.name == name


@pytest.mark.parametrize("name", ["EndTxnMarker", "ControlRecordTypeSchema"])
def test_one_file_loads_as_the_registry_reads_it(name: str) -> None:
    alone, registered = load_message(f"message/{name}.kfg"), load_registry().message(name)
    assert (alone.name, alone.fields, str(alone.valid)) == (
        registered.name, registered.fields, str(registered.valid))


def test_a_missing_grammar_file_is_a_grammar_error() -> None:
    with pytest.raises(GrammarError) as info:
        load_message("message/NoSuchMessage.kfg")
    assert info.value.path == "message/NoSuchMessage.kfg"


@pytest.mark.parametrize(("grammar", "name"), [(control.ControlRecordKey, "ControlRecordTypeSchema"),
                                               (control.EndTxnMarker, "EndTxnMarker")])
def test_control_records_are_the_generated_grammars(grammar: object, name: str) -> None:
    version, body = grammar.subcons  # type: ignore[attr-defined]
    assert version.name == "version"
    generated = body_grammar(load_message(f"message/{name}.kfg"), 0)
    assert [sc.name for sc in body.subcon.subcons] == [sc.name for sc in generated.subcons]
    assert body.subcon.subcons[0].__class__ is generated.subcons[0].__class__
