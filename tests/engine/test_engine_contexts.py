"""``engine.using()`` belongs to the context that made it: other threads (and asyncio tasks
started elsewhere) keep their engine, and the choice is restored however the threads
interleave."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from kformat import engine

pytestmark = pytest.mark.skipif("native" not in engine.available(),
                                reason="two engines are needed to tell them apart")

ROUNDS = 2_000


def default_engine() -> str:
    """The engine of a thread that never chose one (the process's default)."""
    found: list[str] = []
    thread = threading.Thread(target=lambda: found.append(engine.active()))
    thread.start()
    thread.join(30)
    return found[0]


def test_two_threads_entering_and_leaving_restore_the_engine_and_leave_others_alone():
    default = default_engine()
    with engine.using("native"):
        start = threading.Barrier(3)
        stop = threading.Event()
        seen: dict[str, set[str]] = {"inside": set(), "after": set(), "observer": set()}
        lock = threading.Lock()

        def switcher() -> None:
            inside, after = set(), set()
            start.wait()
            for _ in range(ROUNDS):
                time.sleep(0)
                with engine.using("python"):
                    time.sleep(0)  # let the other threads run while this one is inside
                    inside.add(engine.active())
                    inside.add("none" if engine.native() is None else "module")
                after.add(engine.active())
            with lock:
                seen["inside"] |= inside
                seen["after"] |= after

        def observer() -> None:  # a thread that never switches
            mine = set()
            start.wait()
            while not stop.is_set():
                mine.add(engine.active())
                time.sleep(0)
            with lock:
                seen["observer"] |= mine

        threads = [threading.Thread(target=switcher) for _ in range(2)]
        watching = threading.Thread(target=observer)
        for t in (*threads, watching):
            t.start()
        for t in threads:
            t.join(60)
        stop.set()
        watching.join(60)
        assert seen["inside"] == {"python", "none"}
        assert seen["after"] == {default}  # each thread back at the default
        assert seen["observer"] == {default}
        assert engine.active() == "native"  # the main thread's own choice, untouched
        assert engine.native() is engine._NATIVE


def test_a_thread_inside_using_does_not_switch_the_main_thread():
    entered, leave = threading.Event(), threading.Event()

    def hold() -> None:
        with engine.using("python"):
            entered.set()
            leave.wait(30)

    with engine.using("native"):
        thread = threading.Thread(target=hold)
        thread.start()
        assert entered.wait(30)
        try:
            assert engine.active() == "native"
        finally:
            leave.set()
            thread.join(30)


def test_asyncio_tasks_keep_the_engine_of_where_they_started():
    async def main() -> tuple[str, str, str]:
        switched, checked = asyncio.Event(), asyncio.Event()

        async def switching() -> str:
            with engine.using("python"):
                inner = asyncio.ensure_future(asyncio.sleep(0, engine.active()))
                switched.set()
                await checked.wait()
                return await inner

        async def bystander() -> str:
            await switched.wait()
            try:
                return engine.active()
            finally:
                checked.set()

        with engine.using("native"):
            inherited, other = await asyncio.gather(switching(), bystander())
            return inherited, other, engine.active()

    assert asyncio.run(main()) == ("python", "native", "native")


def test_the_former_module_attribute_reads_the_calling_context():
    with engine.using("python"):
        assert engine.NATIVE is None
    with engine.using("native"):
        assert engine.NATIVE is engine._NATIVE
