"""`import msjax` against `import jax`, each in a fresh Python process (issue 12: the difference
<= 0.3 s). Each side runs `python -c "import X"` timed inside the process (perf_counter around the
import), the best of 5 runs, alternating sides. msjax's bytecode is compiled first (as `pip
install` does), so an environment with PYTHONDONTWRITEBYTECODE set does not time compiling
msjax's sources.  Run: python benchmarks/import_time.py
"""
import compileall
import pathlib
import subprocess
import sys

TARGET_SECONDS = 0.3
_PROBE = "import time; t = time.perf_counter(); import {0}; print(time.perf_counter() - t)"


def import_seconds(module: str) -> float:
    out = subprocess.run([sys.executable, "-c", _PROBE.format(module)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.split()[-1])


def main():
    import msjax
    compileall.compile_dir(str(pathlib.Path(msjax.__file__).parent), quiet=1)
    times = {"jax": [], "msjax": []}
    for _ in range(5):
        for module in times:
            times[module].append(import_seconds(module))
    jax_s, msjax_s = min(times["jax"]), min(times["msjax"])
    extra = msjax_s - jax_s
    verdict = "ok" if extra <= TARGET_SECONDS else "ABOVE TARGET"
    print(f"import jax {jax_s:.3f} s, import msjax {msjax_s:.3f} s (bytecode compiled): "
          f"msjax adds {extra:.3f} s, target <= {TARGET_SECONDS} s: {verdict}")


if __name__ == "__main__":
    main()
