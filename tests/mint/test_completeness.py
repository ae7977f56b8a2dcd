"""Every name of MindSpore 2.10's mint modules (as recorded in msjax/_src/reference/, from the
wheel) exists in msjax and is exercised by a test under tests/mint/, except the explicit lists
below, each with its reason; and the mint functions MindSpore computes only on Ascend
(SyncBatchNorm's pieces, conv_tbc, triangular_solve, npu_gelu) against NumPy, eagerly, under jit,
under vmap and through grad, and mint.distributed in a one-process job."""
import importlib
import json
import pathlib
import re

import jax
import numpy as np
import pytest

from msjax import Tensor, mint
from msjax._src.reference import mindspore_modules
from tests.support import assert_close, check_eager_jit_vmap

MINT_MODULES = ["mindspore.mint", "mindspore.mint.nn", "mindspore.mint.nn.functional",
                "mindspore.mint.optim", "mindspore.mint.linalg", "mindspore.mint.special",
                "mindspore.mint.distributed"]

_IMPORT = "an import inside MindSpore's mint module, not in its __all__ (not mint API)"
# Names the recorded modules hold that are not mint's public API (dir() of the module).
NOT_API = dict.fromkeys(
    ["absolute_import", "constexpr", "jit_forbidden_register", "jit_view_unsupported",
     "equal_ext_op", "softmax_ext", "flatten_ext", "squeeze_impl", "cdist_", "round_op",
     "upsample_bilinear2d_op", "upsample_nearest2d_op", "adaptive_avg_pool3d_ext", "elu_ext",
     "hardtanh_op", "threshold_op", "norm_ext", "silu_func", "kl_div_ext", "mse_loss_ext",
     "nllloss", "inplace_elu", "inplace_silu", "TCPStore"], _IMPORT)

# mint's public names msjax does not implement, with the reason: none left.
NOT_IMPLEMENTED = {}


def _expected_missing(module, name):
    return name in NOT_API or name in NOT_IMPLEMENTED


def _recorded_names():
    for module in MINT_MODULES:
        for name in mindspore_modules()[module]["names"]:
            yield module, name


@pytest.mark.parametrize("module", MINT_MODULES)
def test_every_recorded_mint_name_exists(module):
    ours = importlib.import_module(module.replace("mindspore", "msjax"))
    names = mindspore_modules()[module]["names"]
    missing = sorted(n for n in names if not hasattr(ours, n) and not _expected_missing(module, n))
    assert missing == []
    # The explicit lists are not stale: each listed name is still missing.
    listed = sorted(n for n in names if _expected_missing(module, n) and n not in NOT_API
                    and hasattr(ours, n))
    assert listed == []


def test_a_name_mint_lacks_too_is_python_s_plain_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'not_a_mint_name'$"):
        mint.distributed.not_a_mint_name  # noqa: B018


TESTS = pathlib.Path(__file__).resolve().parent
GOLDENS = TESTS.parent / "goldens" / "mint"


def test_every_mint_name_is_exercised_by_a_test():
    text = "\n".join(p.read_text() for p in sorted(TESTS.glob("*.py"))
                     if p.name != "test_completeness.py")  # this file names every name
    text += "\n".join(p.read_text() for p in sorted(GOLDENS.glob("*.json")))
    text += "\n".join(TESTED_HERE)
    untested = sorted({n for module, n in _recorded_names() if not _expected_missing(module, n)
                       and not re.search(rf"\b{re.escape(n)}\b", text)})
    assert untested == []


# -- the Ascend-only functions, against NumPy -----------------------------------------------------
TESTED_HERE = ["addr_", "batch_norm_stats", "batch_norm_elemt", "batch_norm_gather_stats_with_counts",
               "conv_tbc", "triangular_solve", "npu_gelu", "init_process_group",
               "destroy_process_group", "is_available", "is_initialized", "get_backend",
               "get_rank", "get_world_size", "new_group", "get_process_group_ranks",
               "get_global_rank", "get_group_rank", "all_reduce", "all_gather",
               "all_gather_into_tensor", "reduce_scatter", "reduce_scatter_tensor", "broadcast",
               "barrier", "reduce", "gather", "scatter", "all_to_all", "all_to_all_single",
               "all_gather_object", "gather_object", "broadcast_object_list",
               "scatter_object_list", "all_gather_into_tensor_uneven",
               "reduce_scatter_tensor_uneven", "send", "recv", "isend", "irecv", "P2POp",
               "batch_isend_irecv", "send_object_list", "recv_object_list"]
RNG = np.random.default_rng(13)
X = RNG.standard_normal((4, 3, 5)).astype(np.float32)
EPS = 1e-5


def _np_stats(x):
    axes = (0, 2)
    mean = x.mean(axis=axes)
    return mean, 1 / np.sqrt(x.var(axis=axes) + EPS)


def test_batch_norm_stats():
    check_eager_jit_vmap(lambda x: mint.batch_norm_stats(x, EPS), [Tensor(X)], _np_stats(X),
                         rtol=1e-5, atol=1e-5)


def test_batch_norm_elemt_and_its_grad():
    mean, invstd = _np_stats(X)
    weight = RNG.uniform(0.5, 1.5, 3).astype(np.float32)
    bias = RNG.standard_normal(3).astype(np.float32)
    want = ((X - mean[:, None]) * invstd[:, None] * weight[:, None] + bias[:, None])

    def fn(x, w, b):
        return mint.batch_norm_elemt(x, w, b, Tensor(mean), Tensor(invstd), EPS)
    check_eager_jit_vmap(fn, [Tensor(X), Tensor(weight), Tensor(bias)], want,
                         rtol=1e-5, atol=1e-5)
    grad_w = jax.grad(lambda w: fn(Tensor(X), w, Tensor(bias)).sum()._data)(Tensor(weight))
    assert_close(grad_w, ((X - mean[:, None]) * invstd[:, None]).sum(axis=(0, 2)),
                 rtol=1e-4, atol=1e-4)
    with pytest.raises(ValueError, match="'mean' and 'invstd' must be Tensors"):
        mint.batch_norm_elemt(Tensor(X))


def test_batch_norm_gather_stats_with_counts_updates_running_stats():
    halves = [X[:1], X[1:]]  # two "devices" with 5 and 15 elements per channel
    stats = [_np_stats(h) for h in halves]
    counts = np.array([h.shape[0] * h.shape[2] for h in halves], np.float32)
    running_mean, running_var = Tensor(np.zeros(3, np.float32)), Tensor(np.ones(3, np.float32))
    mean, invstd = mint.batch_norm_gather_stats_with_counts(
        Tensor(X), Tensor(np.stack([s[0] for s in stats])), Tensor(np.stack([s[1] for s in stats])),
        running_mean, running_var, 0.1, EPS, Tensor(counts))
    want_mean, want_invstd = _np_stats(X)
    assert_close(mean, want_mean, rtol=1e-5, atol=1e-5)
    assert_close(invstd, want_invstd, rtol=1e-4, atol=1e-4)
    assert_close(running_mean, 0.1 * want_mean, rtol=1e-5, atol=1e-5)
    assert_close(running_var, 0.9 + 0.1 * X.var(axis=(0, 2), ddof=1), rtol=1e-4, atol=1e-4)
    with pytest.raises(ValueError, match="'counts' must be a Tensor"):
        mint.batch_norm_gather_stats_with_counts(Tensor(X), Tensor(want_mean[None]),
                                                 Tensor(want_invstd[None]))


def _np_conv_tbc(x, w, b, pad):
    x = np.pad(x, [(pad, pad), (0, 0), (0, 0)])
    k = w.shape[0]
    return np.stack([np.einsum("kbi,kio->bo", x[t:t + k], w) for t in range(x.shape[0] - k + 1)]) + b


def test_conv_tbc_and_its_grad():
    x = RNG.standard_normal((6, 2, 3)).astype(np.float32)
    w = RNG.standard_normal((3, 3, 4)).astype(np.float32)
    b = RNG.standard_normal(4).astype(np.float32)
    check_eager_jit_vmap(lambda x, w, b: mint.conv_tbc(x, w, b, 1),
                         [Tensor(x), Tensor(w), Tensor(b)], _np_conv_tbc(x, w, b, 1),
                         rtol=1e-4, atol=1e-4)
    grad_b = jax.grad(lambda b: mint.conv_tbc(Tensor(x), Tensor(w), b).sum()._data)(Tensor(b))
    assert_close(grad_b, np.full(4, 4 * 2, np.float32))
    with pytest.raises(ValueError, match="For conv_tbc, input must be 3-D"):
        mint.conv_tbc(Tensor(x[0]), Tensor(w), Tensor(b))


@pytest.mark.parametrize("upper, transpose, unitriangular",
                         [(True, False, False), (False, True, False), (True, True, True)])
def test_triangular_solve(upper, transpose, unitriangular):
    a = RNG.standard_normal((3, 3)).astype(np.float32) + 3 * np.eye(3, dtype=np.float32)
    a = np.triu(a) if upper else np.tril(a)
    b = RNG.standard_normal((3, 2)).astype(np.float32)
    used = a.copy()
    if unitriangular:
        np.fill_diagonal(used, 1.0)
    want = np.linalg.solve(used.T if transpose else used, b).astype(np.float32)
    check_eager_jit_vmap(lambda b, a: mint.triangular_solve(b, a, upper, transpose, unitriangular),
                         [Tensor(b), Tensor(a)], (want, a), rtol=1e-4, atol=1e-4)
    grad_b = jax.grad(lambda b: mint.triangular_solve(b, Tensor(a), upper, transpose,
                                                      unitriangular)[0].sum()._data)(Tensor(b))
    assert_close(grad_b, np.linalg.solve((used.T if transpose else used).T,
                                         np.ones((3, 2), np.float32)).astype(np.float32),
                 rtol=1e-4, atol=1e-4)


def test_npu_gelu_is_gelu():
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    from math import erf
    want = np.vectorize(lambda v: 0.5 * v * (1 + erf(v / np.sqrt(2))))(x).astype(np.float32)
    check_eager_jit_vmap(mint.npu_gelu, [Tensor(x)], want, rtol=1e-5, atol=1e-5)


def test_distributed_in_a_one_process_job():
    dist = mint.distributed
    assert dist.is_available()
    dist.init_process_group()
    try:
        assert dist.is_initialized()
        assert (dist.get_rank(), dist.get_world_size()) == (0, 1)
        assert dist.get_backend() == "mccl"
        t = Tensor(np.arange(3, dtype=np.float32))
        assert dist.all_reduce(t) is None
        assert_close(t, np.arange(3, dtype=np.float32))
        gathered = [Tensor(np.zeros(3, np.float32))]
        dist.all_gather(gathered, t)
        assert_close(gathered[0], np.arange(3, dtype=np.float32))
        for fn, source in ((dist.all_gather_into_tensor, t), (dist.reduce_scatter_tensor, t),
                           (dist.reduce_scatter, [t])):
            out = Tensor(np.zeros(3, np.float32))
            fn(out, source)
            assert_close(out, np.arange(3, dtype=np.float32))
        dist.broadcast(t, 0)
        dist.barrier()
        group = dist.new_group([0])
        assert dist.get_process_group_ranks(group) == [0]
        assert (dist.get_global_rank(group, 0), dist.get_group_rank(group, 0)) == (0, 0)
        dist.destroy_process_group(group)
    finally:
        dist.destroy_process_group()
    assert not dist.is_initialized()


def test_distributed_reduce_gather_scatter_all_to_all_in_a_one_process_job():
    dist = mint.distributed
    dist.init_process_group()
    try:
        x = np.arange(4, dtype=np.float32)
        t = Tensor(x)
        dist.reduce(t, 0, op="max")
        assert_close(t, x)
        gathered = [Tensor(np.zeros(4, np.float32))]
        dist.gather(t, gathered)
        scattered = Tensor(np.zeros(4, np.float32))
        dist.scatter(scattered, [Tensor(x * 2)])
        single = Tensor(np.zeros(4, np.float32))
        dist.all_to_all_single(single, t)
        listed = [Tensor(np.zeros(4, np.float32))]
        dist.all_to_all(listed, [Tensor(x + 1)])
        for got, want in ((gathered[0], x), (scattered, x * 2), (single, x), (listed[0], x + 1)):
            assert_close(got, want)
        with pytest.raises(TypeError, match="For gather, the list must hold one Tensor per rank"):
            dist.gather(t, [t, t])
        with pytest.raises(TypeError, match="the type and shape of every member of "
                           "'scatter_list' must be those of the tensor"):
            dist.scatter(scattered, [Tensor(np.zeros(3, np.float32))])
        with pytest.raises(ValueError, match=r"msjax supports equal splits only: "
                           r"'input_split_sizes' must be None or \[4\], but got \[3\]"):
            dist.all_to_all_single(single, t, input_split_sizes=[3])
        with pytest.raises(TypeError, match="For reduce, the dst must be int"):
            dist.reduce(t, "0")
        uneven = Tensor(np.zeros(4, np.float32))
        dist.all_gather_into_tensor_uneven(uneven, t, [4])
        dist.reduce_scatter_tensor_uneven(single, t, [4], op="max")
        assert_close(uneven, x)
        assert_close(single, x)
        with pytest.raises(ValueError, match=r"'output_split_sizes' must hold 1 non-negative "
                           r"sizes summing to 4, but got \[3\]"):
            dist.all_gather_into_tensor_uneven(uneven, t, [3])
    finally:
        dist.destroy_process_group()


def test_distributed_collectives_over_four_devices():
    # The checks of checks_distributed.py, in a subprocess whose JAX has 4 CPU devices.
    import os
    import subprocess
    import sys
    root = TESTS.parents[1]
    env = dict(os.environ, JAX_PLATFORMS="cpu",
               XLA_FLAGS=(os.environ.get("XLA_FLAGS", "")
                          + " --xla_force_host_platform_device_count=4").strip(),
               PYTHONPATH=os.pathsep.join(filter(None, [str(root),
                                                        os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(TESTS / "checks_distributed.py")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "6 passed" in proc.stdout


def test_object_collectives_in_a_one_process_job():
    dist = mint.distributed
    dist.init_process_group()
    try:
        gathered, collected, shared, received = [None], [None], ["keep", 1], [None]
        dist.all_gather_object(gathered, {"a": [1, 2]})
        dist.gather_object(("x", 1), collected)
        dist.broadcast_object_list(shared)
        dist.scatter_object_list(received, ["only"])
        assert (gathered, collected, shared, received) == ([{"a": [1, 2]}], [("x", 1)],
                                                           ["keep", 1], ["only"])
        with pytest.raises(TypeError, match="the size of 'object_list' must be the group size 1"):
            dist.all_gather_object([None, None], 1)
        with pytest.raises(TypeError, match="For gather_object, the dst must be int"):
            dist.gather_object(1, [None], dst=None)
    finally:
        dist.destroy_process_group()


@pytest.mark.heavy
def test_distributed_collectives_across_two_processes(tmp_path):
    import os
    import subprocess
    import sys
    from tests.parallel.support import free_port, wait_for
    root = TESTS.parents[1]
    port = free_port()
    workers = []
    for rank in range(2):
        env = dict(os.environ, JAX_PLATFORMS="cpu", MS_SCHED_HOST="127.0.0.1",
                   MS_SCHED_PORT=str(port), MS_WORKER_NUM="2", MS_NODE_ID=str(rank),
                   MS_ROLE="MS_WORKER",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(root),
                                                            os.environ.get("PYTHONPATH")])))
        workers.append(subprocess.Popen(
            [sys.executable, str(TESTS / "distributed_worker.py"), str(tmp_path / f"{rank}.json")],
            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    wait_for(workers, timeout=600)
    r0, r1 = (json.loads((tmp_path / f"{rank}.json").read_text()) for rank in range(2))
    rows = [list(np.arange(4.0)), list(np.arange(4.0) + 10)]
    assert (r0["size"], r1["size"]) == (2, 2)
    assert r0["reduce"] == rows[0] and r1["reduce"] == list(np.arange(4.0) * 2 + 10)
    assert r0["gather"] == rows and r1["gather"] == [[0.0] * 4, [0.0] * 4]
    assert r0["scatter"] == [0.0] * 4 and r1["scatter"] == [1.0] * 4
    assert r0["all_to_all_single"] == [0.0, 1.0, 10.0, 11.0]
    assert r1["all_to_all_single"] == [2.0, 3.0, 12.0, 13.0]
    for r in (r0, r1):
        assert r["all_gather_object"] == [{"rank": 0, "tag": "x"}, {"rank": 1, "tag": "xx"}]
        assert r["broadcast_object_list"] == ["mine-0", 0]
    assert r0["all_gather_into_tensor_uneven"] == r1["all_gather_into_tensor_uneven"] == [
        0.0, 10.0, 11.0, 12.0]
    assert r0["reduce_scatter_tensor_uneven"] == [10.0]
    assert r1["reduce_scatter_tensor_uneven"] == [12.0, 14.0, 16.0]
    assert r0["gather_object"] == [None, None]
    assert r1["gather_object"] == [["from", 0], ["from", 1]]
    assert r0["scatter_object_list"] == [{"to": 0}] and r1["scatter_object_list"] == [{"to": 1}]
    assert r1["p2p"] == [0.0, 2.0, 4.0, 6.0] and r0["p2p"] == [1.0, 3.0, 5.0, 7.0]
    assert r0["batch_isend_irecv"] == [110.0, 111.0, 112.0, 113.0]
    assert r1["batch_isend_irecv"] == [100.0, 101.0, 102.0, 103.0]
    assert r1["recv_object_list"] == [{"from": 0}, "two"]


DISTRIBUTED_SIGNATURES = json.loads((GOLDENS / "distributed_signatures.json").read_text())


@pytest.mark.parametrize("name", sorted(n for n in DISTRIBUTED_SIGNATURES
                                        if n not in NOT_IMPLEMENTED))
def test_distributed_signatures_are_mindspore_s(name):
    import ast
    import inspect
    obj = getattr(mint.distributed, name)
    ours = [[p.name, p.kind.name, None if p.default is p.empty else p.default]
            for p in inspect.signature(obj).parameters.values()]
    want = [[n, kind, None if default is None else ast.literal_eval(default)]
            for n, kind, default in DISTRIBUTED_SIGNATURES[name]]
    assert ours == want


def test_addr_writes_input_in_place():
    base = RNG.standard_normal((2, 3)).astype(np.float32)
    v1, v2 = np.array([1.0, -2.0], np.float32), np.array([0.5, 1.0, 2.0], np.float32)
    t = Tensor(base)
    assert mint.addr_(t, Tensor(v1), Tensor(v2), beta=2, alpha=3) is t
    assert_close(t, 2 * base + 3 * np.outer(v1, v2))
    nan = Tensor(np.full((2, 3), np.nan, np.float32))
    mint.addr_(nan, Tensor(v1), Tensor(v2), beta=0)
    assert_close(nan, np.outer(v1, v2))

    def fn(x, a, b):
        y = x.copy()
        mint.addr_(y, a, b, alpha=0.5)
        return y
    check_eager_jit_vmap(fn, [Tensor(base), Tensor(v1), Tensor(v2)],
                         base + 0.5 * np.outer(v1, v2), rtol=1e-6, atol=1e-6)
    grad = jax.grad(lambda a: fn(Tensor(base), a, Tensor(v2)).sum()._data)(Tensor(v1))
    assert_close(grad, np.full(2, 0.5 * v2.sum(), np.float32), rtol=1e-6)
    with pytest.raises(ValueError, match="For 'addr_', vec1 and vec2 must be 1-D"):
        mint.addr_(t, Tensor(v2), Tensor(v2))


def test_point_to_point_in_a_one_process_job_says_what_is_wrong():
    dist = mint.distributed
    dist.init_process_group()
    try:
        t = Tensor(np.zeros(2, np.float32))
        with pytest.raises(ValueError, match="the dst rank 0 is this process's own rank"):
            dist.send(t, dst=0)
        with pytest.raises(RuntimeError, match="For recv, point-to-point transfers run between "
                           "the processes of a job"):
            dist.recv(t, src=1)
        with pytest.raises(TypeError, match="For P2POp, the op must be 'isend', 'irecv'"):
            dist.P2POp("send", t, 1)
        with pytest.raises(NotImplementedError, match="For P2POp, the tag must be 0"):
            dist.P2POp("isend", t, 1, tag=3)
        with pytest.raises(TypeError, match="'p2p_op_list' must be a non-empty list of P2POp"):
            dist.batch_isend_irecv([])
    finally:
        dist.destroy_process_group()
