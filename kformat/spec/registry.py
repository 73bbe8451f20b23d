"""Every protocol grammar, loaded once from the ``.kfg`` files and indexed.

The files ship as the ``kformat.grammars`` package data; in a source checkout without that
mapping the loader falls back to the ``grammars/`` folder next to the ``kformat/`` package.
Every file is validated as it is loaded (see :func:`~kformat.spec.validation.validate_message`).
"""

from __future__ import annotations

import difflib
import functools
import importlib.resources
from collections.abc import Iterable, Iterator
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from kformat.errors import GrammarError, UnsupportedVersionError
from kformat.spec.dsl import parse_grammar
from kformat.spec.schema import MessageDef

__all__ = ["Registry", "grammar_root", "load_message", "load_registry"]

TEST_SOURCE: Final = "generator-test"
_METADATA_GROUPS: Final = {"metadata": "metadata", "remote-log": "storage"}


def grammar_root() -> Traversable:
    """Where the grammar files are: ``kformat.grammars`` if installed, else ``<repo>/grammars``."""
    try:
        root = importlib.resources.files("kformat.grammars")
        if root.is_dir():
            return root
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parents[2] / "grammars"


def _walk(node: Traversable, prefix: str = "") -> Iterator[tuple[str, Traversable]]:
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        if child.is_dir():
            if not child.name.startswith(("_", ".")):
                yield from _walk(child, f"{prefix}{child.name}/")
        elif child.name.endswith(".kfg"):
            yield f"{prefix}{child.name}", child


def _read_all(root: Traversable) -> list[MessageDef]:
    if not root.is_dir():
        raise GrammarError("grammar folder not found", path=str(root))
    messages = []
    for rel, node in _walk(root):
        msg, label = _read(rel, node)
        if rel != f"{msg.source}/{msg.name}.kfg":
            raise GrammarError(
                f"a {msg.source} grammar named {msg.name} belongs in {msg.source}/{msg.name}.kfg",
                path=label,
            )
        messages.append(msg)
    if not messages:
        raise GrammarError("no grammar files found", path=str(root))
    return messages


def _read(rel: str, node: Traversable) -> tuple[MessageDef, str]:
    label = str(node) if isinstance(node, Path) else f"kformat.grammars/{rel}"
    return parse_grammar(node.read_text(encoding="utf-8"), label), label


@functools.cache
def load_message(rel: str) -> MessageDef:
    """The one grammar file ``rel`` below :func:`grammar_root` (``message/EndTxnMarker.kfg``),
    without reading the others: for a lower layer that needs a single generated grammar.
    A missing file is a :class:`~kformat.errors.GrammarError`."""
    node = grammar_root()
    for part in rel.split("/"):
        node = node.joinpath(part)
    if not node.is_file():
        raise GrammarError("grammar file not found", path=rel)
    return _read(rel, node)[0]


class Registry:
    """Lookups over a set of validated grammars.

    Test-only grammars (source ``generator-test``) are found by :meth:`message` but left out
    of :meth:`by_kind` unless asked for.
    """

    def __init__(self, messages: Iterable[MessageDef]) -> None:
        self._messages = tuple(sorted(messages, key=lambda m: (m.source, m.name)))
        self._by_name: dict[str, MessageDef] = {}
        self._keyed: dict[tuple[str, str, int], MessageDef] = {}
        self._api_names: dict[str, int] = {}
        for msg in self._messages:
            for name in (msg.name, *msg.aliases):
                self._claim(self._by_name, name, msg)
            if msg.api_key is not None:
                self._claim(self._keyed, (msg.source, msg.kind, msg.api_key), msg)
            if msg.kind == "request" and msg.api_key is not None:
                for name in (msg.name, *msg.aliases):
                    self._api_names[name.removesuffix("Request")] = msg.api_key

    @staticmethod
    def _claim(index: dict[Any, MessageDef], key: object, msg: MessageDef) -> None:
        if key in index and index[key] is not msg:
            raise GrammarError(
                f"{key} is defined by both {index[key].name} and {msg.name}", path=msg.path
            )
        index[key] = msg

    def __iter__(self) -> Iterator[MessageDef]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)

    def message(self, name: str) -> MessageDef:
        """A grammar by spec name (``MetadataRequest``, ``PartitionRecord``) or former name."""
        try:
            return self._by_name[name]
        except KeyError:
            raise UnsupportedVersionError(f"no grammar named {name!r}", actual=name) from None

    def _api(self, kind: str, api: int | str) -> MessageDef:
        key = self._api_key(api)
        try:
            return self._keyed[("message", kind, key)]
        except KeyError:
            raise UnsupportedVersionError(
                f"no {kind} grammar for api key {key}", actual=key
            ) from None

    def _api_key(self, api: int | str) -> int:
        if isinstance(api, int):
            return api
        name = api.removesuffix("Request").removesuffix("Response")
        try:
            return self._api_names[name]
        except KeyError:
            close = difflib.get_close_matches(name, list(self._api_names), n=1)
            if not close:  # a case slip: "metadata", "METADATA"
                close = [n for n in self._api_names if n.lower() == name.lower()][:1]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UnsupportedVersionError(f"no API named {api!r}{hint}", actual=api,
                                          expected=close[0] if close else None) from None

    def request(self, api: int | str) -> MessageDef:
        """The request grammar for an API key or API name (``3``, ``"Metadata"``)."""
        return self._api("request", api)

    def response(self, api: int | str) -> MessageDef:
        """The response grammar for an API key or API name."""
        return self._api("response", api)

    def by_kind(self, kind: str, *, include_test: bool = False) -> tuple[MessageDef, ...]:
        """Grammars of one kind, ordered by (key, name)."""
        found = [
            m
            for m in self._messages
            if m.kind == kind and (include_test or m.source != TEST_SOURCE)
        ]
        return tuple(
            sorted(
                found, key=lambda m: (m.api_key if m.api_key is not None else -1, m.source, m.name)
            )
        )

    def api_keys(self) -> tuple[int, ...]:
        """Every API key that has a request grammar, ascending."""
        return tuple(
            sorted(k for (src, kind, k) in self._keyed if src == "message" and kind == "request")
        )

    def api_name(self, key: int) -> str:
        """The API name of a key (``3`` -> ``"Metadata"``)."""
        return self.request(key).api_name

    def metadata_record(self, type_id: int, group: str = "metadata") -> MessageDef:
        """A ``__cluster_metadata`` record (``group="metadata"``) or a ``__remote_log_metadata``
        record (``group="remote-log"``) by record type."""
        source = _METADATA_GROUPS.get(group, group)
        return self._record(source, "metadata", type_id)

    def coordinator_key(self, group: str, type_id: int) -> MessageDef:
        """A coordinator record key; ``group`` is ``group``, ``share`` or ``transaction``."""
        return self._record(_coordinator_source(group), "coordinator-key", type_id)

    def coordinator_value(self, group: str, type_id: int) -> MessageDef:
        """A coordinator record value; ``group`` is ``group``, ``share`` or ``transaction``."""
        return self._record(_coordinator_source(group), "coordinator-value", type_id)

    def _record(self, source: str, kind: str, type_id: int) -> MessageDef:
        try:
            return self._keyed[(source, kind, type_id)]
        except KeyError:
            raise UnsupportedVersionError(
                f"no {source} {kind} grammar for record type {type_id}", actual=type_id
            ) from None


def _coordinator_source(group: str) -> str:
    return group if group.startswith("coordinator/") else f"coordinator/{group}"


@functools.lru_cache(maxsize=8)
def _load(path: str | None) -> Registry:
    root: Traversable = grammar_root() if path is None else Path(path)
    return Registry(_read_all(root))


def load_registry(path: str | Path | None = None) -> Registry:
    """Load and validate every grammar under ``path`` (default: the shipped grammars).

    Loaded once per path and cached.
    """
    return _load(None if path is None else str(Path(path).resolve()))
