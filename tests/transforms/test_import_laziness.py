"""`import msjax` stays light (issue 12: <= 0.3 s over `import jax`, benchmarks/import_time.py):
modules only some features need are imported on first use."""
from __future__ import annotations

import subprocess
import sys


def test_import_msjax_loads_no_optional_heavy_module():
    code = ("import sys, msjax; "
            "print(sorted(m for m in ('optax', 'grain', 'PIL', 'tqdm') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_ctc_loss_imports_optax_on_first_use():
    import numpy as np
    from msjax import Tensor, nn
    log_probs = Tensor(np.log(np.full((3, 1, 3), 1 / 3, np.float32)))
    loss = nn.CTCLoss(blank=0, reduction="none")(
        log_probs, Tensor(np.array([[1]], np.int32)), Tensor(np.array([3], np.int32)),
        Tensor(np.array([1], np.int32)))
    # Paths of length 3 emitting label 1 once with blanks: 6 of 27 equally likely paths.
    np.testing.assert_allclose(loss.asnumpy(), [-np.log(6 / 27)], rtol=1e-5)
