"""Program caches that cannot hurt (msjax/_src/core/program_cache.py): bounded, least
recently used first out, and holding the Cells, Parameters and functions of a signature weakly."""
import gc
import weakref

import numpy as np

import msjax as ms
from msjax import Tensor, nn
from msjax._src.core import program_cache


def ones(n):
    return Tensor(np.ones(n, np.float32))


def test_programs_per_function_are_bounded_least_recently_used_first_out(monkeypatch):
    monkeypatch.setattr(program_cache, "MAX_PROGRAMS", 4)
    traced = []

    @ms.jit
    def double(x):
        traced.append(x.shape)
        return x * 2

    for n in range(1, 7):
        double(ones(n))
        double(ones(1))  # kept in use: never the least recently used
    assert len(double.compiled.programs) == 4
    assert traced.count((1,)) == 1  # still cached after 5 evictions
    double(ones(2))  # evicted long ago: compiled again
    assert traced.count((2,)) == 2
    np.testing.assert_allclose(double(ones(3)).asnumpy(), [2.0, 2.0, 2.0])


def test_cells_passed_to_a_jitted_function_are_held_weakly_and_their_programs_dropped():
    @ms.jit
    def apply(net, x):
        return net(x)

    nets = []
    for _ in range(5):
        net = nn.Dense(3, 2)
        out = apply(net, ones(3))
        assert out.shape == (2,)
        nets.append(weakref.ref(net))
    del net
    gc.collect()
    assert [ref() for ref in nets] == [None] * 5
    assert len(apply.compiled.programs) == 0
    kept = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    np.testing.assert_allclose(apply(kept, ones(3)).asnumpy(), [3.0, 3.0])
    np.testing.assert_allclose(apply(kept, ones(3)).asnumpy(), [3.0, 3.0])
    assert len(apply.compiled.programs) == 1


def test_graph_mode_cells_and_functions_passed_as_arguments_are_held_weakly():
    @ms.jit
    def call(fn, x):
        return fn(x)

    def make(k):
        return lambda x: x * k

    fns = [make(k) for k in range(3)]
    for k, fn in enumerate(fns):
        np.testing.assert_allclose(call(fn, ones(2)).asnumpy(), [k, k])
    refs = [weakref.ref(fn) for fn in fns]
    del fns, fn
    gc.collect()
    assert [ref() for ref in refs] == [None] * 3
    assert len(call.compiled.programs) == 0


def test_a_loop_defining_many_jitted_lambdas_keeps_only_the_live_ones():
    x = ones(2)
    compiled, functions = [], []
    for i in range(40):
        f = ms.jit(lambda x, i=i: x + i)
        np.testing.assert_allclose(f(x).asnumpy(), [1.0 + i] * 2)
        compiled.append(weakref.ref(f.compiled))
        functions.append(weakref.ref(f.fn))
    gc.collect()
    assert sum(ref() is not None for ref in compiled) == 1  # the last one, still bound to `f`
    assert sum(ref() is not None for ref in functions) == 1
