"""MindSpore 2.10's `train.TrainFaultTolerance` on a CPU (MindIO's fault tolerance runs on Ascend
only): the errors its constructor raises for each `MS_ENABLE_TFT` setting and argument, with the
CPU device target. Golden: tests/goldens/train/ut19_train_fault_tolerance_probe.out
(tests/train/test_train_fault_tolerance.py)."""
import os

import mindspore as ms
from mindspore.train import TrainFaultTolerance


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).splitlines()[0] if str(e) else "")


def with_env(value, **kwargs):
    if value is None:
        os.environ.pop("MS_ENABLE_TFT", None)
    else:
        os.environ["MS_ENABLE_TFT"] = value
    return TrainFaultTolerance(**kwargs)


show("root export", lambda: ms.TrainFaultTolerance is TrainFaultTolerance)
show("is a Callback", lambda: issubclass(TrainFaultTolerance, ms.train.Callback))
show("no env", lambda: with_env(None, ckpt_save_path="./ckpt"))
show("no env no path", lambda: with_env(None))
show("TTP", lambda: with_env("{TTP:1}", ckpt_save_path="./ckpt"))
show("TTP no path", lambda: with_env("{TTP:1}"))
show("UCE and TSP", lambda: with_env("{TFT:1,UCE:1,TSP:1}", ckpt_save_path="./ckpt"))
show("ARF", lambda: with_env("{TFT:1,UCE:1,ARF:1,TSP:1}", ckpt_save_path="./ckpt"))
show("TSP only", lambda: with_env("{TSP:1}"))
show("ATO with TTP", lambda: with_env("{ATO:1,TTP:1}", ckpt_save_path="./ckpt"))
show("unknown switch", lambda: with_env("{XYZ:1}", ckpt_save_path="./ckpt"))
show("ckpt_save_fn", lambda: with_env("{UCE:1}", ckpt_save_fn=print))
os.environ.pop("MS_ENABLE_TFT", None)
