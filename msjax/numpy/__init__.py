"""`mindspore.numpy`."""
