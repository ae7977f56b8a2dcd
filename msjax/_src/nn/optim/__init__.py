"""MindSpore's optimizers (`mindspore.nn.optim`): Cells whose states are named Parameters."""
