"""`mindspore.nn.probability`: distributions (`distribution.py`) and bijectors (`bijector.py`)."""
