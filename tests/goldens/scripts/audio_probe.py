"""mindspore.dataset.audio against MindSpore 2.10: AmplitudeToDB, Biquad, Fade, Overdrive,
RiaaBiquad and the enums of mindspore.dataset.audio.utils; eager calls, map pipelines, argument
checks and bad inputs. One `label -> result` line per case; arrays as `dtype shape values`."""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.audio as audio
from mindspore.dataset.audio import utils


def show(a):
    a = np.asarray(a)
    return f"{a.dtype} {a.shape} " + " ".join(f"{x:.7g}" for x in a.ravel().tolist())


def case(label, fn):
    try:
        result = show(fn())
    except Exception as e:  # noqa: BLE001
        msg = str(e).split("\n")[0]
        result = f"{type(e).__name__}: {msg}"
    print(f"{label} -> {result}")


def mapped(op, data):
    dataset = ds.NumpySlicesDataset(data, ["audio"], shuffle=False)
    dataset = dataset.map(operations=op, input_columns=["audio"])
    return np.stack([row["audio"] for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True)])


for enum in ("BorderType", "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType",
             "Modulation", "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType"):
    cls = getattr(utils, enum)
    print(f"enum {enum} -> " + " ".join(f"{m.name}={m.value!r}" for m in cls)
          + f" same={getattr(audio, enum) is cls}")

rng = np.random.RandomState(0)
wave = rng.uniform(-1.5, 1.5, (2, 3, 8)).astype(np.float32)
spec = np.array([[[[-0.2197528, 0.3821656]]], [[[0.57418776, 0.46741104]]], [[[-0.20381108, -0.9303914]]],
                 [[[0.3693608, -0.2017813]]], [[[-1.727381, -1.3708513]]], [[[1.259975, 0.4981323]]],
                 [[[0.76986176, -0.5793846]]]], np.float32)
power = np.abs(rng.standard_normal((2, 2, 3, 5))).astype(np.float32) * 10

# AmplitudeToDB
case("a2db default 4d", lambda: audio.AmplitudeToDB()(spec))
case("a2db power 4d batch", lambda: audio.AmplitudeToDB()(power))
case("a2db power 3d", lambda: audio.AmplitudeToDB()(power[0]))
case("a2db power 2d", lambda: audio.AmplitudeToDB()(power[0, 0]))
case("a2db power 1d", lambda: audio.AmplitudeToDB()(power[0, 0, 0]))
case("a2db magnitude top_db 20", lambda: audio.AmplitudeToDB(audio.ScaleType.MAGNITUDE, top_db=20.0)(power))
case("a2db ref 2 amin 1e-3", lambda: audio.AmplitudeToDB(ref_value=2.0, amin=1e-3)(power[0] / 1000))
case("a2db ref small amin big", lambda: audio.AmplitudeToDB(ref_value=1e-5, amin=0.5, top_db=10)(power[0]))
small = np.array([[-1, 0, 1e-5, 1e-4, 1e-2, 1, 5e-4, 2e-3]], np.float32)
for amin in (1e-3, 1e-10, 0.5):
    for ref in (1.0, 2.0, 1e-5):
        case(f"a2db amin {amin} ref {ref}",
             lambda amin=amin, ref=ref: audio.AmplitudeToDB(ref_value=ref, amin=amin, top_db=200.0)(small))
case("a2db magnitude amin ref", lambda: audio.AmplitudeToDB(audio.ScaleType.MAGNITUDE, 2.0, 1e-3, 200.0)(small))
case("a2db float64", lambda: audio.AmplitudeToDB()(power.astype(np.float64)))
case("a2db int", lambda: audio.AmplitudeToDB()(np.array([[1, 2, 300], [4, 5, 6]], np.int32)))
case("a2db float16", lambda: audio.AmplitudeToDB()(power[0, 0].astype(np.float16)))
case("a2db scalar", lambda: audio.AmplitudeToDB()(np.float32(3.0)))
case("a2db string", lambda: audio.AmplitudeToDB()(np.array(["a", "b"])))
case("a2db map", lambda: mapped(audio.AmplitudeToDB(), power))
case("a2db bad stype", lambda: audio.AmplitudeToDB(stype="test"))
case("a2db bad stype bool", lambda: audio.AmplitudeToDB(stype=True))
case("a2db bad ref", lambda: audio.AmplitudeToDB(ref_value=-1.0))
case("a2db zero ref", lambda: audio.AmplitudeToDB(ref_value=0))
case("a2db bad ref str", lambda: audio.AmplitudeToDB(ref_value="value"))
case("a2db bad amin", lambda: audio.AmplitudeToDB(amin=-1e-10))
case("a2db bad amin str", lambda: audio.AmplitudeToDB(amin="value"))
case("a2db bad top_db", lambda: audio.AmplitudeToDB(top_db=-80.0))
case("a2db bad top_db str", lambda: audio.AmplitudeToDB(top_db="value"))
case("a2db bool ref", lambda: audio.AmplitudeToDB(ref_value=True))
case("a2db huge top_db", lambda: audio.AmplitudeToDB(top_db=1e9))

# Biquad
case("biquad 2d float64", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, 0.3)(np.array([[1, 2, 3], [4, 5, 6]], np.float64)))
case("biquad clamp", lambda: audio.Biquad(1, 0.02, 0.13, 1, 0.12, 0.3)(np.array([[3.2, 2.1, 1.3], [6.2, 5.3, 6]], np.float64)))
case("biquad 3d float32", lambda: audio.Biquad(0.3, -0.2, 0.1, 2, -0.5, 0.2)(wave))
case("biquad 1d", lambda: audio.Biquad(0.3, -0.2, 0.1, -2, -0.5, 0.2)(wave[0, 0]))
case("biquad int", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, 0.3)(np.array([[1, 2, 3]], np.int32)))
case("biquad float16", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, 0.3)(wave[0].astype(np.float16)))
case("biquad scalar", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, 0.3)(np.float32(0.5)))
case("biquad string", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, 0.3)(np.array(["a", "b"])))
case("biquad map", lambda: mapped(audio.Biquad(0.3, -0.2, 0.1, 2, -0.5, 0.2), wave))
case("biquad bad b0 str", lambda: audio.Biquad("0.01", 0.02, 0.13, 1, 0.12, 0.3))
case("biquad bad b0 big", lambda: audio.Biquad(441324343243242342345300, 0.02, 0.13, 1, 0.12, 0.3))
case("biquad bad b1 big", lambda: audio.Biquad(0.01, 441324343243242342345300, 0.13, 1, 0.12, 0.3))
case("biquad bad b2 str", lambda: audio.Biquad(0.01, 0.02, "0.13", 0, 0.12, 0.3))
case("biquad bad a0 zero", lambda: audio.Biquad(0.01, 0.02, 0.13, 0, 0.12, 0.3))
case("biquad bad a0 big", lambda: audio.Biquad(0.01, 0.02, 0.13, 441324343243242342345300, 0.12, 0.3))
case("biquad bad a0 str", lambda: audio.Biquad(0.01, 0.02, 0.13, "1", 0.12, 0.3))
case("biquad bad a1 big", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 441324343243242342345300, 0.3))
case("biquad bad a2 str", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, "0.3"))
case("biquad bad a2 big", lambda: audio.Biquad(0.01, 0.02, 0.13, 1, 0.12, -441324343243242342345300))
case("biquad bool b0", lambda: audio.Biquad(True, 0.02, 0.13, 1, 0.12, 0.3))

# Fade
fade_in = np.array([[1, 2, 3, 4, 5, 6], [5, 7, 3, 78, 8, 4]], np.float32)
for shape in audio.FadeShape:
    case(f"fade {shape.name} 5 6", lambda shape=shape: audio.Fade(5, 6, shape)(fade_in))
    case(f"fade {shape.name} 3 2 3d", lambda shape=shape: audio.Fade(3, 2, shape)(wave))
    case(f"fade {shape.name} 1 1", lambda shape=shape: audio.Fade(1, 1, shape)(fade_in))
case("fade default", lambda: audio.Fade()(fade_in))
case("fade 0 0 linear", lambda: audio.Fade(0, 0)(fade_in))
case("fade 10 5 linear 1d", lambda: audio.Fade(10, 5)(np.linspace(0.1, 2, 20).astype(np.float32)))
case("fade float64", lambda: audio.Fade(3, 3, audio.FadeShape.HALF_SINE)(fade_in.astype(np.float64)))
case("fade int", lambda: audio.Fade(3, 3)(np.array([[1, 2, 3, 4, 5, 6]], np.int32)))
case("fade float16", lambda: audio.Fade(3, 3)(fade_in.astype(np.float16)))
case("fade in too long", lambda: audio.Fade(7, 0)(fade_in))
case("fade out too long", lambda: audio.Fade(0, 7)(fade_in))
case("fade sum too long", lambda: audio.Fade(4, 4)(fade_in))
case("fade scalar", lambda: audio.Fade(0, 0)(np.float32(1)))
case("fade string", lambda: audio.Fade(1, 1)(np.array(["a", "b"])))
case("fade map", lambda: mapped(audio.Fade(3, 4, audio.FadeShape.QUARTER_SINE), wave))
case("fade bad in", lambda: audio.Fade(-1, 0))
case("fade bad out", lambda: audio.Fade(0, -1))
case("fade bad in str", lambda: audio.Fade("1", 0))
case("fade bad in float", lambda: audio.Fade(1.0, 0))
case("fade bad in bool", lambda: audio.Fade(True, 0))
case("fade bad in big", lambda: audio.Fade(2147483648, 0))
case("fade bad shape", lambda: audio.Fade(fade_shape="123"))

# Overdrive
case("overdrive default", lambda: audio.Overdrive()(np.array([[1.47, 4.722, 5.863], [0.492, 0.235, 0.56]], np.float32)))
case("overdrive 10 5", lambda: audio.Overdrive(10.0, 5.0)(np.array([[0.1, 0.2], [0.4, 2.6]], np.float32)))
case("overdrive 3d", lambda: audio.Overdrive(30, 70)(wave * 0.3))
case("overdrive 1d", lambda: audio.Overdrive(0, 0)(wave[0, 0]))
case("overdrive 100 100", lambda: audio.Overdrive(100, 100)(wave[0]))
case("overdrive float64", lambda: audio.Overdrive(5, 50)(wave[0].astype(np.float64)))
case("overdrive int", lambda: audio.Overdrive()(np.array([[1, 0, -1]], np.int32)))
case("overdrive float16", lambda: audio.Overdrive()(wave[0].astype(np.float16)))
case("overdrive scalar", lambda: audio.Overdrive()(np.float32(0.5)))
case("overdrive string", lambda: audio.Overdrive()(np.array(["a", "b"])))
case("overdrive map", lambda: mapped(audio.Overdrive(40, 10), wave * 0.2))
case("overdrive bad gain str", lambda: audio.Overdrive("20", 20))
case("overdrive bad color str", lambda: audio.Overdrive(10, "5"))
case("overdrive bad gain", lambda: audio.Overdrive(100.23, 5.0))
case("overdrive bad color", lambda: audio.Overdrive(30, -0.333))
case("overdrive bool gain", lambda: audio.Overdrive(True, 5.0))

# RiaaBiquad
for rate in (44100, 48000, 88200, 96000):
    case(f"riaa {rate}", lambda rate=rate: audio.RiaaBiquad(rate)(wave))
case("riaa float64", lambda: audio.RiaaBiquad(44100)(np.array([[1, 2, 3], [4, 5, 6]], np.float64)))
case("riaa 1d", lambda: audio.RiaaBiquad(48000)(wave[1, 1]))
case("riaa int", lambda: audio.RiaaBiquad(44100)(np.array([[1, 2, 3]], np.int32)))
case("riaa float16", lambda: audio.RiaaBiquad(44100)(wave[0].astype(np.float16)))
case("riaa scalar", lambda: audio.RiaaBiquad(44100)(np.float32(0.5)))
case("riaa string", lambda: audio.RiaaBiquad(44100)(np.array(["a", "b"])))
case("riaa map", lambda: mapped(audio.RiaaBiquad(88200), wave))
case("riaa bad float", lambda: audio.RiaaBiquad(44100.5))
case("riaa bad str", lambda: audio.RiaaBiquad("44100"))
case("riaa bad value", lambda: audio.RiaaBiquad(45670))
case("riaa bool", lambda: audio.RiaaBiquad(True))
case("riaa default", lambda: audio.RiaaBiquad()(wave[0]))

# eager inputs other than one NumPy array: Biquad takes lists, tuples and Tensors, the others not
row = [[0.1, 0.2, 0.3]]
for kind, value in (("list", row), ("tuple", (0.1, 0.2)), ("float", 0.5),
                    ("tensor", ms.Tensor(np.array(row, np.float32)))):
    for op in (audio.Biquad(0.3, -0.2, 0.1, 2, -0.5, 0.2), audio.Fade(1, 1), audio.Overdrive(),
               audio.AmplitudeToDB(), audio.RiaaBiquad(44100)):
        case(f"{type(op).__name__} {kind} input", lambda op=op, value=value: op(value))
case("fade two inputs", lambda: audio.Fade(1, 1)(np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)))
