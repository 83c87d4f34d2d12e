"""Who may change anything: the checks on every request that changes something (every POST),
so that only the server's own pages act (docs/serve.md, "Hosting a playtest").

Three checks, each enough on its own against a page of another site, as the well-kept
frameworks do it (Django's and Rails' CSRF protection):

- **The browser's word** (`refusal`, before the body is read): a ``Sec-Fetch-Site`` header
  other than ``same-origin`` or ``none`` (a page of another site, another port of this host
  included), an ``Origin`` naming another origin than the one the request came to, or
  ``Origin: null`` (a sandboxed frame, a page from a file) without ``Sec-Fetch-Site:
  same-origin`` is refused. Behind a TLS reverse proxy the origin's scheme is ``https``
  while the proxy talks ``http`` to us: uvicorn takes the scheme from the proxy's
  ``X-Forwarded-Proto`` when the proxy's address is trusted (``FORWARDED_ALLOW_IPS``; by
  default 127.0.0.1 and ::1), and the proxy must pass the ``Host`` header on.
- **The form's token** (`FormKeys.check`, once the body is parsed): every form of the server's
  pages carries a hidden field ``csrf``, an HMAC of the form's target path (so a seat's act
  form holds a token for that seat only) under a key kept in the data folder (``form-key``,
  mode 0600, so a restarted server takes the pages it served before). A page of another site
  cannot read our pages, so it cannot know the token. Clients without browser headers (curl,
  the test client) send the token they read from the page.

A refusal is a 403 naming what was wrong; nothing changes.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from artemis.web.session import Refused

#: The form field holding the page's token.
FIELD = "csrf"
#: The file of the data folder holding the key the tokens are made with.
KEY_NAME = "form-key"
#: ``Sec-Fetch-Site`` values of a request the server's own pages make (``none``: typed or
#: bookmarked by the user).
OWN_SITES = ("same-origin", "none")
#: The methods that change nothing, never checked.
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
_DEFAULT_PORTS = {"http": 80, "https": 443}


class FormKeys:
    """The tokens of the forms of the data folder ``folder``'s server: `token` makes one for a
    form's target path, `check` checks the one a request sent."""

    def __init__(self, folder: str | Path):
        self._key = _load_key(Path(folder) / KEY_NAME)

    def token(self, url: str) -> str:
        """The token of a form posting to ``url`` (a path; a query string is left out, the
        token is bound to the path)."""
        path = url.split("?", 1)[0]
        mac = hmac.new(self._key, b"artemis form\0" + path.encode("utf-8"), hashlib.sha256)
        return mac.hexdigest()[:40]

    def check(self, path: str, fields: dict[str, list[str]]) -> None:
        """Raise Refused (403) unless ``fields`` hold the token of a form posting to
        ``path`` (compared in constant time)."""
        sent = fields.get(FIELD) or []
        if not sent or not sent[0]:
            raise Refused(403, f"refused: the form's token (field '{FIELD}') is missing; only "
                          "the game's own pages may change anything here: open the page and "
                          "use its buttons (a program reads the token from the page's form)")
        if len(sent) > 1 or not hmac.compare_digest(
                sent[0].encode("utf-8", "surrogateescape"), self.token(path).encode()):
            raise Refused(403, f"refused: the form's token (field '{FIELD}') is not the one "
                          "this page's form carries: a form of another site, or a page from "
                          "before the server's data folder changed; reload the page and try "
                          "again")


def _load_key(path: Path) -> bytes:
    """The key in ``path`` (64 hex digits), made and written (mode 0600, through a temporary
    file) when the file is missing or holds no such key."""
    key = _read_key(path)
    if key is not None:
        return key
    temp = path.with_name(f".{KEY_NAME}.{secrets.token_hex(4)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(secrets.token_bytes(32).hex() + "\n")
    try:
        if path.exists():
            os.replace(temp, path)  # not a key: replaced
        else:
            os.link(temp, path)  # two servers starting at once: the first one's key stands
    except FileExistsError:
        pass
    finally:
        temp.unlink(missing_ok=True)
    key = _read_key(path)
    if key is None:
        raise OSError(f"{path}: the form key cannot be written")
    return key


def _read_key(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
        return bytes.fromhex(text) if len(text) == 64 else None
    except (OSError, ValueError):
        return None


def refusal(scope) -> str | None:
    """Why the request of ASGI ``scope`` is refused before its body is read (a page of
    another site sent it, by its ``Sec-Fetch-Site`` or ``Origin`` header), or None. A
    request without these headers (not a browser's) goes on to the form's token."""
    if scope.get("method", "GET") in SAFE_METHODS:
        return None
    headers = {k.lower(): v for k, v in scope.get("headers", [])}
    site = headers.get(b"sec-fetch-site", b"").decode("latin-1").strip().lower()
    if site and site not in OWN_SITES:
        return (f"refused: a page of another site sent this request (Sec-Fetch-Site: "
                f"{site[:30]}); only the game's own pages may change anything here")
    raw = headers.get(b"origin")
    if raw is None:
        return None
    origin = raw.decode("latin-1").strip()
    if origin == "null":
        if site == "same-origin":  # the browser vouches for it: a page hiding its origin
            return None
        return ("refused: a page without an origin (Origin: null: a sandboxed frame or a "
                "file) sent this request; only the game's own pages may change anything here")
    here = _origin(scope.get("scheme", "http"), headers.get(b"host", b"").decode("latin-1"))
    there = _origin(*origin.split("://", 1)) if "://" in origin else None
    if there is None or there != here:
        shown = _shown(here) if here else "this server"
        hint = ""
        if there and here and there[1] == here[1] and there[0] != here[0]:
            hint = (" (behind a TLS proxy: have it send X-Forwarded-Proto, from an address "
                    "in FORWARDED_ALLOW_IPS; docs/serve.md, \"Hosting a playtest\")")
        return (f"refused: a page of another site ({origin[:80]}) sent this request, not "
                f"one of {shown}{hint}; only the game's own pages may change anything here")
    return None


def _origin(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, the port filled in for http and https; None when
    it is not one."""
    scheme = scheme.lower()
    try:
        split = urlsplit(f"{scheme}://{netloc}")
        port = split.port or _DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not split.hostname or port is None or split.path or split.query:
        return None
    return scheme, split.hostname.lower(), port


def _shown(origin: tuple[str, str, int]) -> str:
    scheme, host, port = origin
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" + ("" if _DEFAULT_PORTS.get(scheme) == port else f":{port}")
