"""mindspore.dataset.audio masking (MaskAlongAxis, MaskAlongAxisIID, TimeMasking, FrequencyMasking)
against MindSpore 2.10: deterministic masks by value, random ones by dtype and shape, argument and
input checks. One `label -> result` line per case."""
import numpy as np
import mindspore.dataset.audio as audio
x = np.arange(2*4*6, dtype=np.float32).reshape(2, 4, 6)
def c(l, f):
    try: r = f(); print(l, '->', r.dtype, r.shape, r.ravel().tolist())
    except Exception as e:
        m=str(e); m=[z for z in m.split('\n') if z.startswith('[ERROR]')] or [m.split('\n')[0]]
        print(l, '->', type(e).__name__, m[0])
c('tm', lambda: audio.TimeMasking(False, 2, 1, 9.0)(x))
c('tm start big', lambda: audio.TimeMasking(False, 2, 10)(x))
c('tm width big', lambda: audio.TimeMasking(False, 20, 2)(x))
c('tm start+width over', lambda: audio.TimeMasking(False, 4, 4)(x))
c('fm', lambda: audio.FrequencyMasking(False, 2, 1, 9.0)(x))
c('fm start big', lambda: audio.FrequencyMasking(False, 2, 10)(x))
c('fm width big', lambda: audio.FrequencyMasking(False, 20, 2)(x))
c('fm over', lambda: audio.FrequencyMasking(False, 3, 3)(x))
c('tm 1d', lambda: audio.TimeMasking(False, 2, 1)(x[0,0]))
c('tm int', lambda: audio.TimeMasking(False, 2, 1)(x.astype(np.int32)))
c('tm f64', lambda: audio.TimeMasking(False, 2, 1)(x.astype(np.float64)))
c('tm zero', lambda: audio.TimeMasking(False, 0, 1)(x))
c('maa', lambda: audio.MaskAlongAxis(1, 2, 7.0, 2)(x))
c('maa ax1', lambda: audio.MaskAlongAxis(1, 2, 7.0, 1)(x))
c('maa over', lambda: audio.MaskAlongAxis(5, 3, 7.0, 2)(x))
c('maa start big', lambda: audio.MaskAlongAxis(7, 1, 7.0, 2)(x))
c('maa 1d', lambda: audio.MaskAlongAxis(1, 1, 7.0, 2)(x[0,0]))
c('maa int', lambda: audio.MaskAlongAxis(1, 1, 7.0, 2)(x.astype(np.int32)))
c('maaiid param big', lambda: audio.MaskAlongAxisIID(9, 7.0, 2)(x))
c('maaiid 1d', lambda: audio.MaskAlongAxisIID(1, 7.0, 2)(x[0,0]))
c('maaiid int', lambda: audio.MaskAlongAxisIID(1, 7.0, 2)(x.astype(np.int32))[:0])
c('maaiid masked count', lambda: np.array([(audio.MaskAlongAxisIID(3, -1.0, 2)(x) == -1).sum(axis=-1).max() <= 3]))
c('maaiid zero', lambda: audio.MaskAlongAxisIID(0, 7.0, 2)(x))
c('tm iid', lambda: audio.TimeMasking(True, 3, 0, 1.0)(x)[:0])
c('fm iid', lambda: audio.FrequencyMasking(True, 3, 0, 1.0)(x.astype(np.float64))[:0])
c('tm iid big', lambda: audio.TimeMasking(True, 30)(x))
for a in [(1, 0, 7.0, 2), (-1, 1, 7.0, 2), (1, 1, 7.0, 3), (1, 1, "a", 2), (1.0, 1, 7.0, 2)]:
    c(f'maa args {a}', lambda: audio.MaskAlongAxis(*a))
for a in [(-1, 7.0, 2), (1, 7.0, 0), (1, None, 2), (True, 7.0, 2)]:
    c(f'maaiid args {a}', lambda: audio.MaskAlongAxisIID(*a))
for a in [(True, 2, 0, -1.0), (True, 2.0, 0), (1, 2, 0)]:
    c(f'tm args {a}', lambda: audio.TimeMasking(*a))
