"""Shared fixtures for the rules-layer tests: the packaged board profile (RULES.md R1)."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest

from asara_cli.rules.board import Board, board_from_mapping


def _read_standard_profile() -> dict[str, Any]:
    """Parse the board profile that ships inside the package (asara_cli/data/standard.toml)."""
    text = resources.files("asara_cli").joinpath("data/standard.toml").read_text("utf-8")
    return tomllib.loads(text)


@pytest.fixture(scope="session")
def _standard_profile() -> dict[str, Any]:
    return _read_standard_profile()


@pytest.fixture
def standard_profile(_standard_profile: dict[str, Any]) -> dict[str, Any]:
    """A fresh deep copy of the parsed packaged profile; a test may break it freely."""
    return copy.deepcopy(_standard_profile)


@pytest.fixture(scope="session")
def board(_standard_profile: dict[str, Any]) -> Board:
    """The standard board, built from the packaged profile (session-scoped: it is frozen)."""
    return board_from_mapping(copy.deepcopy(_standard_profile))
