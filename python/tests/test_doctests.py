"""The examples in the native module's docstrings run, and every public function has one.

pytest's `--doctest-modules` finds the examples of the classes' methods (the classes say they
belong to `tokin`), but not those of the module's functions, which say `tokin._tokin`."""

import doctest
import inspect

import tokin


def test_every_function_has_an_example_that_runs():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    functions = [name for name in tokin.__all__ if inspect.isbuiltin(getattr(tokin, name))]
    assert len(functions) >= 8
    for name in functions:
        tests = finder.find(getattr(tokin, name), name, module=False, globs={"tokin": tokin})
        assert sum(len(t.examples) for t in tests) > 0, f"{name} has no example"
        for test in tests:
            runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
