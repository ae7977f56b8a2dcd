"""Used names whose MindSpore 2.10 CPU build has no kernel (mint.nn.CrossEntropyLoss: "The kernel
LogSoftmaxExt unregistered"; Tensor.scatter_: InplaceScatterSrc; Tensor.uniform: UniformExt; the
generator's draws: InplaceUniform; nn.EmbeddingLookup(target='DEVICE'): SparseGatherV2;
Tensor.scatter_add, index_add_, bernoulli: ScatterAddExt, InplaceIndexAddExt, InplaceUniform; its
uniform_/normal_/exponential_ return a new Tensor instead of filling this one) or
computes something else than its documentation says (EmbeddingLookup's max_norm: its CPU
ClipByNorm kernel does not clip each row), checked against the same computation in NumPy; and what
msjax's own versions of MindSpore's run-time APIs do (manual_seed and get/set_rng_state replay
msjax's draws, Cell.compile leaves the call nothing to compile)."""
import numpy as np
import pytest

import msjax
from msjax import Tensor, mint, nn
from tests.support import assert_close

LOGITS = np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [0.2, 0.3, -2.0]], np.float32)
LABELS = np.array([2, 0, 1], np.int32)
WEIGHT = np.array([1.0, 2.0, 0.5], np.float32)


def log_softmax(x):
    shifted = x - x.max(1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(1, keepdims=True))


NLL = -log_softmax(LOGITS)  # (N, C): -log p_c of each sample
PICKED = NLL[np.arange(3), LABELS]
PROBS = np.exp(log_softmax(LOGITS[::-1].copy()))
KEPT = LABELS != 0


@pytest.mark.parametrize("kwargs, target, expected", [
    ({}, LABELS, PICKED.mean()),
    ({"reduction": "sum"}, LABELS, PICKED.sum()),
    ({"reduction": "none"}, LABELS, PICKED),
    ({"reduction": "none", "label_smoothing": 0.2}, LABELS,
     0.8 * PICKED + 0.2 / 3 * NLL.sum(1)),
    ({"weight": WEIGHT, "ignore_index": 0}, LABELS,
     (WEIGHT[LABELS] * PICKED * KEPT).sum() / (WEIGHT[LABELS] * KEPT).sum()),
    ({"reduction": "none", "weight": WEIGHT}, LABELS, WEIGHT[LABELS] * PICKED),
    ({}, PROBS, (PROBS * NLL).sum(1).mean()),
], ids=["mean", "sum", "none", "smoothing", "weight_ignore", "weight_none", "probabilities"])
def test_mint_cross_entropy_loss_matches_numpy(kwargs, target, expected):
    kwargs = {k: Tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    loss = mint.nn.CrossEntropyLoss(**kwargs)(Tensor(LOGITS), Tensor(target))
    assert_close(loss, np.asarray(expected, np.float32), rtol=1e-5, atol=1e-6)


INDEX = np.array([[0, 2], [1, 0]], np.int64)
SOURCE = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)


def scattered(base, dim, values, combine):
    """NumPy's scatter: base[index[i][j]][j] (dim 0) or base[i][index[i][j]] (dim 1) combined
    with values[i][j], element after element."""
    out = base.copy()
    for i, j in np.ndindex(INDEX.shape):
        at = (INDEX[i, j], j) if dim == 0 else (i, INDEX[i, j])
        out[at] = combine(out[at], values[i, j])
    return out


@pytest.mark.parametrize("dim, reduce, combine", [
    (1, "none", lambda old, new: new), (0, "none", lambda old, new: new),
    (1, "add", lambda old, new: old + new), (0, "multiply", lambda old, new: old * new)])
def test_tensor_scatter_in_place_matches_numpy(dim, reduce, combine):
    base = np.arange(9, dtype=np.float32).reshape(3, 3)
    tensor = Tensor(base)
    out = tensor.scatter_(dim, Tensor(INDEX), Tensor(SOURCE), reduce=reduce)
    assert out is tensor
    assert_close(tensor, scattered(base, dim, SOURCE, combine))


def test_tensor_scatter_value_and_larger_source_match_numpy():
    base = np.zeros((3, 3), np.float32)
    tensor = Tensor(base)
    tensor.scatter_(dim=1, index=Tensor(INDEX), value=1.5)
    assert_close(tensor, scattered(base, 1, np.full((2, 2), 1.5, np.float32), lambda o, n: n))
    wide = np.arange(12, dtype=np.float32).reshape(3, 4)  # only src[:2, :2] is scattered
    assert_close(Tensor(base).scatter_(1, Tensor(INDEX), Tensor(wide)),
                 scattered(base, 1, wide, lambda o, n: n))


def test_parameter_scatter_writes_the_parameter():
    weight = msjax.Parameter(Tensor(np.zeros((3, 3), np.float32)), name="w")
    weight.scatter_(1, Tensor(INDEX), Tensor(SOURCE))
    assert_close(weight, scattered(np.zeros((3, 3), np.float32), 1, SOURCE, lambda o, n: n))


def test_tensor_uniform_draws_in_range_with_the_tensors_dtype():
    msjax.manual_seed(3)
    base = Tensor(np.zeros((4000,), np.float32))
    drawn = base.uniform(2.0, 5.0)
    values = drawn.asnumpy()
    assert drawn.dtype == msjax.float32 and values.shape == (4000,)
    assert values.min() >= 2.0 and values.max() < 5.0
    assert abs(values.mean() - 3.5) < 0.05 and abs(values.std() - 3 / np.sqrt(12)) < 0.05
    assert (base.asnumpy() == 0).all()  # a new Tensor: the input is unchanged
    assert Tensor(np.zeros(3, np.float16)).uniform().dtype == msjax.float16
    msjax.manual_seed(3)
    assert (base.uniform(2.0, 5.0).asnumpy() == values).all()  # manual_seed repeats the draw
    with pytest.raises(TypeError, match="'from_' must not be larger than 'to'"):
        base.uniform(5.0, 2.0)
    generator = msjax.Generator().manual_seed(3)  # its own state: the draw of manual_seed(3)
    assert (base.uniform(2.0, 5.0, generator=generator).asnumpy() == values).all()


def test_rng_state_replays_every_random_api():
    # (initial weights are not among them: as MindSpore's, initializers draw from NumPy's
    # global generator, tests/test_initializer_streams.py)
    draws = (lambda: mint.rand(3), lambda: msjax.ops.uniform((3,), Tensor(0.0), Tensor(1.0)),
             lambda: Tensor(np.zeros(3, np.float32)).uniform())
    state = msjax.get_rng_state()
    first = [draw().asnumpy() for draw in draws]
    second = [draw().asnumpy() for draw in draws]
    msjax.set_rng_state(state)
    replayed = [draw().asnumpy() for draw in draws]
    for a, b, c in zip(first, second, replayed):
        assert (a == c).all() and not (a == b).all()
    msjax.manual_seed(11)
    seeded = mint.rand(4, generator=msjax.default_generator).asnumpy()
    msjax.manual_seed(11)
    assert (mint.rand(4).asnumpy() == seeded).all()


def test_generator_holds_its_own_state():
    msjax.manual_seed(1)
    generator = msjax.Generator().manual_seed(5)
    assert generator.initial_seed() == 5 and msjax.initial_seed() == 1  # not the default's
    state = generator.get_state()
    generator.manual_seed(6)
    generator.set_state(state)
    assert generator.initial_seed() == 5
    assert (generator.get_state().asnumpy() == state.asnumpy()).all()


def test_requires_grad_on_a_plain_tensor_changes_nothing():
    tensor = Tensor(np.ones(2, np.float32))
    assert tensor.requires_grad_() is None
    assert not hasattr(tensor, "requires_grad")  # as MindSpore 2.10's Tensor


def test_cell_compile_leaves_the_call_nothing_to_compile(monkeypatch):
    msjax.set_context(mode=msjax.GRAPH_MODE)
    try:
        net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU()])
        x = Tensor(np.ones((2, 3), np.float32))
        assert net.compile(x) is None
        from msjax._src.transforms.compiled import CompiledFunction
        compiles = []
        original = CompiledFunction._compile
        monkeypatch.setattr(CompiledFunction, "_compile",
                            lambda self, *a: (compiles.append(a), original(self, *a))[1])
        out = net(x)
        assert compiles == []
        msjax.set_context(mode=msjax.PYNATIVE_MODE)
        assert_close(out, net(x))
    finally:
        msjax.set_context(mode=msjax.PYNATIVE_MODE)


def test_virtual_dataset_cell_passes_its_inputs_to_the_backbone():
    # MindSpore 2.10's CPU build cannot run _VirtualDataset outside a parallel context.
    from msjax.nn.wrap.cell_wrapper import _VirtualDatasetCell
    backbone = nn.Dense(3, 2)
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    expected = x.asnumpy() @ backbone.weight.asnumpy().T + backbone.bias.asnumpy()
    assert_close(_VirtualDatasetCell(backbone)(x), expected, rtol=1e-6, atol=1e-6)


def test_storage_offset_is_mindspores_and_data_ptr_the_tensors_own_array():
    tensor = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    row = tensor[1]  # MindSpore 2.10: a view at offset 3 (core/strided_views.py); msjax's
    assert row.storage_offset() == 3  # row holds an array of its own
    assert tensor.data_ptr() == tensor._data.unsafe_buffer_pointer()
    assert row.data_ptr() != tensor.data_ptr()


def test_row_tensor_to_dense_adds_its_rows_into_zeros():
    values = np.arange(6, dtype=np.float32).reshape(3, 2)
    rows = msjax.RowTensor(Tensor(np.array([2, 0, 2], np.int32)), Tensor(values), (4, 2))
    expected = np.zeros((4, 2), np.float32)
    np.add.at(expected, [2, 0, 2], values)
    assert_close(rows.to_dense(), expected)
    with pytest.raises(TypeError, match="`shape` a tuple"):
        msjax.RowTensor(Tensor(np.array([0], np.int32)), Tensor(values[:1]), [4, 2])


@pytest.mark.parametrize("kwargs", [{"target": "DEVICE"}, {"max_norm": 0.5},
                                    {"target": "DEVICE", "sparse": False, "max_norm": 1.0}])
def test_embedding_lookup_matches_numpy(kwargs):
    cell = nn.EmbeddingLookup(5, 2, **kwargs)
    table = np.arange(10, dtype=np.float32).reshape(5, 2) / 4 - 1
    cell.embedding_table.set_data(Tensor(table))
    indices = np.array([[0, 2], [4, 9]], np.int32)  # 9 is outside the table: zeros
    rows = np.where((indices < 5)[..., None], table[np.minimum(indices, 4)], 0)
    if "max_norm" in kwargs:
        norms = np.linalg.norm(rows, axis=-1, keepdims=True)
        rows = rows * np.minimum(1, kwargs["max_norm"] / np.maximum(norms, 1e-12))
    assert_close(cell(Tensor(indices)), rows.astype(np.float32), rtol=1e-6, atol=1e-6)
    assert_close(msjax.jit(cell)(Tensor(indices)), rows.astype(np.float32), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_tensor_scatter_add_matches_numpy(dim):
    base = np.arange(9, dtype=np.float32).reshape(3, 3)
    tensor = Tensor(base)
    out = tensor.scatter_add(dim, Tensor(INDEX), Tensor(SOURCE))
    assert_close(out, scattered(base, dim % 2, SOURCE, lambda old, new: old + new))
    assert_close(tensor, base)  # a new Tensor


def test_tensor_index_add_in_place_matches_numpy():
    base = np.arange(6, dtype=np.float32).reshape(3, 2)
    source = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)
    expected = base.copy()
    np.add.at(expected, [0, 2, 0], 0.5 * source)
    tensor = Tensor(base)
    assert tensor.index_add_(0, Tensor(np.array([0, 2, 0], np.int32)), Tensor(source),
                             alpha=0.5) is tensor
    assert_close(tensor, expected)


@pytest.mark.parametrize("fill, low, mean, std", [
    (lambda t: t.uniform_(2.0, 5.0), 2.0, 3.5, 3 / np.sqrt(12)),
    (lambda t: t.normal_(1.0, 0.5), None, 1.0, 0.5),
    (lambda t: t.exponential_(2.0), 0.0, 0.5, 0.5)], ids=["uniform_", "normal_", "exponential_"])
def test_in_place_draws_fill_the_tensor_with_their_distribution(fill, low, mean, std):
    msjax.manual_seed(5)
    tensor = Tensor(np.zeros(20000, np.float32))
    assert fill(tensor) is tensor  # filled in place, as MindSpore documents
    values = tensor.asnumpy()
    assert abs(values.mean() - mean) < 0.03 and abs(values.std() - std) < 0.03
    if low is not None:
        assert values.min() >= low
    if low == 2.0:
        assert values.max() < 5.0
    msjax.manual_seed(5)
    assert (fill(Tensor(np.zeros(20000, np.float32))).asnumpy() == values).all()


def test_bernoulli_draws_ones_with_each_elements_probability():
    msjax.manual_seed(2)
    probabilities = np.repeat(np.array([0.0, 0.25, 1.0], np.float32), 8000)
    draws = Tensor(probabilities).bernoulli().asnumpy()
    assert set(np.unique(draws)) <= {0.0, 1.0} and draws.dtype == np.float32
    assert (draws[:8000] == 0).all() and (draws[16000:] == 1).all()
    assert abs(draws[8000:16000].mean() - 0.25) < 0.02


def test_layout_partition_spec_shards_with_jax():
    import jax
    from jax.sharding import Mesh, NamedSharding, PartitionSpec
    layout = msjax.parallel.Layout((1, 1, 1), ("dp", "sp", "mp"))
    assert layout("dp", "None").partition_spec() == PartitionSpec("dp", None)
    assert (layout("mp", "None", ("dp", "sp")).partition_spec()
            == PartitionSpec("mp", None, ("dp", "sp")))
    mesh = Mesh(np.array(jax.devices()[:1]).reshape(1, 1, 1), ("dp", "sp", "mp"))
    sharding = NamedSharding(mesh, layout("dp", ("sp", "mp")).partition_spec())
    placed = jax.device_put(np.arange(6.0).reshape(2, 3), sharding)
    assert placed.sharding == sharding and (np.asarray(placed) == np.arange(6.0).reshape(2, 3)).all()
    with pytest.raises(ValueError, match="tensor_map of layout is None"):
        msjax.parallel.Layout((1,), ("dp",)).partition_spec()  # never called with a tensor map


def test_hal_answers_from_jax_devices():
    import jax
    try:
        gpus = jax.devices("gpu")
    except RuntimeError:
        gpus = []
    assert msjax.hal.is_available("GPU") == bool(gpus)
    assert msjax.hal.device_count("CPU") == len(jax.devices("cpu"))
    assert msjax.hal.get_device_capability(0, "CPU") is None
    if not gpus:
        with pytest.raises(ValueError, match="GPU backend is not available"):
            msjax.hal.device_count("GPU")
        return
    assert msjax.hal.device_count("GPU") == len(gpus)
    assert msjax.hal.get_device_name(0, "GPU") == gpus[0].device_kind
    properties = msjax.hal.get_device_properties(0, "GPU")
    assert properties.name == gpus[0].device_kind and properties.total_memory > 0
