"""The `msjax` command: `msjax coverage` (and, later, `msjax run`, `msjax kernel`)."""
from __future__ import annotations

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="msjax", description="MindSpore's Python API on JAX.")
    sub = parser.add_subparsers(dest="command", required=True)
    cov = sub.add_parser("coverage", help="compare msjax's public names with MindSpore 2.10's")
    cov.add_argument("--api", default=None, help="path of mindspore_2.10_api.json")
    cov.add_argument("--write", default=None, help="write the Markdown table to this file")
    args = parser.parse_args(argv)
    if args.command == "coverage":
        from msjax._src.coverage import run_coverage
        return run_coverage(args.api, args.write)
    return 2


if __name__ == "__main__":
    sys.exit(main())
