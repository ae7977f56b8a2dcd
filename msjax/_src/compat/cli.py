"""The `msjax` command: `msjax run`, `msjax msrun`, `msjax kernel install`, `msjax coverage`."""
from __future__ import annotations

import argparse
import sys

from msjax._src.compat import msrun
from msjax._src.compat.coverage import run_coverage
from msjax._src.compat.script_runner import run_script

_RUN_HELP = """\
Run a MindSpore script or notebook unchanged on msjax (`import mindspore` loads msjax).

  msjax run FILE.py [ARGS...]       like `python FILE.py ARGS...`: same __main__, sys.argv,
                                    exit status and tracebacks
  msjax run NOTEBOOK.ipynb [-o OUT.ipynb] [--allow-errors] [--timeout S]
                                    executes every cell in msjax's Jupyter kernel, printing
                                    outputs as they come, and writes the executed notebook
                                    (default NAME.out.ipynb)

exit status (notebooks): 0 all cells ran, 1 a cell failed, timed out or the kernel died,
2 the file is not a readable notebook, 130 interrupted (Ctrl-C).
"""


def _notebook_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", default=None, metavar="OUT.ipynb",
                        help="where to write the executed notebook (default: NAME.out.ipynb)")
    parser.add_argument("--allow-errors", action="store_true",
                        help="run every cell even after one fails, and exit 0")
    parser.add_argument("--timeout", type=int, default=None, metavar="S",
                        help="seconds each cell may run (default: no limit)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="msjax", description="MindSpore's Python API on JAX.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run a MindSpore script or notebook unchanged on msjax",
                         description=_RUN_HELP,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    _notebook_options(run)
    run.add_argument("file", metavar="FILE", help="a .py script or a .ipynb notebook")
    run.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                     help="a script's arguments, or a notebook's options")

    launcher = sub.add_parser("msrun", help="MindSpore's msrun: start a multi-process job",
                              description=msrun.__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    msrun.add_arguments(launcher)

    kernel = sub.add_parser("kernel", help="the `mindspore` Jupyter kernel (IPython on msjax)")
    kernel_sub = kernel.add_subparsers(dest="kernel_command", required=True)
    kernel_install = kernel_sub.add_parser(
        "install", help="register the `mindspore` kernelspec with Jupyter",
        description="Register the Jupyter kernel `mindspore` (display name \"MindSpore (msjax "
                    "on JAX)\"): notebooks whose metadata names it, as MindSpore's tutorials "
                    "do, then run on msjax. System-wide by default, like ipykernel install.")
    where = kernel_install.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true",
                       help="install for the current user (Jupyter's user data directory)")
    where.add_argument("--prefix", default=None, metavar="P",
                       help="install under P/share/jupyter/kernels (e.g. a virtualenv)")
    where.add_argument("--sys-prefix", action="store_true",
                       help="install under this Python's sys.prefix")

    cov = sub.add_parser("coverage", help="compare msjax's public names with MindSpore 2.10's")
    cov.add_argument("--api", default=None, help="path of mindspore_2.10_api.json")
    cov.add_argument("--write", default=None, help="write the Markdown table to this file")

    args = parser.parse_args(argv)
    if args.command == "run":
        return _run(run, args)
    if args.command == "msrun":
        return msrun.run(args)
    if args.command == "kernel":
        return _kernel_install(args)
    if args.command == "coverage":
        return run_coverage(args.api, args.write)
    return 2


def _run(run_parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.file.endswith(".ipynb"):
        options = argparse.ArgumentParser(prog="msjax run NOTEBOOK.ipynb")
        _notebook_options(options)
        late = options.parse_args(args.args)  # options may come before or after the notebook
        try:
            from msjax._src.compat.notebook_runner import run_notebook
        except ImportError as exc:
            print(f"msjax run: running notebooks needs Jupyter's nbclient, nbformat and "
                  f"ipykernel ({exc}); install them with `pip install nbclient nbformat "
                  f"ipykernel`", file=sys.stderr)
            return 2
        return run_notebook(args.file, output=late.output or args.output,
                            allow_errors=late.allow_errors or args.allow_errors,
                            timeout=late.timeout if late.timeout is not None else args.timeout)
    if args.output is not None or args.allow_errors or args.timeout is not None:
        run_parser.error("-o/--output, --allow-errors and --timeout are for notebooks; "
                         "a script's own options go after its name")
    return run_script(args.file, args.args)


def _kernel_install(args: argparse.Namespace) -> int:
    from msjax._src.compat.kernel import DISPLAY_NAME, KERNEL_NAME, install_kernel_spec
    prefix = sys.prefix if args.sys_prefix else args.prefix
    try:
        destination = install_kernel_spec(user=args.user, prefix=prefix)
    except ImportError as exc:
        print(f"msjax kernel install: needs jupyter_client and ipykernel ({exc})", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"msjax kernel install: {exc} (try --user or --prefix)", file=sys.stderr)
        return 1
    print(f"Installed kernelspec {KERNEL_NAME} ({DISPLAY_NAME}) in {destination}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
