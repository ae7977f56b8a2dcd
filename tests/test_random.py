"""msjax/_src/core/random.py: a Generator's state is MindSpore's (seed, offset), the JAX keys
derived from it. The probe tests/goldens/scripts/generator_state_probe.py run unchanged against
MindSpore 2.10's output; the draws made through that state checked as a table."""
import jax
import numpy as np
import pytest

import msjax
from msjax import Tensor, mint, nn
from msjax._src.core import random as ms_random
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/generator_state_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("generator_state_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_generator_state_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def state_ints(generator):
    return np.frombuffer(generator.get_state().asnumpy().tobytes(), "<i8").tolist()


def draw_eager():
    return mint.rand(3).asnumpy()


@msjax.jit
def draw_compiled():
    return mint.rand(3)


class DrawCell(nn.Cell):
    def construct(self):
        return mint.randn(3)


_draw_cell = DrawCell()

# How each kind of draw reaches the global state: eagerly, in a jit function, in a Cell.
DRAWS = [
    ("eager", draw_eager),
    ("jit", lambda: draw_compiled().asnumpy()),
    ("cell", lambda: _draw_cell().asnumpy()),
]


@pytest.mark.parametrize("name,draw", DRAWS, ids=[d[0] for d in DRAWS])
def test_each_draw_advances_the_offset_and_replays_from_a_state(name, draw):
    msjax.manual_seed(21)
    first = draw()
    assert state_ints(msjax.default_generator) == [21, 1]  # one key a draw, offset + 1
    state = msjax.get_rng_state()
    second, third = draw(), draw()
    assert state_ints(msjax.default_generator) == [21, 3]
    assert not (first == second).all() and not (second == third).all()  # fresh each call
    msjax.set_rng_state(state)
    assert (draw() == second).all() and (draw() == third).all()
    msjax.manual_seed(21)
    assert (draw() == first).all()


def test_the_key_of_a_state_is_the_seeds_key_with_the_offset_folded_in():
    state = ms_random.key_state(jax.random.PRNGKey(7))
    assert np.asarray(state).tolist() == [7, 0, 0, 0]
    expected = jax.random.fold_in(jax.random.fold_in(jax.random.PRNGKey(7), 0), 0)
    key, advanced = ms_random._draw(state)
    assert np.asarray(key).tolist() == np.asarray(expected).tolist()
    assert np.asarray(advanced).tolist() == [7, 0, 1, 0]


@pytest.mark.parametrize("start,step,expected", [
    (0, 1, 1), (2 ** 32 - 1, 1, 2 ** 32), (5, -10, -5), (2 ** 40, 3, 2 ** 40 + 3),
    (-1, 1, 0), (2 ** 63 - 1, 1, -2 ** 63),
])
def test_step_advances_the_int64_offset_with_carry_and_wrap(start, step, expected):
    generator = msjax.Generator()
    generator.set_state(Tensor(np.array([9, start], "<i8").view(np.uint8)))
    seed, offset = generator._step(Tensor(step, msjax.int64))
    assert (int(seed), int(offset)) == (9, start)
    assert state_ints(generator) == [9, expected]


def test_a_failed_step_changes_nothing():
    generator = msjax.Generator().manual_seed(4)
    with pytest.raises(RuntimeError, match="Step data type must be Int64, but got Int32"):
        generator._step(Tensor(1, msjax.int32))
    assert state_ints(generator) == [4, 0]


def test_set_seed_resets_the_global_state_and_draws_repeat():
    msjax.set_seed(3)
    assert state_ints(msjax.default_generator) == [3, 0]
    first = draw_eager()
    msjax.set_seed(3)
    assert (draw_eager() == first).all()


# The ops taking `generator=` and how each draws: a Generator seeded like the global state draws
# what the global state draws, and advances only its own offset.
GENERATOR_DRAWS = [
    ("mint.rand", lambda g: mint.rand(2, 3, generator=g)),
    ("mint.randn", lambda g: mint.randn(4, generator=g)),
    ("mint.randint", lambda g: mint.randint(0, 9, (5,), generator=g)),
    ("mint.randperm", lambda g: mint.randperm(6, generator=g)),
    ("mint.normal", lambda g: mint.normal(0.0, 1.0, (3,), generator=g)),
    ("mint.bernoulli", lambda g: mint.bernoulli(Tensor(np.full(8, 0.5, np.float32)), generator=g)),
    ("mint.multinomial", lambda g: mint.multinomial(Tensor(np.ones((2, 4), np.float32)), 2,
                                                    generator=g)),
    ("Tensor.uniform", lambda g: Tensor(np.zeros(4, np.float32)).uniform(generator=g)),
    ("Tensor.uniform_", lambda g: Tensor(np.zeros(4, np.float32)).uniform_(generator=g)),
    ("Tensor.normal_", lambda g: Tensor(np.zeros(4, np.float32)).normal_(generator=g)),
    ("Tensor.exponential_", lambda g: Tensor(np.zeros(4, np.float32)).exponential_(generator=g)),
    ("Tensor.bernoulli", lambda g: Tensor(np.full(8, 0.5, np.float32)).bernoulli(generator=g)),
]


@pytest.mark.parametrize("name,draw", GENERATOR_DRAWS, ids=[d[0] for d in GENERATOR_DRAWS])
def test_ops_draw_from_the_generator_they_are_given(name, draw):
    msjax.manual_seed(8)
    expected = draw(None).asnumpy()
    msjax.manual_seed(100)
    generator = msjax.Generator().manual_seed(8)
    assert (draw(generator).asnumpy() == expected).all()
    assert state_ints(generator) == [8, 1] and state_ints(msjax.default_generator) == [100, 0]
    with pytest.raises(TypeError, match=f"For '{name}', 'generator' must be a mindspore.Generator"):
        draw(7)


def test_a_generator_given_to_a_compiled_function_is_its_state():
    @msjax.jit
    def draw(generator):
        return mint.rand(3, generator=generator)

    generator = msjax.Generator().manual_seed(2)
    first, second = draw(generator).asnumpy(), draw(generator).asnumpy()
    assert state_ints(generator) == [2, 2] and not (first == second).all()
    generator.manual_seed(2)
    assert (draw(generator).asnumpy() == first).all()
