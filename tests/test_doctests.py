"""The doctests of every module in joker/ run as part of the suite (issue #11: examples in docstrings
are documentation that must stay true)."""
import doctest
import importlib
import pkgutil

import pytest

import joker

# Modules that cannot simply be imported in the test process, and why. Each entry names its way out.
NOT_IMPORTABLE: dict[str, str] = {}

MODULES = sorted(m.name for m in pkgutil.walk_packages(joker.__path__, "joker.")
                 if m.name not in NOT_IMPORTABLE and not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"


def test_doctests_exist() -> None:
    """The run above is not vacuous: the engine's documented examples are found and executed."""
    found = {}
    for name in MODULES:
        tests = doctest.DocTestFinder().find(importlib.import_module(name))
        found[name] = sum(len(t.examples) for t in tests)
    for name in ("joker.cards", "joker.rules", "joker.scoring", "joker.game", "joker.stats"):
        assert found[name] > 0, f"{name} lost its doctests"


def test_not_importable_entries_are_real() -> None:
    """An exemption is removed together with the module it exempts."""
    names = {m.name for m in pkgutil.walk_packages(joker.__path__, "joker.")}
    assert set(NOT_IMPORTABLE) <= names, sorted(set(NOT_IMPORTABLE) - names)
