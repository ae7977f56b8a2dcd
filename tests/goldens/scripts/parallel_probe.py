"""MindSpore 2.10's parallel context, communication (without a cluster) and collective Primitives:
one line per case, `label -> repr` or `label -> ERR Type | message`.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/parallel_probe.py | grep -- "->" > tests/goldens/parallel/parallel_probe.out
(calling a collective without a cluster crashes MindSpore, so no case calls one).
"""
import mindspore as ms
import numpy as np
from mindspore import ParallelMode, Parameter, Tensor, nn, ops
from mindspore.communication import (
    GlobalComm,
    get_group_size,
    get_local_rank,
    get_local_rank_size,
    get_rank,
    init,
)
from mindspore.ops import ReduceOp


def show(label, f):
    try:
        r = f()
        print(label, '->', repr(r).replace('\n', ' '))
    except Exception as e:
        print(label, '-> ERR', type(e).__name__, '|', str(e).split('\n')[0][:400])


show('modes', lambda: (ParallelMode.STAND_ALONE, ParallelMode.DATA_PARALLEL,
                       ParallelMode.HYBRID_PARALLEL, ParallelMode.SEMI_AUTO_PARALLEL,
                       ParallelMode.AUTO_PARALLEL, ParallelMode.MODE_LIST))
for key in ["device_num", "global_rank", "gradients_mean", "gradient_fp32_sync", "parallel_mode",
            "search_mode", "auto_parallel_search_mode", "parameter_broadcast",
            "strategy_ckpt_load_file", "strategy_ckpt_save_file", "full_batch",
            "dataset_strategy", "enable_parallel_optimizer", "force_fp32_communication",
            "enable_alltoall", "all_reduce_fusion_config", "pipeline_stages",
            "pipeline_result_broadcast", "comm_fusion", "strategy_ckpt_config",
            "loss_repeated_mean", "grad_accumulation_step", "auto_pipeline", "dump_local_norm",
            "dump_local_norm_path", "dump_device_local_norm", "pipeline_segments",
            "pipeline_config", "bogus"]:
    show(f'get {key}', lambda: ms.get_auto_parallel_context(key))
show('set bogus', lambda: ms.set_auto_parallel_context(bogus=1))
show('set mode bad', lambda: ms.set_auto_parallel_context(parallel_mode="foo"))
show('set mode upper', lambda: ms.set_auto_parallel_context(parallel_mode="DATA_PARALLEL"))
show('set mode int', lambda: ms.set_auto_parallel_context(parallel_mode=1))
show('set gradients_mean int', lambda: ms.set_auto_parallel_context(gradients_mean=1))
show('set device_num 0', lambda: ms.set_auto_parallel_context(device_num=0))
show('set global_rank -1', lambda: ms.set_auto_parallel_context(global_rank=-1))
show('set pipeline_segments', lambda: ms.set_auto_parallel_context(pipeline_segments=2))
show('set dp', lambda: ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL,
                                                   gradients_mean=True))
show('dp mode', lambda: ms.get_auto_parallel_context("parallel_mode"))
show('dp mean', lambda: ms.get_auto_parallel_context("gradients_mean"))
show('dp device_num', lambda: ms.get_auto_parallel_context("device_num"))
show('set device_num 8', lambda: ms.set_auto_parallel_context(device_num=8))
show('device_num 8', lambda: ms.get_auto_parallel_context("device_num"))
show('reset', lambda: ms.reset_auto_parallel_context())
show('mode after reset', lambda: ms.get_auto_parallel_context("parallel_mode"))
show('device_num after reset', lambda: ms.get_auto_parallel_context("device_num"))
show('mean after reset', lambda: ms.get_auto_parallel_context("gradients_mean"))

show('GlobalComm', lambda: (GlobalComm.WORLD_COMM_GROUP, str(GlobalComm.BACKEND), GlobalComm.INITED))
show('get_rank', lambda: get_rank())
show('get_group_size', lambda: get_group_size())
show('get_local_rank', lambda: get_local_rank())
show('get_local_rank_size', lambda: get_local_rank_size())
show('get_rank int group', lambda: get_rank(1))
show('get_group_size int group', lambda: get_group_size(1))
show('init int backend', lambda: init(1))
show('init bad backend', lambda: init("foo"))
show('init hccl on cpu', lambda: init("hccl"))
show('init nccl on cpu', lambda: init("nccl"))

show('ReduceOp', lambda: (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD, ReduceOp.AVG))
show('AllReduce()', lambda: ops.AllReduce())
show('AllReduce(MAX)', lambda: ops.AllReduce(ReduceOp.MAX))
show('AllReduce op int', lambda: ops.AllReduce(op=1))
show('AllReduce group int', lambda: ops.AllReduce(group=1))
show('AllGather()', lambda: ops.AllGather())
show('AllGather group int', lambda: ops.AllGather(group=1))
show('ReduceScatter()', lambda: ops.ReduceScatter())
show('ReduceScatter(MIN)', lambda: ops.ReduceScatter(ReduceOp.MIN))
show('ReduceScatter op int', lambda: ops.ReduceScatter(op=1))
show('Broadcast(0)', lambda: ops.Broadcast(0))
show('Broadcast str', lambda: ops.Broadcast('a'))
show('Broadcast group int', lambda: ops.Broadcast(0, group=1))

w = Parameter(Tensor(np.ones((2, 3), np.float32)), name='w')
show('DGR', lambda: nn.DistributedGradReducer([w], True, 1))
show('DGR degree 0', lambda: nn.DistributedGradReducer([w], True, 0))
show('DGR degree float', lambda: nn.DistributedGradReducer([w], True, 1.5))
show('DGR degree attr', lambda: nn.DistributedGradReducer([w], True, 4).degree)
show('DGR mean default', lambda: nn.DistributedGradReducer([w]).mean)
show('DGR degree default', lambda: nn.DistributedGradReducer([w]).degree)
show('DGR allreduce', lambda: nn.DistributedGradReducer([w], True, 2, fusion_type=3).allreduce)
show('DGR filter', lambda: nn.DistributedGradReducer(
    [w, Parameter(Tensor(np.ones(2, np.float32)), name='v', layerwise_parallel=True)]).allreduce_filter)
ms.set_auto_parallel_context(gradients_mean=True)
show('DGR mean from context', lambda: nn.DistributedGradReducer([w]).mean)
ms.reset_auto_parallel_context()
