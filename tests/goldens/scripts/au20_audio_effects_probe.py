"""mindspore.dataset.audio's Flanger, Phaser, SlidingWindowCmn and Dither (TPDF, and shapes of the
random RPDF/GPDF) against MindSpore 2.10: values for float32/float64/int inputs, argument checks
and bad inputs. One `label -> result` line per case; arrays as `dtype shape values`."""
import numpy as np

import mindspore.dataset.audio as audio
from mindspore.dataset.audio import DensityFunction, Interpolation, Modulation


def show(a):
    a = np.asarray(a)
    return f"{a.dtype} {a.shape} " + " ".join(f"{x:.7g}" for x in a.ravel().tolist())


def case(label, fn):
    try:
        result = show(fn())
    except Exception as e:  # noqa: BLE001
        msg = str(e).split("\n")[0]
        if "Dataset Pipeline Error Message" in str(e):
            msg = [line for line in str(e).split("\n") if line.startswith("[ERROR]")][0]
        result = f"{type(e).__name__}: {msg}"
    print(f"{label} -> {result}")


rng = np.random.RandomState(3)
wave = rng.uniform(-0.9, 0.9, (2, 2, 40)).astype(np.float32)
ints = np.array([[-2, -3, 0, 1, 2], [2, 2, 3, -1, 0]])

FLANGERS = {
    "flanger default": lambda: audio.Flanger(44100),
    "flanger triangular": lambda: audio.Flanger(8000, 1.0, 3.0, 20.0, 50.0, 2.0, 40.0, Modulation.TRIANGULAR),
    "flanger quadratic": lambda: audio.Flanger(8000, 2.0, 5.0, -30.0, 80.0, 1.0, 10.0,
                                               Modulation.SINUSOIDAL, Interpolation.QUADRATIC),
}
for name, make in FLANGERS.items():
    case(f"{name} wave", lambda make=make: make()(wave))
    case(f"{name} float64", lambda make=make: make()(wave.astype(np.float64)))
    case(f"{name} int", lambda make=make: make()(ints))
case("flanger 1d", lambda: audio.Flanger(44100)(wave[0, 0]))
case("flanger delay big", lambda: audio.Flanger(44100, delay=31))
case("flanger speed small", lambda: audio.Flanger(44100, speed=0.01))
case("flanger bad modulation", lambda: audio.Flanger(44100, modulation="x"))
case("flanger zero rate", lambda: audio.Flanger(0))

PHASERS = {
    "phaser default": lambda: audio.Phaser(8000),
    "phaser triangle": lambda: audio.Phaser(4000, 0.6, 0.9, 2.0, 0.5, 1.5, False),
}
for name, make in PHASERS.items():
    case(f"{name} wave", lambda make=make: make()(wave))
    case(f"{name} float64", lambda make=make: make()(wave.astype(np.float64)))
    case(f"{name} int", lambda make=make: make()(ints))
case("phaser bad decay", lambda: audio.Phaser(8000, decay=1.0))
case("phaser bad sinusoidal", lambda: audio.Phaser(8000, sinusoidal=1))

feats = rng.uniform(0, 1, (2, 7, 3)).astype(np.float32)
for args in ((600, 100, False, False), (3, 0, True, True), (4, 2, False, True), (5, 1, True, False)):
    case(f"cmn {args}", lambda args=args: audio.SlidingWindowCmn(*args)(feats))
    case(f"cmn {args} float64", lambda args=args: audio.SlidingWindowCmn(*args)(feats[0].astype(np.float64)))
case("cmn int", lambda: audio.SlidingWindowCmn(3, 1)(ints))
case("cmn 1d", lambda: audio.SlidingWindowCmn()(feats[0, 0]))
case("cmn bad window", lambda: audio.SlidingWindowCmn(-1))

pcm = np.array([[0.1, -0.2, 0.35, 0.4], [0.5, 0.25, -0.7, 0.05]])
case("dither tpdf", lambda: audio.Dither()(pcm))
case("dither tpdf float32", lambda: audio.Dither()(pcm.astype(np.float32)))
case("dither tpdf shaped", lambda: audio.Dither(DensityFunction.TPDF, True)(pcm))
case("dither tpdf int", lambda: audio.Dither()(np.array([[1, 2, 3], [4, 5, 6]])))
case("dither rpdf shape", lambda: audio.Dither(DensityFunction.RPDF)(pcm.astype(np.float32))[:0])
case("dither gpdf shape", lambda: audio.Dither(DensityFunction.GPDF, True)(pcm)[:0])
case("dither bad density", lambda: audio.Dither("TPDF"))
case("dither bad shaping", lambda: audio.Dither(DensityFunction.TPDF, 1))
