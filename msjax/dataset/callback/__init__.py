"""`mindspore.dataset.callback`: callbacks a `Dataset.map` runs as rows pass (implementation in
msjax/_src/dataset/callbacks.py)."""
# ruff: noqa: F401
from msjax._src.dataset.callbacks import DSCallback as DSCallback
from msjax._src.dataset.callbacks import WaitedDSCallback as WaitedDSCallback
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
