"""``tqdm.auto``: the same progress bars as the package's (see __init__.py)."""
from tqdm import tqdm, trange  # noqa: F401
