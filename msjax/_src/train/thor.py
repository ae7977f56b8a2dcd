"""`mindspore.train.ConvertModelUtils` (also `mindspore.train.train_thor`): the hook training
scripts call to switch a Model to THOR, MindSpore's second-order optimizer (Ascend and GPU).

MindSpore's `convert_to_thor_model` returns the model it is given unless the optimizer is THOR's;
msjax has no THOR optimizer (`mindspore.nn.thor` is not implemented), so it always returns the
model, as MindSpore does for every other optimizer. Scripts that import it for their THOR branch
run unchanged with their other optimizers.
"""
from __future__ import annotations

_THOR_OPTIMIZERS = ("ThorAscend", "ThorGpu")


class ConvertModelUtils:
    """`mindspore.train.ConvertModelUtils`: converts a Model to THOR's when the optimizer is THOR."""

    @staticmethod
    def convert_to_thor_model(model, network, loss_fn=None, optimizer=None, metrics=None,
                              amp_level="O0", loss_scale_manager=None, keep_batchnorm_fp32=False):
        """`ConvertModelUtils.convert_to_thor_model(model, network, loss_fn=None, optimizer=None,
        metrics=None, amp_level="O0", loss_scale_manager=None, keep_batchnorm_fp32=False)`:
        `model` itself unless `optimizer` is THOR's (which msjax does not have)."""
        if type(optimizer).__name__ in _THOR_OPTIMIZERS:
            raise NotImplementedError(
                f"msjax: convert_to_thor_model got a {type(optimizer).__name__} optimizer; msjax "
                f"has no THOR (ModelThor): train with another optimizer, for which MindSpore too "
                f"returns the model unchanged.")
        return model
