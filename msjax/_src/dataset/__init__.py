"""`mindspore.dataset` on Grain: MindSpore's pipeline API mapped onto Grain datasets."""
from msjax._src.dataset import batching, splitting, synchronising, transfer  # noqa: F401 (they fill engine.DATASET_KINDS)
