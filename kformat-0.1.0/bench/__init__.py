"""Benchmarks, run with ``python -m bench [NAME...]`` (``make bench`` runs them all).

Performance is measured here, never asserted in tests.
"""
