"""Every public name of the native module has a stub, and every stub names something real."""

import ast
import pathlib

import pytest

import tokin
from tokin import _tokin

STUB = pathlib.Path(tokin.__file__).with_name("_tokin.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            # Methods, and the read-only attributes (properties) the stubs annotate.
            names[node.name] = {
                item.name for item in node.body if isinstance(item, ast.FunctionDef)
            } | {
                item.target.id for item in node.body if isinstance(item, ast.AnnAssign)
            }
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = None
    return names


def raised_attributes(cls):
    """The attributes the module sets on each exception it raises of class `cls` (the place
    of a RecordError or a PsvError), which the class itself does not show."""
    if cls == "RecordError":
        with pytest.raises(tokin.RecordError) as info:
            tokin.parse_record("", "kif")
    elif cls == "PsvError":
        with pytest.raises(tokin.PsvError) as info:
            tokin.psfen_to_sfen(b"\xff" * 32)
    else:
        return set()
    return set(vars(info.value))


def test_stubs_match_the_module():
    stubs = stub_names()
    public = {name for name in dir(_tokin) if not name.startswith("_")}
    assert public == set(stubs)
    for cls, methods in stubs.items():
        if methods is None:
            continue
        real = {m for m in dir(getattr(_tokin, cls)) if not m.startswith("_")}
        real |= raised_attributes(cls)
        assert real - {"args", "with_traceback", "add_note"} == {
            m for m in methods if not m.startswith("_")
        }, cls
