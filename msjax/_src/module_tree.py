"""Every module path of MindSpore 2.10, answered by msjax with the same objects.

MindSpore code imports the same object by many paths: `mindspore.Tensor`,
`mindspore.common.tensor.Tensor`, `from mindspore.ops.operations.math_ops import MatMul`,
`mindspore.nn.optim.momentum.Momentum`. msjax answers every path of MindSpore 2.10's module tree
(recorded from the real wheel in `msjax/_src/reference/mindspore_2.10.0_modules.json` by
`tools/record_mindspore_api.py`) in one of three ways:

1. **A module file** under `msjax/` for the paths real code imports most (`msjax/common/tensor.py`,
   `msjax/context.py`, `msjax/nn/loss/__init__.py`, ...): re-export lines, as every public module.
2. **A module built from the record** for the long tail (`mindspore.ops.operations.math_ops`,
   `mindspore.nn.layer.basic`, `mindspore.common.api`, ...): `MindSporePathFinder` (installed at
   the end of `sys.meta_path` by `import msjax`) makes a module whose names are the names the
   recorded MindSpore module has, each looked up in the msjax namespaces `NAME_SOURCES` gives for
   its subtree. The objects are msjax's own (`msjax.nn.layer.basic.Dense is msjax.nn.Dense`),
   never copies; only the module object is new.
3. **Excluded**: the subtrees in `EXCLUDED`, each with the reason (MindSpore's C++ extension,
   Ascend kernel registrations, code generators, APIs msjax does not implement yet). Importing
   one raises ModuleNotFoundError saying so.

A name a MindSpore module has but msjax lacks raises AttributeError naming the MindSpore name,
saying msjax does not implement it yet and pointing at the coverage table (`missing_names`,
which the public modules use as their module `__getattr__`); `from mindspore.x import Name`
raises ImportError with the same message. Nothing is ever a stub.
"""
from __future__ import annotations

import dis
import functools
import importlib
import importlib.abc
import importlib.machinery
import sys
import types

from msjax._src import reference

COVERAGE_HINT = "see docs/api_coverage.md, or run `msjax coverage`"

_NOT_YET = "not implemented by msjax yet: "
_INTERNAL = "an internal of MindSpore's own implementation, not user API: "
_DATA_VALIDATORS = ("the data engine's argument validators (msjax checks arguments where each API is "
                    "implemented, with MindSpore's messages)")
_PROTOBUF_SCHEMA = ("a protobuf schema of MindSpore's IR, summary or checkpoint files (msjax writes "
                    ".ckpt itself, and .mindir as StableHLO)")
_DATA_CACHE = "DatasetCache, a client of MindSpore's C++ data cache server"

# MindSpore subtree -> why msjax does not answer it. A path is excluded when it is a key or below
# one (`x.*`: only below `x`). (The lead removes the "in progress" lines when merging the branches that build them.)
EXCLUDED = {
    "mindspore.mint.nn.layer._functions": _INTERNAL + "the autograd functions of mint's "
                                          "SyncBatchNorm (msjax differentiates with JAX)",
    "mindspore.mint.distributed._utils": _INTERNAL + "port limits of TCPStore's rendezvous",
    "mindspore.experimental.map_parameter": _NOT_YET + "MapParameter, the hash-table embedding "
                                            "Parameter of the Ascend/GPU runtime",
    "mindspore._akg": _INTERNAL + "AKG, the graph-kernel compiler of the Ascend/GPU back ends "
                      "(XLA compiles msjax's programs)",
    "mindspore._c_dataengine": _INTERNAL + "the C++ extension module of the data engine",
    "mindspore._c_mindrecord": _INTERNAL + "the C++ extension module of MindRecord",
    "mindspore._check_jit_forbidden_api": _INTERNAL + "the graph compiler's list of APIs it refuses",
    # mindspore._extends: msjax answers parse.compile_config and parse.standard_method
    "mindspore._extends.ast_checker": _INTERNAL + "the graph compiler's AST checks",
    "mindspore._extends.builtin_operations": _INTERNAL + "the graph compiler's Python builtins",
    "mindspore._extends.graph_kernel": _INTERNAL + "graph kernel fusion (XLA fuses msjax's "
                                       "programs)",
    "mindspore._extends.optimize": _INTERNAL + "the graph compiler's Cell optimisations",
    "mindspore._extends.parallel_compile": _INTERNAL + "parallel compile workers of the "
                                           "Ascend/GPU kernels",
    "mindspore._extends.pijit": _INTERNAL + "PIJit's bytecode capture tables",
    "mindspore._extends.remote": _INTERNAL + "the kernel build servers",
    "mindspore._extends.utils": _INTERNAL + "the graph compiler's helpers",
    "mindspore._extends.parse.deprecated": _INTERNAL + "the parser's deprecated Tensor methods",
    "mindspore._extends.parse.jit_fallback_modules": _INTERNAL + "the parser's lists of "
                                                     "third-party modules",
    "mindspore._extends.parse.namespace": _INTERNAL + "the graph compiler's Python parser "
                                          "(msjax traces with JAX)",
    "mindspore._extends.parse.parser": _INTERNAL + "the graph compiler's Python parser "
                                       "(msjax traces with JAX)",
    "mindspore._extends.parse.resources": _INTERNAL + "the parser's symbol tables",
    "mindspore._extends.parse.trope": _INTERNAL + "the parser's operator table",
    "mindspore._profiler": _INTERNAL + "the profiler's C++ bindings",
    "mindspore.graph._check_supported": _INTERNAL + "the graph compiler's unsupported-API checks",
    "mindspore.graph._mark_deprecated": _INTERNAL + "the graph compiler's deprecation marks",
    "mindspore.graph._optimize": _INTERNAL + "the graph compiler's Cell optimisation passes",
    "mindspore.graph._parse": _INTERNAL + "the graph compiler's Python parser (msjax traces with JAX)",
    "mindspore.graph._pijit": _INTERNAL + "PIJit's bytecode capture tables",
    "mindspore.graph._utils": _INTERNAL + "the graph compiler's helpers",
    "mindspore.ops._op_impl": _INTERNAL + "kernel registrations of the AICPU/TBE/CPU/GPU back ends "
                              "(XLA provides msjax's kernels)",
    "mindspore.ops._vmap": _INTERNAL + "vmap rules of the graph compiler (msjax vectorises with "
                           "jax.vmap)",
    "mindspore.ops_generate": _INTERNAL + "the code generators run when MindSpore is built",
    "mindspore.ops.op_info_register": _INTERNAL + "registration of Ascend/GPU custom kernels "
                                      "(TBE, AKG, AICPU)",
    "mindspore.dataset.core.datatypes": _INTERNAL + "conversion of dtypes to the C++ data engine's",
    "mindspore.dataset.core.py_util_helpers": _INTERNAL + "the data engine's exception helpers",
    "mindspore.dataset.core.validator_helpers": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.callback.validators": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.engine.validators": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.text.validators": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.transforms.validators": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.vision.validators": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.engine.queue": _INTERNAL + "the shared-memory queue of the data engine's "
                                      "worker processes (Grain runs msjax's workers)",
    "mindspore.dataset.transforms.py_transforms_util": _INTERNAL + "helpers of the 1.x Python "
                                                       "transforms",
    "mindspore.mindrecord.core": _INTERNAL + "Python wrappers of the C++ MindRecord shard engine "
                                 "(msjax reads and writes MindRecord files itself)",
    "mindspore.train.summary._lineage_adapter": _INTERNAL + "MindInsight's lineage records",
    "mindspore.train.summary._writer_pool": _INTERNAL + "the summary writer's process pool",
    "mindspore.train.anf_ir_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.checkpoint_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.lineage_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.mind_ir_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.node_strategy_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.print_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.profiling_parallel_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.train.summary_pb2": _INTERNAL + _PROTOBUF_SCHEMA,
    "mindspore.dataset.audio.validators": _INTERNAL + _DATA_VALIDATORS,
    "mindspore.dataset.engine.datasets_audio": _NOT_YET + "the audio datasets",
    "mindspore.dataset.dataloader": _NOT_YET + "MindSpore 2.10's PyTorch-style DataLoader, Dataset "
                                    "and Sampler (different objects from mindspore.dataset's)",
    "mindspore.dataset.debug": _NOT_YET + "debug hooks of the data pipeline",
    "mindspore.dataset.engine.cache_admin": _NOT_YET + _DATA_CACHE,
    "mindspore.dataset.engine.cache_client": _NOT_YET + _DATA_CACHE,
    "mindspore.dataset.engine.obs": _NOT_YET + "MindRecord read from Huawei Cloud OBS",
    "mindspore.dataset.engine.offload": _NOT_YET + "offloading map operations to the Ascend device",
    "mindspore.dataset.utils": _NOT_YET + "LineReader and detection-box plotting",
    "mindspore.mindrecord.config": _NOT_YET + "MindRecord file encryption and hash checks",
    # mindspore.train.train_thor: msjax answers ConvertModelUtils (which returns the Model it is
    # given, THOR being the one optimizer it converts for); THOR itself:
    "mindspore.train.train_thor.model_thor": _NOT_YET + "ModelThor, the Model of THOR (the "
                                             "second-order optimizer)",
    "mindspore.train.train_thor.dataset_helper": _NOT_YET + "THOR's dataset helper",
    # mindspore.boost: msjax answers GradientAccumulation (boost, grad_accumulation, with its
    # gradient_accumulation_op and gradient_clear_op); the rest:
    "mindspore.boost.adasum": _NOT_YET + "AdaSum, the Ascend boost's gradient reduction",
    "mindspore.boost.base": _NOT_YET + "the Ascend boost's parameter and optimizer processing",
    "mindspore.boost.boost": _NOT_YET + "AutoBoost, the Ascend training accelerations",
    "mindspore.boost.boost_cell_wrapper": _NOT_YET + "BoostTrainOneStepCell and its loss-scale "
                                          "variant",
    "mindspore.boost.dim_reduce": _NOT_YET + "DimReduce, the Ascend boost's second-order step",
    "mindspore.boost.grad_freeze": _NOT_YET + "gradient freezing",
    "mindspore.boost.group_loss_scale_manager": _NOT_YET + "GroupLossScaleManager",
    "mindspore.boost.less_batch_normalization": _NOT_YET + "LessBN",
    "mindspore.nn.probability.bnn_layers": _NOT_YET + "Bayesian layers",
    "mindspore.onnx": _NOT_YET + "ONNX export",
    "mindspore.profiler.*": _NOT_YET + "the modules of MindSpore's profiler beyond "
                            "`mindspore.profiler.Profiler` (msjax's records a JAX trace)",
    "mindspore.rewrite": _NOT_YET + "SymbolTree, the source rewriter of Cells",
    "mindspore.safeguard": _NOT_YET + "model obfuscation",
    # mindspore.scipy: msjax answers fft, linalg, ops, ops_wrapper and utils; the rest:
    "mindspore.scipy.optimize": _NOT_YET + "mindspore.scipy.optimize (minimize, line_search, "
                                "linear_sum_assignment)",
    "mindspore.scipy.ops_grad": _INTERNAL + "the gradients of mindspore.scipy's primitives",
    "mindspore.scipy.utils_const": _INTERNAL + "mindspore.scipy's constant helpers",
    "mindspore.tools": _NOT_YET + "MindSpore's command-line tools (silent data corruption checks)",
}

# MindSpore subtree -> the msjax modules its names are looked up in, in order (longest prefix
# wins). After them come the standard-library names MindSpore's modules import (`STANDARD_NAMES`):
# MindSpore's `mindspore.common.api.Any` is `typing.Any` too.
NAME_SOURCES = {
    "mindspore": ("msjax",),
    "mindspore._c_expression": ("msjax._c_expression", "msjax"),
    "mindspore._checkparam": ("msjax._checkparam",),
    "mindspore._extends": ("msjax._extends",),
    "mindspore._extends.parse.compile_config": ("msjax._extends.parse.compile_config",),
    "mindspore._extends.parse.standard_method": ("msjax._src.compat.standard_method", "msjax.ops",
                                                 "msjax"),
    "mindspore.common": ("msjax.common", "msjax"),
    "mindspore.context": ("msjax.context", "msjax"),  # K_CONTEXT, get_jit_config: its own
    "mindspore.common.api": ("msjax.common.api", "msjax.common", "msjax"),
    "mindspore.common.dtype": ("msjax.common.dtype", "msjax"),
    "mindspore.common.file_system": ("msjax._src.core.file_system",),
    "mindspore.common._monad": ("msjax._src.core.monad",),
    "mindspore.common._pijit_context": ("msjax._src.transforms.pijit",),
    "mindspore.common.initializer": ("msjax.common.initializer", "msjax"),
    "mindspore.common.np_dtype": ("msjax.common.np_dtype",),  # NumPy's bfloat16, not the dtype
    "mindspore.scipy": ("msjax.scipy",),
    "mindspore.scipy.fft": ("msjax.scipy.fft",),
    "mindspore.scipy.linalg": ("msjax.scipy.linalg",),
    "mindspore.scipy.ops": ("msjax.scipy.ops",),
    "mindspore.scipy.ops_wrapper": ("msjax.scipy.ops_wrapper",),
    # mindspore.scipy's helpers: the ops it imports, and `_nd_transpose` (PRIVATE_NAMES)
    "mindspore.scipy.utils": ("msjax._src.scipy.utils", "msjax.ops", "msjax"),
    "mindspore.common.parameter": ("msjax.common.initializer", "msjax.common", "msjax"),
    "mindspore.communication": ("msjax.communication", "msjax.communication.management", "msjax"),
    "mindspore.communication.comm_func": ("msjax.communication.comm_func", "msjax.communication",
                                          "msjax"),
    "mindspore.amp": ("msjax.amp", "msjax"),
    "mindspore.boost": ("msjax.boost", "msjax.nn", "msjax"),
    "mindspore.boost.grad_accumulation": ("msjax.boost.grad_accumulation", "msjax.boost",
                                          "msjax.nn", "msjax"),
    "mindspore.dataset": ("msjax.dataset", "msjax"),
    "mindspore.experimental": ("msjax.experimental",),
    # mint's optimizers are not mindspore.nn's (nn.ASGD is another class): no msjax.nn here.
    "mindspore.experimental.optim": ("msjax.experimental.optim", "msjax"),
    "mindspore.experimental.optim.optimizer": ("msjax.experimental.optim", "msjax", "msjax.nn"),
    "mindspore.experimental.optim.lr_scheduler": ("msjax.experimental.optim.lr_scheduler",
                                                  "msjax.experimental.optim", "msjax"),
    "mindspore.dataset.core.config": ("msjax.dataset.config",),
    "mindspore.dataset.engine": ("msjax.dataset.engine", "msjax.dataset", "msjax"),
    "mindspore.dataset.engine.iterators": ("msjax.dataset.engine.iterators", "msjax.dataset.engine",
                                           "msjax.dataset", "msjax"),
    "mindspore.dataset.engine.serializer_deserializer": (
        "msjax.dataset.engine.serializer_deserializer",),
    "mindspore.dataset.engine.datasets": ("msjax.dataset.engine.datasets", "msjax.dataset.engine",
                                          "msjax.dataset", "msjax"),
    "mindspore.dataset.audio": ("msjax.dataset.audio",),
    "mindspore.dataset.audio.transforms": ("msjax.dataset.audio.transforms",),
    "mindspore.dataset.text": ("msjax.dataset.text", "msjax.dataset", "msjax"),
    "mindspore.dataset.transforms": ("msjax.dataset.transforms", "msjax.dataset", "msjax"),
    "mindspore.dataset.vision": ("msjax.dataset.vision", "msjax.dataset.transforms", "msjax.dataset",
                                 "msjax"),
    "mindspore.dataset.vision.py_transforms_util": ("msjax.dataset.vision.py_transforms_util",),
    "mindspore.mindrecord": ("msjax.mindrecord", "msjax"),
    "mindspore.mint": ("msjax.mint", "msjax"),
    "mindspore.mint.distributed": ("msjax.mint.distributed", "msjax.communication", "msjax"),
    "mindspore.mint.linalg": ("msjax.mint.linalg", "msjax.mint", "msjax"),
    "mindspore.mint.nn": ("msjax.mint.nn", "msjax.mint.nn.functional", "msjax.nn", "msjax"),
    "mindspore.mint.nn.functional": ("msjax.mint.nn.functional", "msjax.mint", "msjax"),
    "mindspore.mint.special": ("msjax.mint.special", "msjax.mint", "msjax"),
    "mindspore.mint.optim": ("msjax.mint.optim", "msjax.experimental.optim", "msjax"),
    "mindspore.nn": ("msjax.nn", "msjax"),
    "mindspore.nn.grad": ("msjax._src.nn.grad_cells", "msjax.nn", "msjax"),
    "mindspore.nn.wrap.loss_scale": ("msjax.nn", "msjax._src.nn.loss_scale", "msjax"),
    "mindspore.nn.probability": ("msjax.nn.probability.distribution",
                                 "msjax.nn.probability.bijector", "msjax.nn", "msjax"),
    # the distributions' helpers (set_param_type, CheckTuple, ...), which MindSpore's tests import
    "mindspore.nn.probability.distribution._utils": ("msjax._src.nn.probability.utils",
                                                     "msjax.nn.probability.distribution",
                                                     "msjax.nn", "msjax"),
    "mindspore.nn.optim": ("msjax.nn.optim", "msjax.nn", "msjax"),
    "mindspore.nn.metrics": ("msjax.nn.metrics", "msjax.nn", "msjax"),
    "mindspore.numpy": ("msjax.numpy", "msjax"),
    # the private shape helpers MindSpore's tests import (PRIVATE_NAMES; compat/shape_helpers.py)
    "mindspore.numpy.utils_const": ("msjax._src.compat.shape_helpers", "msjax.numpy", "msjax"),
    "mindspore.nn.layer.basic": ("msjax._src.compat.shape_helpers", "msjax.nn", "msjax"),
    "mindspore.hal": ("msjax.hal", "msjax"),
    "mindspore.hal.contiguous_tensors_handle": ("msjax._src.core.contiguous_tensors",),
    # is_available and device_count per target (the runtime's tuning switches are MindSpore's)
    "mindspore.device_context": ("msjax._src.core.device_context",),
    "mindspore.device_context.cpu": ("msjax._src.core.device_context.cpu",),
    "mindspore.device_context.cpu.op_tuning": ("msjax._src.core.device_context.cpu",),
    "mindspore.device_context.gpu": ("msjax._src.core.device_context.gpu",),
    "mindspore.device_context.gpu.op_precision": ("msjax._src.core.op_precision",),
    "mindspore.device_context.ascend": ("msjax._src.core.device_context.ascend",),
    # set_device, get_current_device and DeviceInfo (the rest is MindSpore's C++ runtime)
    "mindspore.device_manager": ("msjax._src.core.device_info", "msjax"),
    "mindspore.profiler": ("msjax.profiler", "msjax"),
    "mindspore.runtime": ("msjax.runtime", "msjax"),
    "mindspore.ops": ("msjax.ops", "msjax"),
    "mindspore.ops._register_for_op": ("msjax.ops._register_for_op", "msjax.ops", "msjax"),
    "mindspore.ops.vm_impl_registry": ("msjax.ops.vm_impl_registry", "msjax.ops", "msjax"),
    # MindSpore's bprop registry (transforms/bprop_registry.py), and its helpers' module
    "mindspore.ops._grad_experimental": ("msjax._src.transforms.bprop_registry", "msjax.ops",
                                         "msjax"),
    "mindspore.ops._grad_experimental.grad_array_ops": ("msjax._src.compat.shape_helpers",
                                                        "msjax._src.transforms.bprop_registry",
                                                        "msjax.ops", "msjax"),
    "mindspore.ops._grad_experimental.grad_math_ops": ("msjax._src.compat.shape_helpers",
                                                       "msjax._src.transforms.bprop_registry",
                                                       "msjax.ops", "msjax"),
    "mindspore.ops._utils": ("msjax._src.ops.shape_utils", "msjax.ops", "msjax"),
    "mindspore.ops.auto_generate": ("msjax.ops.auto_generate", "msjax.ops", "msjax"),
    "mindspore.ops.operations": ("msjax.ops.operations", "msjax.ops", "msjax"),
    # MindSpore's gradient Primitives: not names of mindspore.ops (tools/gen_ops_init.py)
    "mindspore.ops.operations._grad_ops": ("msjax._src.ops.grad_ops", "msjax.ops.operations",
                                           "msjax.ops", "msjax"),
    # MindSpore's inner Primitives: not names of mindspore.ops (ops/inner_ops.py)
    "mindspore.ops.operations._inner_ops": ("msjax._src.ops.inner_ops", "msjax.ops.operations",
                                            "msjax.ops", "msjax"),
    # MindSpore's CSR Primitive, set operations and sparse Primitives, most no names of
    # mindspore.ops (ops/sparse_matrix_ops.py, ops/set_ops.py, ops/sparse_primitives.py)
    "mindspore.ops.operations.sparse_ops": ("msjax._src.ops.sparse_matrix_ops",
                                            "msjax._src.ops.set_ops",
                                            "msjax._src.ops.sparse_primitives",
                                            "msjax.ops.operations", "msjax.ops", "msjax"),
    # GRUV2: no name of mindspore.ops (ops/rl_inner_ops.py)
    "mindspore.ops.operations._rl_inner_ops": ("msjax._src.ops.rl_inner_ops",
                                               "msjax.ops.operations", "msjax.ops", "msjax"),
    # Uniform: no name of mindspore.ops (ops/random_ops.py)
    "mindspore.ops.operations.random_ops": ("msjax._src.ops.random_ops", "msjax.ops.operations",
                                            "msjax.ops", "msjax"),
    # SparseSegmentMean and AddV2: no names of mindspore.ops (ops/sparse_primitives.py,
    # ops/alias_primitives.py)
    "mindspore.ops.operations.math_ops": ("msjax._src.ops.sparse_primitives",
                                          "msjax._src.ops.alias_primitives",
                                          "msjax.ops.operations", "msjax.ops", "msjax"),
    # SparseSoftmaxCrossEntropyWithLogitsV2: no name of mindspore.ops (ops/loss_ops.py)
    "mindspore.ops.operations.nn_ops": ("msjax._src.ops.loss_ops", "msjax.ops.operations",
                                        "msjax.ops", "msjax"),
    # Eigh: no name of mindspore.ops (ops/linalg_primitives.py)
    "mindspore.ops.operations.linalg_ops": ("msjax._src.ops.linalg_primitives",
                                            "msjax.ops.operations", "msjax.ops", "msjax"),
    "mindspore.ops.operations._sequence_ops": ("msjax._src.ops.inner_ops",
                                               "msjax.ops.operations", "msjax.ops", "msjax"),
    "mindspore.ops.composite.base": ("msjax._src.core.function_flags", "msjax.ops.composite",
                                     "msjax.ops", "msjax"),
    "mindspore.ops.composite.multitype_ops._compile_utils": (
        "msjax._src.ops.tensor_index_functions", "msjax.ops", "msjax"),
    # the Primitive instances array_func holds beside the functions (ops/primitive_instances.py)
    # and the `_ext` functions behind mint's (mint/array_func_ext.py)
    "mindspore.ops.function.array_func": ("msjax._src.ops.primitive_instances",
                                          "msjax._src.mint.array_func_ext", "msjax.ops", "msjax"),
    "mindspore.ops.function.nn_func": ("msjax._src.ops.attention_ops", "msjax.ops", "msjax"),
    "mindspore.ops.function.grad.grad_func": ("msjax._src.transforms.custom_grad", "msjax.ops",
                                              "msjax"),
    "mindspore.multiprocessing": ("msjax.multiprocessing",),
    "mindspore.log": ("msjax.log",),
    "mindspore.parallel": ("msjax.parallel", "msjax"),
    "mindspore.parallel.nn": ("msjax._src.nn.parallel_cells", "msjax.parallel", "msjax"),
    "mindspore.parallel.auto_parallel": ("msjax.parallel.auto_parallel", "msjax.parallel",
                                         "msjax"),
    "mindspore.parallel._utils": ("msjax.parallel._utils", "msjax"),
    "mindspore.parallel.transform_safetensors": ("msjax.parallel.transform_safetensors",
                                                 "msjax.parallel", "msjax"),
    "mindspore.parallel._auto_parallel_context": ("msjax.parallel._auto_parallel_context",
                                                  "msjax"),
    "mindspore.parallel._cost_model_context": ("msjax.parallel._cost_model_context", "msjax"),
    "mindspore.train": ("msjax.train", "msjax.nn", "msjax"),
    "mindspore.train.amp": ("msjax.amp", "msjax.train", "msjax.nn", "msjax"),
    "mindspore.train.callback": ("msjax.train.callback", "msjax.train", "msjax.nn", "msjax"),
    "mindspore.train.callback._callback": ("msjax.train.callback._callback", "msjax.train.callback",
                                           "msjax.train", "msjax.nn", "msjax"),
    "mindspore.train.metrics": ("msjax.train.metrics", "msjax.train", "msjax.nn", "msjax"),
    "mindspore.train._utils": ("msjax.train._utils", "msjax.train", "msjax.nn", "msjax"),
    "mindspore.train.summary": ("msjax.train.summary", "msjax.train", "msjax"),
    "mindspore.train.summary._summary_adapter": ("msjax.train.summary._summary_adapter",
                                                 "msjax.train.summary", "msjax.train", "msjax"),
    "mindspore.train.summary.enums": ("msjax.train.summary.enums", "msjax.train.summary",
                                      "msjax.train", "msjax"),
    "mindspore.train.summary.summary_record": ("msjax.train.summary.summary_record",
                                               "msjax.train.summary", "msjax.train", "msjax"),
    "mindspore.train.serialization": ("msjax.train.serialization", "msjax.train", "msjax.nn",
                                      "msjax"),
}
# Private names of MindSpore modules that real model code imports (the record lists public names
# only): the module built from the record binds them too, looked up as its public names are.
PRIVATE_NAMES = {"mindspore.nn.loss.loss": ("_Loss",),
                 "mindspore.scipy.utils": ("_nd_transpose",),
                 "mindspore.nn.wrap.cell_wrapper": ("_VirtualDatasetCell",),
                 "mindspore.numpy.utils_const": ("_infer_out_shape", "_canonicalize_axis"),
                 "mindspore.nn.layer.basic": ("_is_equal_one",),
                 "mindspore.ops._grad_experimental.grad_array_ops": ("_generate_inverse_index",),
                 "mindspore.ops._grad_experimental.grad_math_ops": (
                     "_fft_rank_offset", "_rfft_reshape", "_rfft_tile_reshape",
                     "_rfft_last_term_shape")}
# Names a MindSpore ops module shares with a different top-level object: `mindspore.ops.X` is a
# Primitive while `mindspore.X` is a metric. The top-level object never answers the ops path.
OPS_NAMES_NOT_TOP_LEVEL = frozenset({"ConfusionMatrix"})
STANDARD_NAMES = {
    "__future__": ("absolute_import", "annotations"),
    "abc": ("ABCMeta", "abstractmethod"),
    "collections": ("namedtuple", "defaultdict"),
    "contextlib": ("contextmanager",),
    "functools": ("wraps", "lru_cache", "reduce"),
    "typing": ("Any", "Callable", "Dict", "Iterable", "Iterator", "List", "Mapping", "NamedTuple",
               "Optional", "Sequence", "Tuple", "TypeVar", "Union"),
}


def mindspore_path(msjax_path: str) -> str:
    """`msjax.ops.x` -> `mindspore.ops.x` (MindSpore's name for one of msjax's module paths)."""
    return "mindspore" + msjax_path[len("msjax"):]


def exclusion_reason(path: str) -> str | None:
    """Why the MindSpore module `path` is excluded, or None when msjax answers it."""
    for prefix, reason in EXCLUDED.items():
        if prefix.endswith(".*"):  # only the modules below the package
            if path.startswith(prefix[:-1]):
                return reason
        elif path == prefix or path.startswith(prefix + "."):
            return reason
    return None


@functools.cache
def recorded_modules() -> dict:
    """MindSpore 2.10's module tree: {path: {"names": [...], "package": bool} | {"error": ...}}."""
    return reference.mindspore_modules()


# MindSpore's top level also holds what its `__init__` imports from these modules
# (`from mindspore.train import *`, `from mindspore.mindrecord import *`, `from mindspore.runtime
# import *`, `from mindspore.log import *`, and named ones of mindspore.parallel):
# `mindspore.EarlyStopping` is `mindspore.train.EarlyStopping`.
TOP_LEVEL_SOURCES = ("msjax.train", "msjax.mindrecord", "msjax.runtime", "msjax.log", "msjax.parallel")


def _sources(path: str) -> tuple[str, ...]:
    best = max((p for p in NAME_SOURCES if path == p or path.startswith(p + ".")), key=len)
    return NAME_SOURCES[best] + (TOP_LEVEL_SOURCES if path == "mindspore" else ())


def lookup(path: str, name: str, skip: str | None = None):
    """The msjax object the MindSpore module `path` calls `name` (AttributeError when none).

    `skip` is an msjax module not to look in: the module file asking for a name it lacks."""
    for source in _sources(path):
        if source == skip:
            continue
        if (source == "msjax" and name in OPS_NAMES_NOT_TOP_LEVEL
                and path.startswith("mindspore.ops")):
            continue
        module = importlib.import_module(source)
        try:
            # (a top-level source's own names only: its `__getattr__` looks names up at the top)
            value = (vars(module)[name] if path == "mindspore" and source in TOP_LEVEL_SOURCES
                     else getattr(module, name))
        except (AttributeError, KeyError):
            continue
        # A module built from the record is never a name of its parent (`mindspore.common.mutable`
        # is a function in MindSpore); a module file msjax binds explicitly is (`common.dtype`).
        if isinstance(getattr(value, "__loader__", None), _RecordedModuleLoader):
            continue
        # A fallback package's submodule, bound there by whoever imported it, is not a name of
        # another module (`mindspore.common.generator.seed` is a function, whether or not
        # `msjax.common.seed` was imported before).
        if (isinstance(value, types.ModuleType) and value.__name__ == f"{source}.{name}"
                and "msjax" + path[len("mindspore"):] != source):
            continue
        return value
    return standard_name(path, name)


def standard_name(path: str, name: str):
    """A standard-library name MindSpore's module `path` imports (`STANDARD_NAMES`); never in
    mint, whose `reduce` is mint.distributed's collective, not `functools.reduce`, nor
    `mindspore.ops.reduce` (ops.function.comm_func's collective)."""
    if (path == "mindspore.mint" or path.startswith("mindspore.mint.")
            or (path, name) == ("mindspore.ops", "reduce")):
        raise not_implemented(path, name)
    for source, names in STANDARD_NAMES.items():
        if name in names:
            return getattr(importlib.import_module(source), name)
    raise not_implemented(path, name)


def not_implemented(path: str, name: str) -> AttributeError:
    return AttributeError(f"module '{path}' has no attribute '{name}': msjax does not implement "
                          f"{path}.{name} yet ({COVERAGE_HINT}).")


def not_importable(path: str, name: str) -> ImportError:
    """The ImportError of `from <path> import <name>` for a MindSpore name msjax lacks."""
    return ImportError(f"cannot import name '{name}' from '{path}': msjax does not implement "
                       f"{path}.{name} yet ({COVERAGE_HINT}).", name=path)


_IMPORT_FROM = dis.opmap["IMPORT_FROM"]


def _importing_from(frame) -> bool:
    """Whether `frame` is executing `from module import name` (CPython's IMPORT_FROM asks the
    module for the name, and replaces an AttributeError by its generic ImportError)."""
    code = frame.f_code.co_code
    return 0 <= frame.f_lasti < len(code) and code[frame.f_lasti] == _IMPORT_FROM


def missing_module(path: str, reason: str | None = None) -> ModuleNotFoundError:
    why = f" ({reason})" if reason else ""
    return ModuleNotFoundError(f"No module named '{path}': msjax does not implement it yet{why}; "
                               f"{COVERAGE_HINT}.", name=path)


class _PackageKeepingItsNames(types.ModuleType):
    """A package whose names win over same-named submodules imported later.

    `mindspore.common.tensor` is the function `tensor` although `mindspore/common/tensor.py`
    exists: MindSpore's `__init__` imports the submodule and then binds the name. msjax imports
    such submodules on first use, and the import system then sets the package attribute to the
    module; this class keeps the package's name, as MindSpore's package has it.
    """

    def __setattr__(self, name, value):
        current = self.__dict__.get(name)
        if (isinstance(value, types.ModuleType) and current is not None
                and not isinstance(current, types.ModuleType)):
            return
        super().__setattr__(name, value)


def identified(public: str, value):
    """`value`, found on first use for the MindSpore name `public`: under the alias a class or
    module found so reports MindSpore's module paths too (compat/identity.py, imported only once
    the alias is)."""
    identity = sys.modules.get("msjax._src.compat.identity")
    return value if identity is None else identity.resolved(public, value)


def missing_names(msjax_module_name: str):
    """A module `__getattr__` for a public msjax module: a recorded child module is imported; a
    name MindSpore's module has that the file does not bind is looked up in the module's other
    `NAME_SOURCES` (`mindspore.train.model.Cell` is `mindspore.nn.Cell`), and raises
    `not_implemented` when msjax lacks it; anything else raises Python's usual AttributeError. The module also keeps its names over same-named submodules
    (`_PackageKeepingItsNames`)."""
    path = mindspore_path(msjax_module_name)
    module = sys.modules.get(msjax_module_name)
    if module is not None and type(module) is types.ModuleType:
        module.__class__ = _PackageKeepingItsNames

    def __getattr__(name: str):
        return identified(f"{path}.{name}", _find(name, sys._getframe(1)))

    def _find(name: str, caller):
        child = f"{path}.{name}"
        record = recorded_modules()
        names = record.get(path, {}).get("names", ())
        if child in record and name not in names and not name.startswith("__"):
            try:
                return importlib.import_module(f"{msjax_module_name}.{name}")
            except ModuleNotFoundError as error:
                raise AttributeError(str(error)) from None
        if name in names:
            try:
                return lookup(path, name, skip=msjax_module_name)
            except AttributeError:
                if child in record:  # the name is MindSpore's submodule (`ops.auto_generate`)
                    try:
                        return importlib.import_module(f"{msjax_module_name}.{name}")
                    except ModuleNotFoundError:
                        pass
                # `from mindspore.x import Missing`: CPython would turn the AttributeError into
                # "cannot import name", dropping the reason; say it in the ImportError itself.
                if _importing_from(caller):
                    raise not_importable(path, name) from None
                raise
        if name.startswith("_") and not name.startswith("__") and path in NAME_SOURCES:
            # MindSpore's private names are not recorded; the module msjax names first for
            # this path answers those it defines (`_compile_utils._tensor_getitem`).
            source = importlib.import_module(NAME_SOURCES[path][0])
            if source is not sys.modules.get(msjax_module_name) and name in vars(source):
                return vars(source)[name]
        raise AttributeError(f"module '{msjax_module_name}' has no attribute '{name}'")

    return __getattr__


class _RecordedModuleLoader(importlib.abc.Loader):
    """Builds the module of one recorded MindSpore path from msjax's objects."""

    def __init__(self, path: str, record: dict):
        self.path = path
        self.record = record

    def create_module(self, spec):
        return None  # the default module object

    def exec_module(self, module):
        module.__doc__ = (f"`{self.path}`, answered by msjax: each name MindSpore 2.10's module has "
                          "is msjax's own object (see msjax._src.module_tree).")
        if self.record.get("package"):
            module.__path__ = []
        provided = []
        for name in (*self.record.get("names", ()), *PRIVATE_NAMES.get(self.path, ())):
            if not name.isidentifier():
                continue
            try:
                value = lookup(self.path, name)
            except AttributeError:
                continue
            setattr(module, name, value)
            if name not in PRIVATE_NAMES.get(self.path, ()):
                provided.append(name)
        module.__all__ = provided
        module.__getattr__ = missing_names(module.__name__)


class MindSporePathFinder(importlib.abc.MetaPathFinder):
    """Finds `msjax.<path>` for every recorded MindSpore 2.10 module msjax has no file for."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("msjax."):
            return None
        ms_path = mindspore_path(fullname)
        record = recorded_modules().get(ms_path)
        if record is None:
            return None
        reason = exclusion_reason(ms_path)
        if reason is not None:
            raise missing_module(ms_path, reason)
        if "error" in record:  # MindSpore's own import failed (a missing optional dependency)
            raise missing_module(ms_path, "MindSpore 2.10 itself fails to import it: "
                                 + record["error"])
        return importlib.machinery.ModuleSpec(
            fullname, _RecordedModuleLoader(ms_path, record), is_package=bool(record.get("package")))


_finder = MindSporePathFinder()


def install() -> None:
    """Put the finder at the end of `sys.meta_path` (after the file finders), once."""
    if not any(isinstance(f, MindSporePathFinder) for f in sys.meta_path):
        sys.meta_path.append(_finder)


def provides(module, name: str) -> bool:
    """Whether msjax's `module` provides MindSpore's `name`: it has it, and it is not a module
    built from the record that merely shares the name (the import system sets a package's
    attribute to each submodule imported)."""
    value = getattr(module, name, None)
    if value is None and not hasattr(module, name):
        return False
    return not isinstance(getattr(value, "__loader__", None), _RecordedModuleLoader)


def answered_paths() -> list[str]:
    """Every recorded MindSpore module path msjax answers (not excluded, importable in MindSpore)."""
    return [p for p, r in recorded_modules().items()
            if exclusion_reason(p) is None and "error" not in r]

