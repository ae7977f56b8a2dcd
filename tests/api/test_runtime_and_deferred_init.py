"""What msjax's `mindspore.runtime` and `nn.utils.no_init_parameters` do beyond what MindSpore 2.10's
CPU build shows (tests/goldens/scripts/used_names_probe6.py records that): synchronize waits for
dispatched work, the memory statistics count the device's arrays, and a deferred Parameter holds
no values until it is used, then holds the values `initializer` would have drawn at once."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor, nn
from msjax._src.core import runtime
from msjax.common.initializer import Normal, initializer
from msjax.nn import no_init_parameters
from tests.support import assert_close


@pytest.fixture
def fresh_memory_settings():
    runtime._memory_settings.clear()
    yield
    runtime._memory_settings.clear()


def test_synchronize_waits_for_dispatched_work():
    step = jax.jit(lambda x: jnp.tanh(x @ x.T).sum(0))
    outputs = [step(jnp.full((256, 256), float(i), jnp.float32)) for i in range(4)]
    assert msjax.runtime.synchronize() is None
    assert all(array.is_ready() for array in jax.live_arrays())
    assert all(o.is_ready() for o in outputs)


@pytest.mark.skipif(jax.local_devices()[0].memory_stats() is not None,
                    reason="counts live arrays only where XLA keeps no allocator statistics (CPU)")
def test_memory_statistics_count_the_live_arrays():
    before = msjax.runtime.memory_allocated()
    held = jnp.ones((1000, 250), jnp.float32)  # 1e6 bytes
    assert msjax.runtime.memory_allocated() - before == held.nbytes
    assert msjax.runtime.memory_reserved() == msjax.runtime.memory_allocated()
    peak = msjax.runtime.max_memory_allocated()
    assert peak >= msjax.runtime.memory_allocated()
    assert msjax.runtime.max_memory_reserved() >= msjax.runtime.memory_reserved()
    del held
    assert msjax.runtime.memory_allocated() == before
    assert msjax.runtime.max_memory_allocated() == peak  # the peak stays until a reset
    msjax.runtime.reset_peak_memory_stats()
    assert msjax.runtime.max_memory_allocated() == msjax.runtime.memory_allocated()
    stats = msjax.runtime.memory_stats()
    assert stats["total_allocated_memory"] == msjax.runtime.memory_allocated()
    assert stats["total_idle_memory"] == 0
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip()
            for line in msjax.runtime.memory_summary().splitlines() if line.count("|") == 3}
    assert rows["Allocated memory"] == mindspore_size(stats["total_allocated_memory"])
    assert rows["Max allocated memory"] == mindspore_size(stats["max_allocated_memory"])


def mindspore_size(size):
    """MindSpore 2.10's memory_summary cell: bytes, or KB/MB/... from 768 of the unit below."""
    unit, scaled = "B", size
    for prefix in ("KB", "MB", "GB", "TB"):
        if scaled < 768 * 1024:
            break
        unit, size, scaled = prefix, size // 1024, scaled / 1024
    return f"{size} {unit}"


def test_set_memory_keeps_its_settings_and_refuses_a_second_call(fresh_memory_settings):
    with pytest.raises(ValueError, match="The optimize_level must be one of"):
        msjax.runtime.set_memory(optimize_level="O3")
    assert runtime._memory_settings == {}  # a refused call keeps nothing
    msjax.runtime.set_memory("1GB", "0.5GB", "8GB", "O1")
    assert runtime._memory_settings == {"init_size": 1.0, "increase_size": 0.5, "max_size": 8.0,
                                        "huge_page_reserve_size": 0.0, "optimize_level": 1}
    with pytest.raises(RuntimeError, match="can not be set repeatedly"):
        msjax.runtime.set_memory()


def test_deferred_parameters_hold_no_values_until_used():
    before = msjax.runtime.memory_allocated() if jax.local_devices()[0].memory_stats() is None \
        else None
    with no_init_parameters():
        net = nn.Dense(500, 500)
    assert net.weight.has_init and net.bias.has_init
    if before is not None:  # CPU: the 1 MB of weights are not on the device yet
        assert msjax.runtime.memory_allocated() - before < 500 * 500 * 4
    out = net(Tensor(np.ones((1, 500), np.float32)))
    assert out.shape == (1, 500) and not net.weight.has_init
    assert type(net.weight) is Parameter  # a plain Parameter once drawn


def test_deferred_values_are_drawn_when_initialised():
    """As in MindSpore, a Parameter made under no_init_parameters takes its seed from NumPy's
    global generator when it is initialised, after the draws made before then."""
    msjax.set_seed(7)
    first = initializer("normal", (5,)).asnumpy()
    eager = Parameter(initializer(Normal(0.5), (3, 4)), name="eager")
    msjax.set_seed(7)
    with no_init_parameters():
        deferred = Parameter(initializer(Normal(0.5), (3, 4)), name="deferred")
    deferred_first = initializer("normal", (5,)).asnumpy()
    assert (first == deferred_first).all()
    assert_close(deferred, eager.asnumpy())


def test_deferred_parameters_initialise_in_compiled_code_and_optimizers():
    msjax.set_seed(1)
    reference = nn.Dense(3, 2)
    msjax.set_seed(1)
    with no_init_parameters():
        net = nn.Dense(3, 2)
        optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    x = Tensor(np.ones((2, 3), np.float32))
    assert_close(msjax.jit(net)(x), reference(x))
    assert len(optimizer.moments) == 2 and not net.weight.has_init


def train_one_step(deferred):
    msjax.set_seed(4)
    if deferred:
        with no_init_parameters():
            net = nn.Dense(3, 2)
            optimizer = nn.Adam(net.trainable_params(), 0.1)
        states = [*optimizer.moment1, *optimizer.moment2]
        assert all(p.has_init for p in (*net.get_parameters(), *states))  # nothing made yet
    else:
        net = nn.Dense(3, 2)
        optimizer = nn.Adam(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer)
    loss = step(Tensor(np.ones((4, 3), np.float32)), Tensor(np.zeros((4, 2), np.float32)))
    follow = initializer("normal", (3,)).asnumpy()  # the global key after all of it
    return loss.asnumpy(), [p.asnumpy() for p in net.get_parameters()], follow


def test_an_optimizer_made_under_no_init_parameters_trains_as_one_made_at_once():
    eager, deferred = train_one_step(False), train_one_step(True)
    assert_close(deferred[0], eager[0])
    for got, want in zip(deferred[1], eager[1]):
        assert_close(got, want)
    assert (deferred[2] == eager[2]).all()


def test_clone_of_a_deferred_parameter():
    with no_init_parameters():
        weight = Parameter(initializer(Normal(0.5), (2, 3)), name="w")
        zeros = weight.clone(init="zeros")
    assert zeros.has_init and weight.has_init and zeros.name == "w"
    assert_close(zeros, np.zeros((2, 3), np.float32))
    same = weight.clone()
    assert not weight.has_init and (same.asnumpy() == weight.asnumpy()).all()
