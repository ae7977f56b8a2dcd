"""MindSpore 2.10's initial weights of nn.LSTM, nn.GRU, nn.RNN (drawn from NumPy's global generator:
`np.random.seed` fixes them) and of nn.LSTMCell, nn.GRUCell, nn.RNNCell (NumPy draws thrown away,
then MindSpore's Uniform stream: `set_seed` fixes them), and what NumPy's generator draws next.
Golden: tests/goldens/nn/zoo18_rnn_init_probe.out (tests/nn/test_rnn_init.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn


def show(label, cell):
    for p in cell.get_parameters():
        a = p.asnumpy().astype(np.float64)
        print(f"{label} {p.name} -> {p.dtype} {tuple(p.shape)} {a.sum():.6e} {np.abs(a).sum():.6e} "
              f"{a.ravel()[:3].round(7).tolist()}")
    print(f"{label} numpy next -> {np.random.uniform(size=3).round(7).tolist()}")


builders = [
    ("LSTM bi 2 layers", lambda: nn.LSTM(5, 4, num_layers=2, bidirectional=True)),
    ("GRU", lambda: nn.GRU(3, 6)),
    ("RNN no bias", lambda: nn.RNN(3, 2, has_bias=False, nonlinearity="relu")),
    ("LSTM float16", lambda: nn.LSTM(3, 2, dtype=ms.float16)),
    ("LSTMCell", lambda: nn.LSTMCell(3, 4)),
    ("GRUCell no bias", lambda: nn.GRUCell(3, 2, has_bias=False)),
    ("RNNCell", lambda: nn.RNNCell(2, 3)),
]
for seed, (label, build) in enumerate(builders):
    np.random.seed(seed)
    ms.set_seed(seed)
    show(label, build())
