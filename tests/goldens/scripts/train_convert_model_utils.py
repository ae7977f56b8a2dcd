"""MindSpore 2.10 golden for mindspore.train.ConvertModelUtils (imported by training scripts for
their THOR branch): with any optimizer but THOR's, convert_to_thor_model returns the Model it is
given. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_convert_model_utils.py \
        | grep " -> " > tests/goldens/train/convert_model_utils.txt
"""
import inspect
import json

from mindspore import nn
from mindspore.train import Model
from mindspore.train.train_thor import ConvertModelUtils
from mindspore.train import ConvertModelUtils as TopLevel


def main():
    net = nn.Dense(3, 2)
    loss = nn.MSELoss()
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    model = Model(net, loss_fn=loss, optimizer=optimizer, metrics={"mae"})
    cases = {
        "same path": lambda: TopLevel is ConvertModelUtils,
        "Momentum: the model itself": lambda: ConvertModelUtils.convert_to_thor_model(
            model=model, network=net, loss_fn=loss, optimizer=optimizer, metrics={"mae"},
            amp_level="O0") is model,
        "no optimizer: the model itself": lambda: ConvertModelUtils().convert_to_thor_model(
            model, net) is model,
        "signature": lambda: str(inspect.signature(ConvertModelUtils.convert_to_thor_model)),
    }
    for label, case in cases.items():
        print(f"{label} -> {json.dumps(case())}", flush=True)


if __name__ == "__main__":
    main()
