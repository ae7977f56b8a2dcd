"""The matplotlib.animation calls MindSpore's generative tutorials make, as no-ops (see __init__.py):
an animation of the figures drawn is made and "saved" without writing a file."""


class ArtistAnimation:
    def __init__(self, fig, artists, *args, **kwargs):
        self.fig, self.artists = fig, artists

    def save(self, filename, *args, **kwargs):
        return None
