"""`mindspore._c_expression.security`."""
from msjax._src.core.context import security_enabled as enable_security  # noqa: F401
