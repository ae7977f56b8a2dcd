"""A reference measurement, not an msjax benchmark: benchmarks/ensemble_training.py's step (M
LeNet-5 models, batch 64, Adam(amsgrad)) in torch.func (vmap + functional_call + grad), the
third formulation the ensembling issue compares against. torch is no dependency of msjax: run it
with a Python that has torch, `python tools/torch_ensemble_reference.py [M ...]`; `--single`
times one model's forward+backward instead (compare tools/xla_cpu_measurements.py lenet).
"""
import copy
import sys
import time

import numpy as np
import torch
from torch import nn
from torch.func import functional_call, grad, stack_module_state, vmap


class LeNet5(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(400, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = torch.max_pool2d(torch.relu(self.conv1(x)), 2)
        x = torch.max_pool2d(torch.relu(self.conv2(x)), 2)
        x = x.flatten(1)
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


def best_seconds(step, rounds, number):
    """The best mean seconds per call over `rounds` runs of `number` calls (torch runs eagerly,
    so no synchronisation is needed)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(number):
            step()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def main(sizes):
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    for m in sizes:
        models = [LeNet5() for _ in range(m)]
        params, _ = stack_module_state(models)
        base = copy.deepcopy(models[0]).to("meta")
        x = torch.from_numpy(rng.standard_normal((m, 64, 1, 32, 32)).astype(np.float32))
        y = torch.from_numpy(rng.integers(0, 10, (m, 64)).astype(np.int64))
        lr = torch.tensor([1e-3 * (1 + i % 4) for i in range(m)])

        def loss(p, xb, yb):
            return nn.functional.cross_entropy(functional_call(base, p, (xb,)), yb)

        grads_of = vmap(grad(loss))
        state = {"m": {k: torch.zeros_like(v) for k, v in params.items()},
                 "v": {k: torch.zeros_like(v) for k, v in params.items()},
                 "vhat": {k: torch.zeros_like(v) for k, v in params.items()},
                 "b1p": 1.0, "b2p": 1.0}

        def step(b1=0.9, b2=0.999, eps=1e-8):
            with torch.no_grad():
                g = grads_of(params, x, y)
                state["b1p"] *= b1
                state["b2p"] *= b2
                size = lr * (1 - state["b2p"]) ** 0.5 / (1 - state["b1p"])
                for k, p in params.items():
                    mk, vk, vh = state["m"][k], state["v"][k], state["vhat"][k]
                    mk.add_((g[k] - mk) * (1 - b1))
                    vk.add_((g[k] * g[k] - vk) * (1 - b2))
                    torch.maximum(vh, vk, out=vh)
                    p.sub_(size.view(-1, *[1] * (p.dim() - 1)) * mk / (vh.sqrt() + eps))

        start = time.perf_counter()
        step()
        first = time.perf_counter() - start
        best = best_seconds(step, rounds=4, number=3)
        print(f"M={m}: torch.func (vmap + functional_call) {best * 1e3:.1f} ms/step "
              f"(first {first:.2f} s), torch {torch.__version__}, {torch.get_num_threads()} threads")


def single():
    model = LeNet5()
    x, y = torch.randn(64, 1, 32, 32), torch.randint(0, 10, (64,))

    def step():
        model.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()

    step()
    best = best_seconds(step, rounds=5, number=20)
    print(f"LeNet-5 forward+backward, batch 64, torch: {best * 1e3:.2f} ms per call")


if __name__ == "__main__":
    if sys.argv[1:] == ["--single"]:
        single()
    else:
        main([int(a) for a in sys.argv[1:]] or [8, 32])
