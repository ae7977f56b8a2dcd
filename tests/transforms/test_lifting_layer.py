"""The lifting layer (msjax/_src/core/lifting.py): the steps around the state rule are written
once, in core, and every transform calls them.

The structure is checked on the source (an AST walk of every msjax module outside core/): no
module calls the state rule's primitives (`state.call_with_values`, `state.write_back`, ...)
itself, and none traces in a loop of its own (a retrace-to-settle loop belongs to
`lifting.settle`). `core/state.py` imports nothing above core, and Parameters are found through
one protocol that Cell implements. The behaviour of the layer's steps is checked directly.
"""
from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import msjax
import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from msjax._src.core import lifting

PACKAGE = Path(msjax.__file__).parent
CORE = PACKAGE / "_src" / "core"
STATE_MODULE = "msjax._src.core.state"
# The state rule's primitives: only the lifting layer (core/) calls them.
RULE_PRIMITIVES = {"call_with_values", "write_back", "read_all", "collect_parameters",
                   "CallRecord", "Frame"}
# Calls that trace a program or a block: in a loop, they make a retrace loop.
TRACING_ATTRIBUTES = {"trace", "jitted"}
LAX_TRACING = {"cond", "while_loop", "switch"}


def _modules_outside_core():
    for path in sorted(PACKAGE.rglob("*.py")):
        if CORE not in path.parents:
            yield path, ast.parse(path.read_text(), str(path))


def _where(path, node) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"


def _state_aliases(tree) -> set:
    """The names a module binds to msjax._src.core.state (anywhere, functions included)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "msjax._src.core":
            names |= {a.asname or a.name for a in node.names if a.name == "state"}
        elif isinstance(node, ast.Import):
            names |= {a.asname for a in node.names if a.name == STATE_MODULE and a.asname}
    return names


def test_only_core_calls_the_state_rule_primitives():
    offenders = []
    for path, tree in _modules_outside_core():
        aliases = _state_aliases(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in RULE_PRIMITIVES
                    and isinstance(node.value, ast.Name) and node.value.id in aliases):
                offenders.append(f"{_where(path, node)} {node.value.id}.{node.attr}")
            elif isinstance(node, ast.ImportFrom) and node.module == STATE_MODULE:
                offenders += [f"{_where(path, node)} import {a.name}" for a in node.names
                              if a.name in RULE_PRIMITIVES]
    assert offenders == [], ("these modules use the state rule directly instead of the lifting "
                             "layer (msjax._src.core.lifting):\n" + "\n".join(offenders))


def _traces(node) -> bool:
    """Whether `node` is a call that traces: `x.trace(...)`, `program.jitted(...)`,
    `lax.cond/while_loop/switch(...)`."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    func = node.func
    if func.attr in TRACING_ATTRIBUTES:
        return True
    owner = func.value
    is_lax = (isinstance(owner, ast.Name) and owner.id == "lax") or (
        isinstance(owner, ast.Attribute) and owner.attr == "lax")
    return is_lax and func.attr in LAX_TRACING


def test_no_module_outside_core_builds_a_retrace_loop():
    offenders = []
    for path, tree in _modules_outside_core():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "MAX_TRACES":
                offenders.append(f"{_where(path, node)} names MAX_TRACES")
            if isinstance(node, (ast.For, ast.While)):
                offenders += [f"{_where(path, node)} traces in a loop (line {call.lineno})"
                              for child in node.body for call in ast.walk(child)
                              if _traces(call)]
    assert offenders == [], ("retrace-to-settle is lifting.settle's; these modules trace in "
                             "loops of their own:\n" + "\n".join(offenders))


def _msjax_imports(path) -> list:
    """Every msjax module `path` imports, at its top or inside functions."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("msjax"):
            found += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("msjax")]
    return found


@pytest.mark.parametrize("module, allowed", [
    ("state.py", ("msjax._src.core.",)),
    ("lifting.py", ("msjax._src.core.",)),
])
def test_the_state_rule_and_the_lifting_layer_import_nothing_above_core(module, allowed):
    imports = _msjax_imports(CORE / module)
    assert [name for name in imports if not name.startswith(allowed)] == []


# -- the layer's steps --------------------------------------------------------------------------
def _scalar(value):
    return Tensor(np.float32(value))


def test_a_lifted_call_changes_no_box_until_its_finals_are_written_back():
    p = Parameter(_scalar(1.0), name="p")
    free = Parameter(_scalar(10.0), name="free")

    def step(x):
        ops.assign(p, p + x)
        ops.assign(free, free * 2)
        return p * 2

    pure, lifted = lifting.lift(step, roots=[p])
    assert lifted.boxes == [p]
    record = pure(lifted.values(), _scalar(2.0))
    assert float(p.asnumpy()) == 1.0 and float(free.asnumpy()) == 10.0  # nothing written yet
    assert float(record.result.asnumpy()) == 6.0
    assert [float(v) for v in record.finals] == [3.0]
    assert record.free == [free]
    lifted.write_back(record.finals)
    lifting.write_back(*zip(*record.free_written()))
    assert float(p.asnumpy()) == 3.0 and float(free.asnumpy()) == 20.0


def test_write_back_skips_boxes_a_call_did_not_write_and_lifted_ones_left_unchanged():
    a, b = Parameter(_scalar(1.0), name="a"), Parameter(_scalar(2.0), name="b")
    lifting.write_written([a, b], [None, np.float32(5.0)])
    assert (float(a.asnumpy()), float(b.asnumpy())) == (1.0, 5.0)
    _, lifted = lifting.lift(lambda: None, boxes=[a, b])
    inputs = lifted.values()
    lifted.write_back([np.float32(7.0), inputs[1]], inputs=inputs)  # b unchanged: not written
    assert (float(a.asnumpy()), float(b.asnumpy())) == (7.0, 5.0)


class _Holder:
    """A container of state that is no Cell: it takes part through the state protocol."""

    def __init__(self, *params):
        self.params = params

    def _state_parameters(self):
        return self.params


def test_parameters_are_collected_through_the_state_protocol():
    net = nn.Dense(2, 3)
    extra = Parameter(_scalar(1.0), name="extra")
    held = Parameter(_scalar(2.0), name="held")
    found = lifting.collect_parameters({"net": [net]}, extra, _Holder(held, extra), net.weight)
    assert found == [net.weight, net.bias, extra, held]


def test_a_jitted_function_given_a_state_container_takes_its_parameters_from_the_start():
    held = Parameter(_scalar(2.0), name="held")
    traces = []

    @ms.jit
    def scale(holder, x):
        traces.append(None)
        ops.assign(holder.params[0], holder.params[0] + 1)
        return x * holder.params[0]

    holder = _Holder(held)
    assert float(scale(holder, _scalar(3.0)).asnumpy()) == 9.0
    assert float(scale(holder, _scalar(3.0)).asnumpy()) == 12.0
    assert len(traces) == 1  # its Parameter was an input of the first trace: no retrace
    assert float(held.asnumpy()) == 4.0


def test_settle_traces_until_nothing_new_is_found_and_then_gives_up_with_the_error():
    runs = []

    def trace():
        runs.append(None)
        return "done" if len(runs) == 3 else lifting.Unsettled(["found"])

    assert lifting.settle(trace, RuntimeError) == "done" and len(runs) == 3
    runs.clear()
    with pytest.raises(RuntimeError, match=r"\['found'\]"):
        lifting.settle(lambda: (runs.append(None), lifting.Unsettled(["found"]))[1],
                       lambda found: RuntimeError(str(found)))
    assert len(runs) == lifting.MAX_TRACES


def test_grown_appends_each_new_box_once_by_identity():
    a, b, c = Parameter(Tensor([1.0]), "a"), Parameter(Tensor([2.0]), "b"), Parameter(Tensor([3.0]), "c")
    equal_but_not_a = Parameter(Tensor([1.0]), "a")
    grown = lifting.grown([a, b], [b, c, c, a, equal_but_not_a])
    assert [id(x) for x in grown] == [id(a), id(b), id(c), id(equal_but_not_a)]
    assert lifting.grown([], [c, c]) == [c]


def test_programs_are_found_by_mindspores_cache_key():
    made = []

    class _Program:
        def __init__(self, key, objs):
            self.key, self.objs = key, objs

    def make(key, objs, dyn, args):
        made.append(args)
        return _Program(key, objs)

    programs = lifting.Programs()
    net = nn.Dense(2, 3)
    first, dyn = programs.find((net, _scalar(1.0), 2), make)
    assert len(dyn) == 1 and list(first.objs) == [net]
    assert programs.find((net, _scalar(5.0), 2), make)[0] is first  # same shapes and scalars
    assert programs.find((net, _scalar(5.0), 3), make)[0] is not first  # another Python value
    assert programs.find((net, Tensor(np.ones(2, np.float32)), 2), make)[0] is not first
    assert len(made) == 3
    assert programs.program_of((net, _scalar(0.0), 2)) is first


def test_a_cell_compiled_ahead_runs_the_program_it_compiled():
    ms.set_context(mode=ms.GRAPH_MODE)  # (the context is restored after each test: conftest)
    traces = []

    class _Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            traces.append(None)
            return self.fc(x)

    net = _Net()
    x = Tensor(np.ones((1, 2), np.float32))
    net.compile(x)
    function = net.__dict__["_graph_call"]
    assert function.program_of((net, (x,), {})).call is not None  # compiled, ready to run
    np.testing.assert_allclose(net(x).asnumpy(), [[2.0, 2.0]])
    assert net.__dict__["_graph_call"] is function and len(traces) == 1
