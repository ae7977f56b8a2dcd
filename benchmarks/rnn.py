"""A 2-layer LSTM language model, one training step (embedding -> LSTM(256, 256, 2 layers) ->
Dense to the vocabulary, sparse softmax cross-entropy, Adam), batch 32, sequence 64: msjax's
compiled TrainOneStepCell against the same model and step in pure JAX (each LSTM layer a
`lax.scan` over its cell, optax Adam; in `rnn_jax.py`), in one run, with the same initial weights.

Target (issue 13): time msjax/JAX <= 1.10.
Run: python benchmarks/rnn.py
"""
import msjax as ms
from msjax import Tensor, nn

from _timing import interleaved_seconds, report
from rnn_jax import BATCH, EMBED, HIDDEN, LAYERS, SEQ, VOCAB, batch, jax_step


class LanguageModel(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, EMBED)
        self.lstm = nn.LSTM(EMBED, HIDDEN, num_layers=LAYERS, batch_first=True)
        self.decoder = nn.Dense(HIDDEN, VOCAB)

    def construct(self, tokens):
        output, _ = self.lstm(self.embedding(tokens))
        return self.decoder(output.reshape(-1, HIDDEN))


class LossOfNextTokens(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, tokens, targets):
        return self.loss(self.net(tokens), targets.reshape(-1))


def msjax_step():
    ms.set_seed(0)
    net = LanguageModel()
    train = nn.TrainOneStepCell(LossOfNextTokens(net), nn.Adam(net.trainable_params(), 1e-3))
    train.set_train()
    tokens, targets = batch()
    tokens, targets = Tensor(tokens), Tensor(targets)
    step = ms.jit(train)
    return (lambda: step(tokens, targets)), (lambda r: r._data.block_until_ready()), net


def main():
    run_ms, sync_ms, net = msjax_step()
    run_jax, sync_jax = jax_step({name: p.asnumpy() for name, p in net.parameters_and_names()})
    losses_ms = [float(run_ms().asnumpy()) for _ in range(2)]
    losses_jax = [float(run_jax()) for _ in range(2)]
    # The first losses agree exactly; the second differs in the 4th decimal because MindSpore's
    # Adam adds eps to sqrt(v) before bias correction and optax's after (the same step otherwise).
    print(f"losses of the first two steps: msjax {losses_ms}   jax {losses_jax}")

    def sync(result):
        return sync_ms(result) if isinstance(result, Tensor) else sync_jax(result)
    t_ms, t_jax = interleaved_seconds([run_ms, run_jax], number=5, rounds=5, sync=sync)
    report(f"2-layer LSTM LM train step (h{HIDDEN}, seq {SEQ}, batch {BATCH})", t_ms, t_jax,
           1.10, unit="ms")


if __name__ == "__main__":
    main()
