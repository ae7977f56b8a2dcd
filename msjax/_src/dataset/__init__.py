"""`mindspore.dataset` on Grain: MindSpore's pipeline API mapped onto Grain datasets."""
