"""The `mindspore` Jupyter kernel: an IPython kernel in which `import mindspore` loads msjax.

`python -m msjax._src.compat.kernel -f CONNECTION_FILE` installs the import alias and starts
ipykernel's kernel app; everything else is ordinary IPython. `msjax kernel install` registers it
under the name `mindspore`, the kernel name MindSpore's own tutorial notebooks carry in their
metadata, so those notebooks open on msjax in Jupyter as they are. `msjax run` uses the same
kernel without registering anything (`notebook_runner.MsjaxKernelSpecManager`).
"""
from __future__ import annotations

import json
import os
import pathlib
import site
import sys
import tempfile

from msjax._src.compat.alias import install

KERNEL_NAME = "mindspore"
DISPLAY_NAME = "MindSpore (msjax on JAX)"


def kernel_spec_dict(python: str | None = None) -> dict:
    """The kernel.json of the `mindspore` kernel, started by the given (default: this) Python."""
    return {
        "argv": [python or sys.executable, "-m", "msjax._src.compat.kernel",
                 "-f", "{connection_file}"],
        "display_name": DISPLAY_NAME,
        "language": "python",
        "metadata": _ipykernel_metadata(),
    }


def _ipykernel_metadata() -> dict:
    """What ipykernel declares about its kernel (debugger, transport encryption): msjax's kernel
    is ipykernel's, so it supports the same."""
    try:
        from ipykernel.kernelspec import get_kernel_dict
    except ImportError:
        return {"debugger": True}
    return dict(get_kernel_dict().get("metadata", {}))


def install_kernel_spec(user: bool = False, prefix: str | None = None) -> str:
    """Registers the `mindspore` kernelspec with Jupyter; returns the directory it went to.

    Like `python -m ipykernel install`: system-wide by default, in the user's Jupyter data
    directory with `user=True`, or under `prefix/share/jupyter/kernels`.
    """
    from jupyter_client.kernelspec import KernelSpecManager

    with tempfile.TemporaryDirectory() as staging:
        (pathlib.Path(staging) / "kernel.json").write_text(
            json.dumps(kernel_spec_dict(), indent=1) + "\n")
        _copy_ipykernel_logos(pathlib.Path(staging))
        return KernelSpecManager().install_kernel_spec(
            staging, kernel_name=KERNEL_NAME, user=user, prefix=prefix)


def _copy_ipykernel_logos(destination: pathlib.Path) -> None:
    """Jupyter shows a kernel's logo-*.png; the kernel is IPython's, so is the logo."""
    try:
        import ipykernel
    except ImportError:
        return
    resources = pathlib.Path(ipykernel.__file__).parent / "resources"
    for logo in resources.glob("logo-*.png"):
        (destination / logo.name).write_bytes(logo.read_bytes())


def msjax_kernel_spec():
    """The `mindspore` kernel as a jupyter_client KernelSpec, for a kernel started from here.

    When msjax is imported from a source tree rather than an installed package, the kernel's
    PYTHONPATH is given that tree, so the kernel runs the same msjax as the caller.
    """
    from jupyter_client.kernelspec import KernelSpec

    spec = kernel_spec_dict()
    root = _msjax_import_root()
    if root is not None:
        paths = [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        spec["env"] = {"PYTHONPATH": os.pathsep.join(paths)}
    return KernelSpec(resource_dir=os.path.dirname(__file__), **spec)


def _msjax_import_root() -> str | None:
    """The directory msjax was imported from, unless it is a site-packages directory."""
    msjax_dir = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    root = os.path.dirname(msjax_dir)
    site_dirs = {os.path.abspath(p) for p in site.getsitepackages() + [site.getusersitepackages()]}
    return None if root in site_dirs else root


def main() -> None:
    """Starts an IPython kernel with `import mindspore` answered by msjax."""
    install(force=True)
    from ipykernel.kernelapp import IPKernelApp

    IPKernelApp.launch_instance()


if __name__ == "__main__":
    main()
