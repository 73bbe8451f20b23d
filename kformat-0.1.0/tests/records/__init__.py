"""Tests for :mod:`kformat.records`."""
