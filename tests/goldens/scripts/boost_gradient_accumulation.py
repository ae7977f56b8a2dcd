"""MindSpore 2.10 golden for mindspore.boost.GradientAccumulation: a Dense network trained with
Momentum for 5 steps, gradients accumulated over 2 steps (the optimizer runs on every second
step with the mean of the two steps' gradients). Prints, per step, the loss it returns, the
weights, its step counter and accumulated gradients; then the names of its Parameters.
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/boost_gradient_accumulation.py \
        | grep " -> " > tests/goldens/train/boost_gradient_accumulation.txt
"""
import json

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn
from mindspore.boost import GradientAccumulation


def rounded(value):
    return np.round(np.asarray(value, np.float64), 5).tolist()


def main():
    rng = np.random.default_rng(0)
    net = nn.Dense(3, 2, weight_init=Tensor(rng.standard_normal((2, 3)).astype(np.float32)),
                   bias_init="zeros")
    loss_fn = nn.MSELoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    accumulation = GradientAccumulation(2, optimizer)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    inputs = rng.standard_normal((5, 4, 3)).astype(np.float32)
    targets = rng.standard_normal((5, 4, 2)).astype(np.float32)
    for step in range(5):
        loss, grads = grad_fn(Tensor(inputs[step]), Tensor(targets[step]))
        returned = accumulation(loss, grads)
        state = {"loss": rounded(returned.asnumpy()), "weight": rounded(net.weight.asnumpy()),
                 "bias": rounded(net.bias.asnumpy()),
                 "accumulation_step": int(accumulation._accumulation_step.asnumpy()),
                 "accumulated": [rounded(p.asnumpy()) for p in accumulation._grad_accumulation]}
        print(f"step {step} -> {json.dumps(state)}", flush=True)
    names = sorted(p.name for p in accumulation.get_parameters())
    print(f"parameter names -> {json.dumps(names)}", flush=True)


if __name__ == "__main__":
    main()
