"""Every module path of MindSpore 2.10 (recorded in msjax/_src/reference/) resolves to msjax.

Each recorded module msjax answers imports and exposes every name of MindSpore's module that msjax
implements, as msjax's own object; the names it lacks raise AttributeError saying so; each
excluded subtree raises ModuleNotFoundError with its reason.
"""
import importlib
import re

import pytest

import msjax
import msjax.compat
from msjax._src import module_tree
from msjax._src.reference import mindspore_modules

ANSWERED = module_tree.answered_paths()


def msjax_path(mindspore_path):
    return "msjax" + mindspore_path[len("mindspore"):]


@pytest.fixture
def alias():
    msjax.compat.install(force=True)
    yield
    msjax.compat.uninstall()


def test_most_of_the_tree_is_answered():
    # 1446 recorded modules; the rest are excluded subtrees, each with its reason.
    assert len(ANSWERED) > 280
    assert "mindspore.ops.operations.math_ops" in ANSWERED
    assert "mindspore.nn.optim.momentum" in ANSWERED


@pytest.mark.parametrize("path", ANSWERED)
def test_module_exposes_what_msjax_implements(path):
    module = importlib.import_module(msjax_path(path))
    for name in mindspore_modules()[path]["names"]:
        if not name.isidentifier():
            continue
        try:
            expected = module_tree.lookup(path, name)
        except AttributeError as error:
            assert f"msjax does not implement {path}.{name} yet" in str(error)
            assert not module_tree.provides(module, name)
            if name not in vars(module):  # (else: a same-named submodule some test imported)
                with pytest.raises(AttributeError,
                                   match=f"msjax does not implement {path}.{name} yet"):
                    getattr(module, name)
            continue
        assert getattr(module, name) is expected, f"{path}.{name}"


@pytest.mark.parametrize("path", sorted(module_tree.EXCLUDED))
def test_excluded_subtrees_say_why(path):
    reason = module_tree.EXCLUDED[path]
    if path.endswith(".*"):  # the modules below a package msjax answers
        path = next(p for p in mindspore_modules() if p.startswith(path[:-1]))
    assert path in mindspore_modules(), f"{path} is not a MindSpore 2.10 module: a stale exclusion"
    with pytest.raises(ModuleNotFoundError) as error:
        importlib.import_module(msjax_path(path))
    assert "msjax does not implement it yet" in str(error.value)
    assert reason in str(error.value)


# The paths real MindSpore code imports most (files of the usage scan in parentheses).
SAME_OBJECTS = [
    ("mindspore.common.tensor.Tensor", "Tensor"),  # 416
    ("mindspore.common.parameter.Parameter", "Parameter"),  # 118
    ("mindspore.common.parameter.ParameterTuple", "ParameterTuple"),
    ("mindspore.common.set_seed", "set_seed"),  # 525
    ("mindspore.common.seed.set_seed", "set_seed"),
    ("mindspore.common.api.jit", "jit"),
    ("mindspore.common.Parameter", "Parameter"),
    ("mindspore.context.ParallelMode", "ParallelMode"),  # 621
    ("mindspore.context.set_auto_parallel_context", "set_auto_parallel_context"),  # 529
    ("mindspore.context.get_auto_parallel_context", "get_auto_parallel_context"),
    ("mindspore.context.reset_auto_parallel_context", "reset_auto_parallel_context"),
    ("mindspore.ops.functional.vmap", "vmap"),
    ("mindspore.ops.functional.grad", "grad"),
    ("mindspore.ops.operations.array_ops.Reshape", "ops.Reshape"),
    ("mindspore.ops.operations.math_ops.MatMul", "ops.MatMul"),
    ("mindspore.ops.operations.nn_ops.Conv2D", "ops.Conv2D"),
    ("mindspore.ops.operations._inner_ops.Cast", "ops.Cast"),
    ("mindspore.ops.function.math_func.add", "ops.add"),
    ("mindspore.nn.loss.SoftmaxCrossEntropyWithLogits", "nn.SoftmaxCrossEntropyWithLogits"),
    ("mindspore.nn.loss.loss.LossBase", "nn.LossBase"),
    ("mindspore.nn.layer.CellList", "nn.CellList"),
    ("mindspore.nn.layer.basic.Dense", "nn.Dense"),
    ("mindspore.nn.cell.Cell", "nn.Cell"),
    ("mindspore.nn.optim.momentum.Momentum", "nn.Momentum"),
    ("mindspore.nn.optim.optimizer.Optimizer", "nn.Optimizer"),
    ("mindspore.nn.wrap.TrainOneStepCell", "nn.TrainOneStepCell"),
    ("mindspore.nn.wrap.grad_reducer.DistributedGradReducer", "nn.DistributedGradReducer"),
    ("mindspore.communication.management.init", "communication.init"),
    ("mindspore.common.initializer.Normal", "common.initializer.Normal"),
    ("mindspore.train.serialization.load_checkpoint", "load_checkpoint"),  # 781
    ("mindspore.train.serialization.load_param_into_net", "load_param_into_net"),  # 718
    ("mindspore.train.model.Model", "Model"),  # 350
    ("mindspore.train.serialization.export", "export"),  # 156
    ("mindspore.train.loss_scale_manager.FixedLossScaleManager", "FixedLossScaleManager"),
    ("mindspore.train.callback.LossMonitor", "LossMonitor"),
    ("mindspore.train.callback._callback.Callback", "Callback"),
    ("mindspore.nn.metrics.Accuracy", "train.Accuracy"),
    ("mindspore.amp.auto_mixed_precision", "amp.auto_mixed_precision"),
    ("mindspore.dataset.engine.datasets.GeneratorDataset", "dataset.GeneratorDataset"),
    ("mindspore.dataset.engine.datasets_vision.MnistDataset", "dataset.MnistDataset"),
    ("mindspore.dataset.vision.transforms.Resize", "dataset.vision.Resize"),
    ("mindspore.dataset.transforms.transforms.TypeCast", "dataset.transforms.TypeCast"),
    ("mindspore.dataset.core.config.set_seed", "dataset.config.set_seed"),
    ("mindspore.mindrecord.filewriter.FileWriter", "mindrecord.FileWriter"),
    ("mindspore.mint.nn.layer.conv.Conv2d", "mint.nn.Conv2d"),
    ("mindspore.mint.nn.layer.normalization.GroupNorm", "mint.nn.GroupNorm"),
    ("mindspore.mint.nn.layer.activation.SiLU", "mint.nn.SiLU"),
    ("mindspore.mint.optim.adamw.AdamW", "mint.optim.AdamW"),
    ("mindspore.mint.distributed.distributed.all_reduce", "mint.distributed.all_reduce"),
    ("mindspore.experimental.optim.adam.Adam", "experimental.optim.Adam"),
    ("mindspore.experimental.optim.optimizer.Optimizer", "experimental.optim.Optimizer"),
    # MindSpore's top level star-imports mindspore.train, mindrecord, runtime and log, and names
    # some of mindspore.parallel (module_tree.TOP_LEVEL_SOURCES)
    ("mindspore.EarlyStopping", "train.EarlyStopping"),
    ("mindspore.History", "train.History"),
    ("mindspore.LambdaCallback", "train.LambdaCallback"),
    ("mindspore.ReduceLROnPlateau", "train.ReduceLROnPlateau"),
    ("mindspore.FileWriter", "mindrecord.FileWriter"),
    ("mindspore.FileReader", "mindrecord.FileReader"),
    ("mindspore.synchronize", "runtime.synchronize"),
    ("mindspore.memory_allocated", "runtime.memory_allocated"),
    ("mindspore.get_level", "log.get_level"),
    ("mindspore.shard", "parallel.shard"),
]


@pytest.mark.parametrize("path, msjax_name", SAME_OBJECTS)
def test_mindspore_paths_are_the_same_objects(alias, path, msjax_name):
    module_name, name = path.rsplit(".", 1)
    module = importlib.import_module(module_name)
    expected = msjax
    for part in msjax_name.split("."):
        expected = getattr(expected, part)
    assert getattr(module, name) is expected
    namespace = {}
    exec(f"from {module_name} import {name} as found", namespace)
    assert namespace["found"] is expected


def test_packages_reach_their_submodules_as_attributes(alias):
    import mindspore
    assert mindspore.nn.loss.SoftmaxCrossEntropyWithLogits is msjax.nn.SoftmaxCrossEntropyWithLogits
    assert mindspore.ops.operations.math_ops.MatMul is msjax.ops.MatMul
    assert mindspore.nn.layer.basic.Dense is msjax.nn.Dense


def test_a_missing_name_says_msjax_does_not_implement_it(alias):
    import mindspore
    with pytest.raises(AttributeError, match=r"msjax does not implement mindspore\.nn\.wrap\."
                       r"loss_scale\.AscendEnvChecker yet \(see docs/api_coverage\.md"):
        mindspore.nn.wrap.loss_scale.AscendEnvChecker  # noqa: B018
    assert not hasattr(mindspore.nn.wrap.loss_scale, "AscendEnvChecker")
    # A name MindSpore's module does not have either is Python's plain AttributeError.
    with pytest.raises(AttributeError, match="has no attribute 'not_a_mindspore_name'$"):
        mindspore.ops.not_a_mindspore_name  # noqa: B018


def test_an_excluded_module_says_why(alias):
    with pytest.raises(ModuleNotFoundError, match=r"No module named 'mindspore\.rewrite': msjax "
                       r"does not implement it yet \(not implemented by msjax yet: SymbolTree"):
        import mindspore.rewrite  # noqa: F401
    with pytest.raises(ModuleNotFoundError, match=r"'mindspore\._c_dataengine': msjax does not "
                       r"implement it yet \(an internal of MindSpore's own implementation"):
        importlib.import_module("mindspore._c_dataengine")
    with pytest.raises(ModuleNotFoundError, match=r"No module named 'mindspore\.no_such_module': "
                       "msjax does not implement it yet"):
        importlib.import_module("mindspore.no_such_module")


def test_internals_and_unbuilt_parts_of_dataset_and_train_say_why(alias):
    with pytest.raises(ModuleNotFoundError, match=r"'mindspore\.train\.checkpoint_pb2': msjax "
                       r"does not implement it yet \(an internal .* a protobuf schema"):
        importlib.import_module("mindspore.train.checkpoint_pb2")
    with pytest.raises(ModuleNotFoundError, match=r"'mindspore\.dataset\.dataloader': msjax "
                       r"does not implement it yet \(not implemented by msjax yet: MindSpore "
                       r"2\.10's PyTorch-style DataLoader"):
        importlib.import_module("mindspore.dataset.dataloader.sampler")


def test_star_import_of_a_recorded_module(alias):
    namespace = {}
    exec("from mindspore.ops.operations.math_ops import *", namespace)
    assert namespace["MatMul"] is msjax.ops.MatMul
    assert "Custom" not in namespace


@pytest.mark.parametrize("statement, path, name", [
    ("from mindspore import MemPool", "mindspore", "MemPool"),
    ("from mindspore.nn import DenseThor", "mindspore.nn", "DenseThor"),
    ("from mindspore.ops import Dilation2D", "mindspore.ops", "Dilation2D"),
    ("from mindspore.ops.operations.math_ops import AccumulateNV2",
     "mindspore.ops.operations.math_ops", "AccumulateNV2"),
    ("from mindspore.nn import Conv2dThor", "mindspore.nn", "Conv2dThor"),
    ("from mindspore.experimental import MapParameter", "mindspore.experimental", "MapParameter"),
])
def test_importing_a_missing_name_says_msjax_does_not_implement_it(alias, statement, path, name):
    # CPython's `from m import x` would replace the module's AttributeError by a generic
    # "cannot import name"; msjax's ImportError keeps the reason and the coverage pointer.
    with pytest.raises(ImportError, match=rf"^cannot import name '{name}' from '{path}': msjax "
                       rf"does not implement {re.escape(path)}\.{name} yet \(see "
                       r"docs/api_coverage\.md, or run `msjax coverage`\)\.$") as error:
        exec(statement, {})
    assert error.value.name == path
    # Attribute access keeps raising AttributeError (so hasattr is False), with the same reason.
    module = importlib.import_module(path)
    assert not hasattr(module, name)
    with pytest.raises(AttributeError, match=rf"msjax does not implement {re.escape(path)}\."
                       rf"{name} yet"):
        getattr(module, name)


def test_importing_a_name_mindspore_lacks_too_is_python_s_plain_import_error(alias):
    with pytest.raises(ImportError, match=r"^cannot import name 'not_a_mindspore_name' from "
                       r"'mindspore'"):
        exec("from mindspore import not_a_mindspore_name", {})
