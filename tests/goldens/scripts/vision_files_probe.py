"""MindSpore 2.10's `vision.read_file` and `vision.write_file`: the bytes, and the errors for
bad arguments, paths and arrays (the pipeline error's [ERROR] line), printed `label -> RESULT`
(the temporary folder written DIR); tests/dataset/test_vision_files.py runs it unchanged on
msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/vision_files_probe.py \\
        | grep -- " -> " > tests/goldens/dataset/vision_files_probe.out
"""
import os, tempfile
import numpy as np
import mindspore as ms
import mindspore.dataset.vision as vision
d = tempfile.mkdtemp()
def show(label, f):
    try:
        r = f()
        r = (type(r).__name__, r.dtype, r.shape, r[:4].tolist()) if isinstance(r, np.ndarray) else r
    except Exception as e:
        lines = str(e).strip().splitlines()
        detail = [l for l in lines if l.startswith("[ERROR]")]
        r = f"ERR {type(e).__name__} | {lines[0].strip()}" + (f" | {detail[0]}" if detail else "")
    print(f"{label} -> {str(r).replace(d, 'DIR')}")
p = os.path.join(d, "f.bin")
with open(p, "wb") as f: f.write(bytes([1, 2, 3, 250]))
e = os.path.join(d, "e.bin"); open(e, "wb").close()
show("read", lambda: vision.read_file(p))
show("read empty", lambda: vision.read_file(e))
show("read missing", lambda: vision.read_file(os.path.join(d, "nope")))
show("read dir", lambda: vision.read_file(d))
show("read dir slash", lambda: vision.read_file(d + "/"))
show("read float", lambda: vision.read_file(0.1))
show("read pathlike", lambda: vision.read_file(__import__("pathlib").Path(p)))
w = os.path.join(d, "w.bin")
show("write", lambda: vision.write_file(w, np.array([9, 8, 7], np.uint8)))
show("read written", lambda: vision.read_file(w))
show("write tensor", lambda: vision.write_file(w, ms.Tensor(np.array([5], np.uint8))))
show("read written tensor", lambda: vision.read_file(w))
show("write int32", lambda: vision.write_file(w, np.array([9, 8], np.int32)))
show("write 2d", lambda: vision.write_file(w, np.zeros((2, 2), np.uint8)))
show("write list", lambda: vision.write_file(w, [1, 2]))
show("write bad name", lambda: vision.write_file(1, np.zeros(2, np.uint8)))
show("write dir", lambda: vision.write_file(d, np.zeros(2, np.uint8)))
show("write missing dir", lambda: vision.write_file(os.path.join(d, "x", "y.bin"), np.zeros(2, np.uint8)))
show("write empty", lambda: vision.write_file(w, np.zeros(0, np.uint8)))
show("read after empty", lambda: vision.read_file(w))
show("write 0-d", lambda: vision.write_file(w, np.array(3, np.uint8)))
