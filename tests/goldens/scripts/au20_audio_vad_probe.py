"""mindspore.dataset.audio.Vad against MindSpore 2.10 where msjax can agree with it: silence and
faint noise (no speech: MindSpore keeps the waveform's end, `samples_len` samples of it or of a
shorter one `samples_len - length`), trigger_level 0 (the whole waveform), argument checks.
MindSpore 2.10's measure is 0 for speech too (docs/migration.md), so no speech case is here."""
import numpy as np

import mindspore.dataset.audio as audio


def show(a):
    a = np.asarray(a)
    return f"{a.dtype} {a.shape} " + " ".join(f"{x:.7g}" for x in a.ravel()[-6:].tolist())


def case(label, fn):
    try:
        result = show(fn())
    except Exception as e:  # noqa: BLE001
        msg = str(e).split("\n")[0]
        if "Dataset Pipeline Error Message" in str(e):
            msg = [line for line in str(e).split("\n") if line.startswith("[ERROR]")][0]
        result = f"{type(e).__name__}: {msg}"
    print(f"{label} -> {result}")


rng = np.random.RandomState(0)
faint = (rng.randn(2, 1200) * 1e-6).astype(np.float32)
for rate in (600, 1000, 1600):
    case(f"silence {rate}", lambda rate=rate: audio.Vad(rate)(np.zeros(1000, np.float32)))
    case(f"faint {rate}", lambda rate=rate: audio.Vad(rate)(faint))
    case(f"faint {rate} float64", lambda rate=rate: audio.Vad(rate)(faint[0].astype(np.float64)))
case("faint short", lambda: audio.Vad(600)(faint[:, :500]))
case("faint level 0", lambda: audio.Vad(600, trigger_level=0.0)(faint))
case("faint 3d", lambda: audio.Vad(800, search_time=2.0, measure_freq=40)(faint[None]))
case("silence int", lambda: audio.Vad(600)(np.zeros(800, np.int32)))
case("bad rate", lambda: audio.Vad(0))
case("bad level", lambda: audio.Vad(600, trigger_level="7"))
case("bad noise times", lambda: audio.Vad(600, noise_up_time=0.01, noise_down_time=0.1))
case("bad measure_freq", lambda: audio.Vad(600, measure_freq=0))
case("bad lifter", lambda: audio.Vad(600, hp_lifter_freq=-1.0))
case("bad measure_duration", lambda: audio.Vad(600, measure_duration=-1.0))
case("string input", lambda: audio.Vad(600)(np.array(["a"])))
