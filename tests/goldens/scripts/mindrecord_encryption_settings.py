"""MindSpore 2.10's checks of mindrecord.set_enc_key / set_enc_mode / set_dec_mode arguments
(msjax refuses a real key with NotImplementedError, so the cases here are None and bad input).
Regenerate (from the project root) with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/mindrecord_encryption_settings.py \
        | grep " -> " > tests/goldens/dataset/mindrecord/encryption_settings.txt
"""
from mindspore.mindrecord import set_dec_mode, set_enc_key, set_enc_mode

CASES = [("set_enc_key", set_enc_key, (None,)), ("set_enc_key", set_enc_key, (123,)),
         ("set_enc_key", set_enc_key, (b"0123456789012345",)),
         ("set_enc_key", set_enc_key, ("short",)), ("set_enc_key", set_enc_key, ("",)),
         ("set_enc_key", set_enc_key, ("x" * 17,)),
         ("set_enc_mode", set_enc_mode, ()), ("set_enc_mode", set_enc_mode, ("AES-GCM",)),
         ("set_enc_mode", set_enc_mode, ("SM4-CBC",)), ("set_enc_mode", set_enc_mode, (None,)),
         ("set_enc_mode", set_enc_mode, (1,)), ("set_enc_mode", set_enc_mode, (print,)),
         ("set_dec_mode", set_dec_mode, ()), ("set_dec_mode", set_dec_mode, (None,)),
         ("set_dec_mode", set_dec_mode, ("aes-gcm",)), ("set_dec_mode", set_dec_mode, (1,)),
         ("set_dec_mode", set_dec_mode, (print,))]
for name, function, arguments in CASES:
    try:
        result = repr(function(*arguments))
    except Exception as error:  # pylint: disable=broad-except
        result = f"{type(error).__name__} {error}"
    print(f"{name}{tuple(a if a is not print else 'print' for a in arguments)} -> {result}")
set_enc_mode()
set_dec_mode(None)
