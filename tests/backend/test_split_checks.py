"""Index checks that read only a program's arguments run as a program of their own before it
(msjax/_src/backend/split_checks.py, on the platforms it names): same results, same errors,
same rollback of a failed call as checks run inside; checks that read state stay inside."""
from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from msjax._src.backend import jax_private, lowering, split_checks
from msjax._src.core import index_checks

SPLITS_HERE = jax_private.ENABLED and jax.default_backend() in split_checks.PLATFORMS


def i32(*values):
    return Tensor(np.array(values, np.int32))


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)
    index_checks.raise_pending()


class Classifier(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(10, 4, embedding_table="ones")
        self.dense = nn.Dense(4, 3, weight_init="ones", bias_init="zeros")

    def construct(self, ids, labels):
        return ops.cross_entropy(self.dense(self.embedding(ids).mean(axis=1)), labels)


class Step(nn.Cell):
    def __init__(self):
        super().__init__()
        self.network = Classifier()
        self.optimizer = nn.SGD(self.network.trainable_params(), 0.1, momentum=0.9)
        self.grad = ops.value_and_grad(self.network, None, self.optimizer.parameters)

    def construct(self, ids, labels):
        loss, grads = self.grad(ids, labels)
        self.optimizer(grads)
        return loss


def _program(cell):
    (program,) = set(cell._graph_call.programs.values())
    return program


def _train(steps):
    step, losses = Step(), []
    ids = [np.array([[1, 2], [3, 9]], np.int32), np.array([[0, 0], [5, 4]], np.int32)]
    for k in range(steps):
        losses.append(float(step(Tensor(ids[k % 2]), i32(k % 3, 2))))
    params = {p.name: p.asnumpy() for p in step.get_parameters()}
    return step, losses, params


def test_argument_indices_are_checked_before_the_step_with_the_same_results(graph_mode,
                                                                            monkeypatch):
    step, losses, params = _train(4)
    assert (_program(step).split is not None) == SPLITS_HERE
    assert _program(step).checked
    monkeypatch.setattr(split_checks, "PLATFORMS", ())  # the checks inside, as elsewhere
    inside, losses_inside, params_inside = _train(4)
    assert _program(inside).split is None and _program(inside).checked
    assert losses == losses_inside
    for name, value in params.items():
        np.testing.assert_array_equal(value, params_inside[name], err_msg=name)


def test_a_failed_split_step_raises_mindspore_error_and_writes_nothing(graph_mode):
    step, _, _ = _train(2)
    before = {p.name: p.asnumpy() for p in step.get_parameters()}
    with pytest.raises(RuntimeError, match=re.escape(
            "For 'Gather', the 'input_indices' should be in the range [0, 10), but got 12, "
            "error_code[58]")):
        float(step(Tensor(np.array([[1, 12], [0, 0]], np.int32)), i32(0, 1)))
    for p in step.get_parameters():  # momentum's state and the step counter too
        np.testing.assert_array_equal(p.asnumpy(), before[p.name], err_msg=p.name)
    with pytest.raises(RuntimeError, match=re.escape(
            "For 'GatherD', the value of 'index' must be in [-3, 3), but got: 3")):
        float(step(Tensor(np.array([[1, 2], [0, 0]], np.int32)), i32(0, 3)))
    assert np.isfinite(float(step(Tensor(np.array([[1, 2], [0, 0]], np.int32)), i32(0, 1))))


class ArgmaxLookup(nn.Cell):
    """Its index is computed from a Parameter: the check reads state, so it stays inside."""

    def __init__(self):
        super().__init__()
        self.scores = Parameter(Tensor(np.array([0.0, 3.0, 1.0], np.float32)), name="scores")
        self.table = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)),
                               name="table")

    def construct(self, shift):
        index = ops.argmax(self.scores) + shift
        self.table -= 1.0
        return ops.gather(self.table, index.reshape(1), 0)


def test_indices_computed_from_state_are_checked_inside_the_program(graph_mode):
    net = ArgmaxLookup()
    np.testing.assert_allclose(net(i32(0)[0]).asnumpy(), [[1.0, 2.0]])
    program = _program(net)
    assert program.checked and program.split is None
    with pytest.raises(RuntimeError, match=re.escape("range [0, 3), but got 3")):
        net(i32(2)[0]).asnumpy()
    np.testing.assert_allclose(net.table.asnumpy(), np.arange(6).reshape(3, 2) - 1.0)


@pytest.mark.skipif(not jax_private.ENABLED, reason="the jaxpr helpers need JAX's private "
                    "jaxpr classes (MSJAX_PRIVATE_JAX=0 or a JAX outside the tested range)")
def test_plan_splits_a_program_whose_flag_reads_only_arguments():
    def program(state, ids):  # outputs: new state, then the flag and one error leaf
        bad = jnp.any(ids >= 3)
        return jnp.where(bad, state, state + ids.sum()), bad, ids.max()

    closed = jax.make_jaxpr(program)(jnp.float32(1), jnp.arange(3))
    checks, reads, main = split_checks.plan(closed, n_boxes=1, n_errors=2)
    assert reads == (1,)
    ids = jnp.array([0, 1, 5])
    flag, top = checks(ids)
    assert bool(flag) and int(top) == 5
    (new,) = main(jnp.float32(1), ids, flag)
    assert float(new) == 1.0
    (new,) = main(jnp.float32(1), ids, jnp.bool_(False))
    assert float(new) == 7.0
    assert split_checks.plan(closed, n_boxes=2, n_errors=2) is None  # the flag reads state


def test_only_the_platforms_named_split(monkeypatch):
    closed = jax.make_jaxpr(lambda s, i: (s + 1, jnp.any(i > 2), i.max()))(1.0, jnp.arange(3))
    assert lowering.Lowering(("cuda",)).split_checks(closed, 1, 2) is None
    assert lowering.Lowering(("tpu",)).split_checks(closed, 1, 2) is None
    assert lowering.Lowering().split_checks(closed, 1, 2) is None
    split = lowering.Lowering(("cpu",)).split_checks(closed, 1, 2)
    assert (split is not None) == jax_private.ENABLED
