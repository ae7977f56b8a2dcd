"""MindSpore 2.10 golden: a subclass of mindspore.boost.GradientAccumulation written the way
training libraries write one (MindCV's train step does the same): it calls MindSpore's
`gradient_accumulation_op` and `gradient_clear_op` through `self.hyper_map`, counts with
``self._accumulation_step += 1``, branches on the counter and resets it with
``self._accumulation_step = 0``. Trained for 5 steps in GRAPH_MODE and in PYNATIVE_MODE; prints
per step the loss, the weights, the counter and the accumulators (PyNative refuses the int
assignment to the Parameter attribute: the error is printed). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/boost_accumulation_subclass.py \\
        | grep " -> " > tests/goldens/train/boost_accumulation_subclass.txt
"""
import numpy as np

import mindspore as ms
from mindspore import Tensor, boost, nn, ops
from mindspore.boost.grad_accumulation import gradient_accumulation_op, gradient_clear_op
from mindspore.ops import functional as F


class Accumulation(boost.GradientAccumulation):
    """Accumulate `max_accumulation_step` steps, then update and clear."""

    def construct(self, loss, grads):
        loss = F.depend(loss, self.hyper_map(F.partial(gradient_accumulation_op,
                                                       self._max_accumulation_step),
                                             self._grad_accumulation, grads))
        self._accumulation_step += 1
        if self._accumulation_step >= self._max_accumulation_step:
            loss = F.depend(loss, self.optimizer(self._grad_accumulation))
            loss = F.depend(loss, self.hyper_map(F.partial(gradient_clear_op),
                                                 self._grad_accumulation))
            self._accumulation_step = 0
        return loss


class Step(nn.Cell):
    def __init__(self, net, loss_fn, optimizer):
        super().__init__()
        self.net, self.loss_fn, self.optimizer = net, loss_fn, optimizer
        self.weights = optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True)
        self.accumulation = Accumulation(2, optimizer)

    def forward(self, x, y):
        return self.loss_fn(self.net(x), y)

    def construct(self, x, y):
        loss = self.forward(x, y)
        grads = self.grad(self.forward, self.weights)(x, y)
        return self.accumulation(loss, grads)


def rounded(value):
    return np.round(np.asarray(value, np.float64), 5).tolist()


def run(mode, label):
    ms.set_context(mode=mode)
    rng = np.random.default_rng(0)
    net = nn.Dense(3, 2, weight_init=Tensor(rng.standard_normal((2, 3)).astype(np.float32)),
                   bias_init="zeros")
    step = Step(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    x = Tensor(rng.standard_normal((4, 3)).astype(np.float32))
    y = Tensor(rng.standard_normal((4, 2)).astype(np.float32))
    for i in range(5):
        try:
            loss = step(x, y)
        except TypeError as error:  # PyNative: `self._accumulation_step = 0` is refused
            print(f"{label} step {i} error ->", type(error).__name__, error)
            return
        print(f"{label} step {i} loss ->", rounded(loss.asnumpy()))
        print(f"{label} step {i} weight ->", rounded(net.weight.asnumpy()))
        print(f"{label} step {i} counter ->", int(step.accumulation._accumulation_step.asnumpy()))
        print(f"{label} step {i} accumulated ->",
              [rounded(p.asnumpy()) for p in step.accumulation._grad_accumulation])


if __name__ == "__main__":
    run(ms.GRAPH_MODE, "graph")
    run(ms.PYNATIVE_MODE, "pynative")
