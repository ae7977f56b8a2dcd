"""`python -m msjax ...` is the `msjax` command."""
import sys

from msjax._src.compat.cli import main

sys.exit(main())
