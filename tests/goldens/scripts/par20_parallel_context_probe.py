"""MindSpore 2.10's parallel-context settings its parallel unit tests use: the cost-model context
(set/get/reset, checks), the auto-parallel context's communi_parallel_mode, pipeline_config,
optimizer-shard keys and `*_is_set` getters, `auto_parallel_context()`'s setters and its
all-reduce fusion flag, set_algo_parameters' align size; Conv2D given a 4-tuple stride or
dilation (MindSpore's form, of which it reads H and W); and the Primitives nn.Dense and nn.Conv2d
hold (`dense.matmul.shard(...)` is how parallel scripts split them).
Golden: tests/goldens/parallel/par20_parallel_context_probe.out (tests/parallel/test_par20_context.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context
from mindspore.ops import operations as P
from mindspore.parallel import set_algo_parameters, get_algo_parameters
from mindspore.parallel._auto_parallel_context import auto_parallel_context
from mindspore.parallel import _cost_model_context as cost_model

apc = auto_parallel_context()


def show(label, fn):
    try:
        print(label, "->", "OK", repr(fn()))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


for key in ("device_memory_capacity", "costmodel_alpha", "costmodel_beta", "costmodel_gamma",
            "costmodel_communi_threshold", "costmodel_communi_const", "costmodel_communi_bias",
            "run_phase", "costmodel_allreduce_fusion_algorithm",
            "costmodel_allreduce_fusion_times", "costmodel_allreduce_fusion_tail_percent",
            "costmodel_allreduce_fusion_tail_time",
            "costmodel_allreduce_fusion_allreduce_inherent_time",
            "costmodel_allreduce_fusion_allreduce_bandwidth",
            "costmodel_allreduce_fusion_computation_time_parameter", "foo"):
    show(f"cost model default {key}", lambda: cost_model.get_cost_model_context(key))
for case in (dict(costmodel_alpha=1), dict(costmodel_alpha=2.5), dict(run_phase=True),
             dict(run_phase=2), dict(run_phase=1), dict(foo=1.0),
             dict(costmodel_allreduce_fusion_times=3)):
    show(f"cost model set {case}", lambda: cost_model.set_cost_model_context(**case))
show("cost model after sets", lambda: (cost_model.get_cost_model_context("costmodel_alpha"),
                                       cost_model.get_cost_model_context("run_phase")))
cost_model.reset_cost_model_context()
show("cost model after reset", lambda: (cost_model.get_cost_model_context("costmodel_alpha"),
                                        cost_model.get_cost_model_context("run_phase")))

ms.reset_auto_parallel_context()
for key in ("communi_parallel_mode", "optimizer_weight_shard_size",
            "optimizer_weight_shard_aggregated_save", "sharding_propagation",
            "auto_parallel_new_interface", "init_param_in_compile", "pipeline_interleave",
            "pipeline_scheduler", "full_batch_is_set", "pipeline_config", "pipeline_segments"):
    show(f"default {key}", lambda: context.get_auto_parallel_context(key))
for name in ("get_device_num_is_set", "get_parameter_broadcast_is_set", "get_global_rank_is_set",
             "get_full_batch_is_set", "get_pipeline_interleave", "get_pipeline_scheduler",
             "get_optimizer_weight_shard_aggregated_save", "get_all_reduce_fusion_split_indices",
             "get_enable_all_reduce_fusion", "get_communi_parallel_mode"):
    show(f"apc default {name}", getattr(apc, name))
for case in (dict(communi_parallel_mode="wrong_mode"), dict(communi_parallel_mode=1),
             dict(communi_parallel_mode="same_server_group_parallel"),
             dict(pipeline_config={"pipeline_interleave": True, "pipeline_scheduler": "gpipe"}),
             dict(pipeline_config={"pipeline_interleave": True, "pipeline_scheduler": "bad"}),
             dict(pipeline_config={"foo": 1}), dict(pipeline_config={"pipeline_interleave": 1}),
             dict(pipeline_config={"pipeline_interleave": False}),
             dict(pipeline_interleave=True), dict(parameter_broadcast=True),
             dict(optimizer_weight_shard_aggregated_save=True),
             dict(optimizer_weight_shard_size=2), dict(full_batch=True),
             dict(all_reduce_fusion_config=[2, 4])):
    show(f"set {case}", lambda: context.set_auto_parallel_context(**case))
for name in ("get_pipeline_interleave", "get_pipeline_scheduler", "get_parameter_broadcast_is_set",
             "get_optimizer_weight_shard_aggregated_save", "get_full_batch_is_set",
             "get_all_reduce_fusion_split_indices", "get_communi_parallel_mode",
             "get_optimizer_weight_shard_size"):
    show(f"apc after sets {name}", getattr(apc, name))
for call in ("set_device_num(4)", "set_device_num(0)", "set_global_rank(4)",
             "set_global_rank(5000)", "set_gradients_mean(True)", "set_gradient_fp32_sync(False)",
             "set_optimizer_weight_shard_aggregated_save(1)",
             "set_enable_all_reduce_fusion(True)", "set_enable_all_reduce_fusion(1)"):
    show(f"apc.{call}", lambda: eval("apc." + call))
show("apc after setters", lambda: (apc.get_device_num(), apc.get_device_num_is_set(),
                                   apc.get_global_rank(), apc.get_global_rank_is_set(),
                                   apc.get_gradients_mean(), apc.get_gradient_fp32_sync(),
                                   apc.get_enable_all_reduce_fusion()))
ms.reset_auto_parallel_context()
show("apc after reset", lambda: (apc.get_device_num_is_set(), apc.get_parameter_broadcast_is_set(),
                                 apc.get_pipeline_interleave(), apc.get_pipeline_scheduler(),
                                 apc.get_enable_all_reduce_fusion(),
                                 context.get_auto_parallel_context("communi_parallel_mode")))
for size in (0, 1, 1024, 1025):
    show(f"align size {size}", lambda: set_algo_parameters(tensor_slice_align_size=size))
show("align size after", lambda: get_algo_parameters("tensor_slice_align_size"))

x = Tensor(np.arange(2 * 3 * 8 * 8).reshape(2, 3, 8, 8).astype(np.float32) / 100)
w = Tensor(np.linspace(-1, 1, 4 * 3 * 3 * 3).reshape(4, 3, 3, 3).astype(np.float32))
for stride, dilation in (((1, 1, 2, 2), 1), ((2, 2, 1, 1), 1), ((1, 2, 1, 1), 1),
                         (2, (1, 1, 2, 2)), ((1, 1, 2, 1), (1, 1, 1, 2))):
    for pad_mode in ("valid", "same"):
        show(f"Conv2D stride={stride} dilation={dilation} {pad_mode}",
             lambda: np.round(P.Conv2D(4, 3, pad_mode=pad_mode, stride=stride,
                                       dilation=dilation)(x, w).asnumpy(), 4).sum().item())
        show(f"Conv2D shape stride={stride} dilation={dilation} {pad_mode}",
             lambda: P.Conv2D(4, 3, pad_mode=pad_mode, stride=stride,
                              dilation=dilation)(x, w).shape)

show("cost model flags default", lambda: (cost_model._get_algo_single_loop(),
                                          cost_model._get_multi_subgraphs()))
for value in (True, 1):
    show(f"single loop {value!r}", lambda: cost_model._set_algo_single_loop(value))
    show(f"multi subgraphs {value!r}", lambda: cost_model._set_multi_subgraphs(value))
show("cost model flags set", lambda: (cost_model._get_algo_single_loop(),
                                      cost_model._get_multi_subgraphs()))
cost_model.reset_cost_model_context()
show("cost model flags reset", lambda: (cost_model._get_algo_single_loop(),
                                        cost_model._get_multi_subgraphs()))

# MindSpore's Dense and Conv2d hold the Primitives a strategy goes to
from mindspore import nn  # noqa: E402
dense = nn.Dense(2, 3, activation="relu")
show("Dense matmul", lambda: str(dense.matmul))
show("Dense bias_add", lambda: str(dense.bias_add))
show("Dense without bias has no bias_add",
     lambda: hasattr(nn.Dense(2, 3, has_bias=False), "bias_add"))
show("Dense cells", lambda: [name for name, _ in dense.cells_and_names()])
conv = nn.Conv2d(3, 4, 3)
show("Conv2d conv2d", lambda: str(conv.conv2d))
show("Conv2d bias_add", lambda: str(conv.bias_add))
