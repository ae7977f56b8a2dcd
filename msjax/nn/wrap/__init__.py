"""`mindspore.nn.wrap`: the training wrappers (the same objects as in `mindspore.nn`)."""
# ruff: noqa: F401
from msjax.nn.wrap import loss_scale as loss_scale
from msjax._src.nn.distributed import DistributedGradReducer as DistributedGradReducer
from msjax._src.nn.loss_scale import DynamicLossScaleUpdateCell as DynamicLossScaleUpdateCell
from msjax._src.nn.loss_scale import FixedLossScaleUpdateCell as FixedLossScaleUpdateCell
from msjax._src.nn.loss_scale import TrainOneStepWithLossScaleCell as TrainOneStepWithLossScaleCell
from msjax._src.nn.wrap import ForwardValueAndGrad as ForwardValueAndGrad
from msjax._src.nn.wrap import ParameterUpdate as ParameterUpdate
from msjax._src.nn.wrap import TrainOneStepCell as TrainOneStepCell
from msjax._src.nn.wrap import WithEvalCell as WithEvalCell
from msjax._src.nn.wrap import WithGradCell as WithGradCell
from msjax._src.nn.wrap import WithLossCell as WithLossCell

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
