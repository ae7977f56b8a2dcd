#!/bin/bash
# The device checks of issue 29 as one prepared run, for a machine with a GPU (or TPU), JAX
# preinstalled and no package registry. From the repository root:
#
#     bash tools/device_check.sh            # ~10 minutes on one H100/H200
#
# 1. the tests marked `accelerator` (tests/conftest.py ACCELERATOR_TESTS) on that backend, with
#    JAX's private fast paths off (msjax's tested range is JAX 0.10; the machine's JAX may be
#    newer, and the public path is the one any JAX runs);
# 2. benchmarks/accelerator.py: msjax against pure JAX/Flax, one table.
# pytest and pytest-timeout come from wheels/ (carried along: `pip download -d wheels pytest
# pytest-timeout`, pure-Python wheels) when the machine has none. Logs go to $OUT (or
# /tmp/device_check).
set -o pipefail
OUT=${OUT:-/tmp/device_check}
mkdir -p "$OUT"
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
if ! python -c "import pytest, pytest_timeout" 2>/dev/null && [ -d wheels ]; then
  python -m pip install -q --no-index --find-links wheels pytest pytest-timeout
fi
python -c "import jax; print('JAX', jax.__version__, jax.devices())" | tee "$OUT/devices.log"
MSJAX_PRIVATE_JAX=0 timeout ${TESTS_SECONDS:-240} python -m pytest -m accelerator -q -p no:cacheprovider \
  -x --timeout 120 2>&1 | tee "$OUT/tests.log" | tail -40
timeout ${BENCH_SECONDS:-420} python benchmarks/accelerator.py ${BENCH_ARGS:-} 2>&1 | tee "$OUT/accelerator.log"
