"""The doctests of the native module's docstrings name the package `tokin`, as a user does."""

import pytest

import tokin


@pytest.fixture(autouse=True)
def _tokin_in_doctests(doctest_namespace):
    doctest_namespace["tokin"] = tokin
