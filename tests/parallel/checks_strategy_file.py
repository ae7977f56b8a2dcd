"""Strategy files on 8 host devices (run by test_multi_device.py in a subprocess with 8 host
devices): a semi-auto program's compile writes `strategy_ckpt_config`'s save file, protobuf or
JSON, byte for byte the files MindSpore's readers parsed (tests/goldens/parallel/strategy_files/,
strategy_file_probe.out), and the context's load file reads it back."""
import json

import jax
import numpy as np

import msjax as ms
from msjax import Tensor
from tests.golden_scripts import GOLDENS
from tests.parallel.strategy_net import X, StrategyNet, write_strategy_files

FIXTURES = GOLDENS / "parallel" / "strategy_files"


def setup_module():
    assert jax.device_count() == 8, "these checks run with 8 host devices"


def _unsharded():
    net = StrategyNet()
    weights = {p.name: p.asnumpy() for p in net.get_parameters()}
    return weights, (X @ weights["w1"] @ weights["w2"] + weights["bias"]) * weights["scale"]


def test_compiling_writes_the_files_mindspore_reads(tmp_path):
    out = write_strategy_files(str(tmp_path))
    for name in ("strategy.ckpt", "strategy.json"):
        assert (tmp_path / name).read_bytes() == (FIXTURES / name).read_bytes(), name
    np.testing.assert_allclose(out, _unsharded()[1], rtol=1e-5, atol=1e-5)


def test_frozen_parameters_are_written_without_only_trainable_params(tmp_path):
    write_strategy_files(str(tmp_path), only_trainable=False)
    layouts = json.loads((tmp_path / "strategy.json").read_text())["parallel_layout_item"]
    assert sorted(layouts) == ["bias", "scale", "w1", "w2"]
    assert (layouts["scale"]["dev_matrix"], layouts["scale"]["tensor_map"]) == ([8], [])


def test_the_older_key_writes_it_too_and_outside_semi_auto_nothing_is_written(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_auto_parallel_context(strategy_ckpt_save_file=str(tmp_path / "plain.ckpt"))
    StrategyNet()(Tensor(X))
    assert not (tmp_path / "plain.ckpt").exists()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL,
                                 strategy_ckpt_save_file=str(tmp_path / "sub" / "older.ckpt"))
    StrategyNet()(Tensor(X))
    assert (tmp_path / "sub" / "older.ckpt").read_bytes() == \
        (FIXTURES / "strategy.ckpt").read_bytes()


def test_the_written_file_loads_back_through_the_contexts_load_file(tmp_path):
    write_strategy_files(str(tmp_path))
    weights, _ = _unsharded()
    for name in ("strategy.ckpt", "strategy.json"):
        path = str(tmp_path / name)
        strategy = ms.build_searched_strategy(path)
        assert {k: (list(v.dev_matrix[0].dim), list(v.tensor_map[0].dim))
                for k, v in strategy.items()} == {"bias": ([8], [-1]), "w1": ([2, 1, 4], [1, 0]),
                                                  "w2": ([2, 4], [-1, 0])}
        files = []
        for rank in range(8):
            pieces = []
            for param, layout in sorted(strategy.items()):
                dev_matrix, tensor_map = list(layout.dev_matrix[0].dim), \
                    list(layout.tensor_map[0].dim)
                coordinate = np.unravel_index(rank, dev_matrix)
                index = []
                for dim, axis in enumerate(tensor_map):
                    size = weights[param].shape[dim] // (1 if axis == -1 else
                                                        dev_matrix[-axis - 1])
                    start = 0 if axis == -1 else int(coordinate[-axis - 1]) * size
                    index.append(slice(start, start + size))
                pieces.append({"name": param, "data": Tensor(weights[param][tuple(index)])})
            files.append(str(tmp_path / f"{name}.rank{rank}.ckpt"))
            ms.save_checkpoint(pieces, files[-1])
        ms.set_auto_parallel_context(strategy_ckpt_config={"load_file": path})
        net = StrategyNet()
        for param in net.trainable_params():
            param.set_data(Tensor(np.zeros(param.shape, np.float32)))
        ms.load_distributed_checkpoint(net, files)
        for param in net.trainable_params():
            np.testing.assert_array_equal(param.asnumpy(), weights[param.name], err_msg=name)
