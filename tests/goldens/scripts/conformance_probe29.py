"""ops.stft (the short-time Fourier transform) with its defaults, centring and padding modes,
hop and window lengths, onesided/normalized/return_complex: MindSpore 2.10's results.
Golden: tests/goldens/api/conformance_probe29.out."""
import numpy as np
from mindspore import Tensor, ops


def show(label, f):
    try:
        r = f()
        values = r.asnumpy()
        def rounded(v):  # (+ 0.0: a rounded -0.0 is 0.0, whichever side of 0 the sum fell)
            return np.round(v.astype(np.float64), 3) + 0.0
        values = (rounded(values.real) + 1j * rounded(values.imag) if np.iscomplexobj(values)
                  else rounded(values)).tolist()
        print(label, "->", r.dtype, r.shape, values)
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


rng = np.random.RandomState(3)
x = rng.randn(2, 12).astype(np.float32)
z = (rng.randn(12) + 1j * rng.randn(12)).astype(np.complex64)
window = np.hanning(6).astype(np.float32)
show("defaults", lambda: ops.stft(Tensor(x), 8))
show("not centred", lambda: ops.stft(Tensor(x), 4, center=False))
show("hop 3 window 6", lambda: ops.stft(Tensor(x), 8, hop_length=3, win_length=6, window=Tensor(window)))
show("constant pad", lambda: ops.stft(Tensor(x[0]), 6, hop_length=2, pad_mode="CONSTANT"))
show("two-sided normalized", lambda: ops.stft(Tensor(x), 4, center=False, onesided=False, normalized=True))
show("return complex", lambda: ops.stft(Tensor(x.astype(np.float64)), 4, hop_length=2, return_complex=True))
show("complex input", lambda: ops.stft(Tensor(z), 4, hop_length=2, center=False, return_complex=True))
show("complex input real view", lambda: ops.stft(Tensor(z), 4, hop_length=4, center=False, return_complex=False))
