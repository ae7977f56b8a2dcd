"""`mindspore.communication` and the parallel context on JAX's distributed runtime."""
