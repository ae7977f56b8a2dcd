"""`mindspore.mindrecord.set_enc_key`, `set_enc_mode`, `set_dec_mode`: MindRecord encryption's
settings, checked as MindSpore 2.10 checks them.

msjax writes and reads unencrypted MindRecord files only: MindSpore encrypts each 64 MiB block
with AES-GCM in its C++ library, in a layout it does not document, so a file msjax encrypted
would not open in MindSpore, nor one of MindSpore's in msjax. `set_enc_key(None)` (no
encryption, the default) works; a key raises NotImplementedError (docs/migration.md).
"""
from __future__ import annotations

_MODES = ("AES-GCM",)
_settings = {"enc_mode": "AES-GCM", "dec_mode": None}


def set_enc_key(enc_key):
    """`set_enc_key(enc_key)`: None (no encryption) only; a 16, 24 or 32 character key is
    refused with NotImplementedError, MindSpore's errors for the others."""
    if enc_key is None:
        return
    if not isinstance(enc_key, str):
        raise ValueError("The input enc_key is not str.")
    if len(enc_key) not in (16, 24, 32):
        raise ValueError("The length of input enc_key is not 16, 24, 32.")
    raise NotImplementedError(
        "msjax does not encrypt or decrypt MindRecord files: MindSpore's AES-GCM block layout "
        "belongs to its C++ library and is not documented, so msjax could neither read MindSpore's "
        "encrypted files nor write ones MindSpore reads. Leave the key unset (None).")


def _mode(value, name):
    if callable(value):
        return value
    if not isinstance(value, str):
        raise ValueError(f"The input {name} is not str.")
    if value not in _MODES:
        raise ValueError(f"The input {name} is invalid.")
    return value


def set_enc_mode(enc_mode="AES-GCM"):
    """`set_enc_mode(enc_mode="AES-GCM")`: "AES-GCM" or a function (used only with a key)."""
    _settings["enc_mode"] = _mode(enc_mode, "enc_mode")


def set_dec_mode(dec_mode="AES-GCM"):
    """`set_dec_mode(dec_mode="AES-GCM")`: "AES-GCM", a function or None (used only with a key)."""
    _settings["dec_mode"] = None if dec_mode is None else _mode(dec_mode, "dec_mode")
