"""MindSpore 2.10's `mint` signatures (recorded, never hand-written): `inspect.signature` and the kind
of every public name of mint, mint.nn.functional, mint.linalg, mint.special, mint.optim, mint.nn.

Regenerate::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/mint /work/shared/tools/mindspore-oracle tests/goldens/scripts/mint_signatures.py

Writes ``signatures.json`` {"<module>.<name>": [signature or null, type name]}.
"""
import os
import inspect, json
import mindspore as ms
from mindspore import mint
import mindspore.mint.nn.functional as F
import mindspore.mint.linalg as L
import mindspore.mint.special as S
import mindspore.mint.optim as O
import mindspore.mint.nn as N
out = {}
for modname, mod in [('mint', mint), ('mint.nn.functional', F), ('mint.linalg', L), ('mint.special', S), ('mint.optim', O), ('mint.nn', N)]:
    for n in dir(mod):
        if n.startswith('_'): continue
        obj = getattr(mod, n)
        try:
            sig = str(inspect.signature(obj))
        except Exception as e:
            sig = None
        out[f'{modname}.{n}'] = [sig, type(obj).__name__]
OUT = os.environ.get('MSJAX_GOLDEN_DIR') or os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'mint')
json.dump(out, open(os.path.join(OUT, 'signatures.json'), 'w'), indent=0)
print(len(out), sum(1 for v in out.values() if v[0] is None))
