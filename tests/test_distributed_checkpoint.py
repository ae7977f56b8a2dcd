"""transform_checkpoints, load_distributed_checkpoint, merge_sliced_parameter and
build_searched_strategy: the probe script, run unchanged, prints what MindSpore 2.10 printed
(tests/goldens/parallel/distributed_checkpoint_probe.out: every value, re-sharded 8 -> 1, 8 -> 4
and 4 -> 1 ranks, equal to the saved weights); transform_checkpoint_by_rank and
load_segmented_checkpoints (checkpoint_by_rank_probe.out); the protobuf strategy format; and what
msjax does not re-shard."""
import json
import os
import re

import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor
from msjax._src.parallel.strategy_file import strategy_classes as _strategy_classes
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("parallel/distributed_checkpoint_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("distributed_checkpoint_probe.py")


BY_RANK_GOLDEN = golden_cases("parallel/checkpoint_by_rank_probe.out")


@pytest.fixture(scope="module")
def by_rank_cases():
    return run_script_on_msjax("checkpoint_by_rank_probe.py")


@pytest.mark.parametrize("label", sorted(BY_RANK_GOLDEN))
def test_transform_checkpoint_by_rank_and_load_segmented_checkpoints_match_mindspore(
        label, by_rank_cases):
    assert by_rank_cases.get(label) == BY_RANK_GOLDEN[label]


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    got = msjax_cases.get(label)
    if got is not None:
        got = re.sub(r"/tmp/[^ ]*?/no\.json", "ROOT/no.json", got)
    assert got == GOLDEN[label]


def _protobuf_strategy(path, layouts, stage_prefix=""):
    strategy_map = _strategy_classes()["ParallelStrategyMap"]()
    strategy_map.current_stage = 0
    for name, (dev_matrix, tensor_map, extra) in layouts.items():
        item = strategy_map.parallel_layout_item.add(param_name=stage_prefix + name)
        item.parallel_layouts.dev_matrix.add().dim.extend(dev_matrix)
        item.parallel_layouts.tensor_map.add().dim.extend(tensor_map)
        item.parallel_layouts.param_split_shape.add()
        item.parallel_layouts.indices_offset.add()
        item.parallel_layouts.field = extra.get("field", 0)
        item.parallel_layouts.opt_weight_shard_step = 0
        item.parallel_layouts.opt_weight_shard_size = extra.get("opt", 0)
    with open(path, "wb") as f:
        f.write(strategy_map.SerializeToString())


W = np.arange(32, dtype=np.float32).reshape(8, 4)


def _save_ranks(root, cut):
    for rank, piece in enumerate(cut):
        os.makedirs(root / f"rank_{rank}", exist_ok=True)
        ms.save_checkpoint([{"name": "w", "data": Tensor(piece)}], str(root / f"rank_{rank}" /
                                                                       "a.ckpt"))


def test_a_protobuf_strategy_file_re_shards_columns_into_rows(tmp_path):
    _protobuf_strategy(tmp_path / "src.ckpt", {"w": ([1, 4], [-1, 0], {})})
    _protobuf_strategy(tmp_path / "dst.ckpt", {"w": ([2, 1], [1, -1], {})})
    _save_ranks(tmp_path / "src", np.split(W, 4, axis=1))
    ms.transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "dst"), "w_",
                             str(tmp_path / "src.ckpt"), str(tmp_path / "dst.ckpt"))
    for rank, rows in enumerate(np.split(W, 2, axis=0)):
        got = ms.load_checkpoint(str(tmp_path / "dst" / f"rank_{rank}" / f"w_{rank}.ckpt"))
        assert np.array_equal(got["w"].asnumpy(), rows)
    strategy = ms.build_searched_strategy(str(tmp_path / "src.ckpt"))
    merged = ms.merge_sliced_parameter(
        [Parameter(Tensor(p), "w") for p in np.split(W, 4, axis=1)], strategy)
    assert np.array_equal(merged.asnumpy(), W)


def test_the_last_checkpoint_of_a_rank_folder_is_the_one_read(tmp_path):
    _save_ranks(tmp_path / "src", [W * 0])
    ms.save_checkpoint([{"name": "w", "data": Tensor(W)}], str(tmp_path / "src" / "rank_0" /
                                                               "b.ckpt"))
    ms.transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "out"), "x")
    assert np.array_equal(ms.load_checkpoint(str(tmp_path / "out" / "rank_0" / "x0.ckpt"))[
        "w"].asnumpy(), W)


@pytest.mark.parametrize("extra, what", [({"field": 2}, "an embedding field"),
                                         ({"opt": 2}, "optimizer sharding")])
def test_layouts_msjax_does_not_re_shard_are_refused(tmp_path, extra, what):
    _protobuf_strategy(tmp_path / "src.ckpt", {"w": ([4], [0, -1], extra)})
    _save_ranks(tmp_path / "src", np.split(W, 4))
    with pytest.raises(NotImplementedError, match=f"uses {what}"):
        ms.transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "out"), "x",
                                 str(tmp_path / "src.ckpt"))
    assert not (tmp_path / "out").exists()


def test_a_pipeline_strategy_file_is_refused(tmp_path):
    _protobuf_strategy(tmp_path / "src.ckpt", {"w": ([4], [0, -1], {})}, stage_prefix="1-")
    _save_ranks(tmp_path / "src", np.split(W, 4))
    with pytest.raises(NotImplementedError, match="pipeline-parallel stages"):
        ms.transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "out"), "x",
                                 str(tmp_path / "src.ckpt"))


def test_load_distributed_checkpoint_reads_the_contexts_strategy_file(tmp_path):
    with open(tmp_path / "s.json", "w") as f:
        json.dump({"parallel_layout_item": {"w": {
            "dev_matrix": [2], "tensor_map": [0, -1], "field": 0, "opt_weight_shard_step": 0,
            "opt_weight_shard_size": 0}}}, f)
    _save_ranks(tmp_path / "src", np.split(W, 2))

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.zeros((8, 4), np.float32)), name="w")

    net = Net()
    ms.set_auto_parallel_context(strategy_ckpt_config={"load_file": str(tmp_path / "s.json")})
    assert ms.load_distributed_checkpoint(
        net, [str(tmp_path / "src" / f"rank_{r}" / "a.ckpt") for r in range(2)])
    assert np.array_equal(net.w.asnumpy(), W)
