"""Files written whole or not at all: `write_atomically`.

Every file msjax writes for later (checkpoints, exported programs, compile-cache entries, eager
programs) goes through here: the bytes go to a temporary file of a name no other writer uses, in
the destination's folder, which is flushed and `fsync`ed, given its final permissions and then
renamed over the destination with `os.replace` (atomic on POSIX and Windows), and the folder is
`fsync`ed so the rename itself survives a crash. A reader, or a process killed at any moment,
sees the old file or the new one, never part of one; two writers of one path each replace it
whole (the last rename wins) and neither removes the other's file; a failed write removes its
temporary file and leaves the old file as it was.
"""
from __future__ import annotations

import os
import tempfile

TEMPORARY_MARK = ".msjax-tmp-"  # in the names of temporary files: `.<name>.msjax-tmp-<random>`


def write_atomically(path, chunks, mode: int | None = None) -> None:
    """Write `chunks` (bytes, or an iterable of bytes) to `path` atomically (see the module doc).

    Args:
        path: the destination; an existing file there (even a read-only one) is replaced.
        chunks: the content.
        mode: the file's permission bits (e.g. 0o400 for MindSpore's read-only checkpoints); by
            default those a new file gets under the process's umask.
    """
    path = os.fspath(path)
    folder, name = os.path.split(os.path.abspath(path))
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}{TEMPORARY_MARK}")
    try:
        with os.fdopen(fd, "wb") as f:
            if isinstance(chunks, (bytes, bytearray, memoryview)):
                f.write(chunks)
            else:
                for chunk in chunks:
                    f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """Make a rename in `folder` durable (where the OS lets a folder be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
