"""`mindspore.scipy`: SciPy-style functions on Tensors, computed with `jax.scipy`."""
