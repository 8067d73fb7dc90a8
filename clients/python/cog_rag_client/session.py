"""A signed-in user's tokens, renewed on a 401 with one refresh shared by concurrent calls."""

import asyncio
import threading
from collections.abc import AsyncGenerator, Callable, Generator

import httpx

from .generated import AuthenticatedClient


class SessionEnded(Exception):
    """The server refused the refresh (the session ended or was revoked): sign in again."""


class TokenSession(httpx.Auth):
    """httpx authentication that sends ``Authorization: Bearer <access token>`` and, when a request
    answers 401, renews the pair with ``POST /api/auth/refresh`` and sends the request once more.

    Refreshes are serialised: threads (or tasks) that hit a 401 together wait on one lock, one of
    them refreshes, and the others see the token has changed and retry with the new one. The server
    rotates the refresh token on every refresh and ends the session when a rotated one is presented
    again (docs/auth.md), so two refreshes with one token must never happen. One ``TokenSession``
    per signed-in user; share it between clients (:func:`session_client`). ``on_tokens`` is called
    with ``(access_token, refresh_token)`` after each refresh, e.g. to store the new pair.
    """

    # The body is read before the flow so a request can be sent again after a 401 (uploads too).
    requires_request_body = True

    def __init__(
        self,
        base_url: str,
        access_token: str,
        refresh_token: str,
        *,
        on_tokens: Callable[[str, str], None] | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.access_token = access_token
        self.refresh_token = refresh_token
        self.on_tokens = on_tokens
        self._thread_lock = threading.Lock()
        self._task_lock: asyncio.Lock | None = None

    @classmethod
    def login(
        cls, base_url: str, email: str, password: str, *, on_tokens: Callable[[str, str], None] | None = None
    ) -> "TokenSession":
        """Signs in with ``POST /api/auth/login``. Raises SessionEnded when the sign-in is refused."""
        response = httpx.post(f"{base_url.rstrip('/')}/api/auth/login", json={"email": email, "password": password})
        access, refresh = _tokens(response)
        return cls(base_url, access, refresh, on_tokens=on_tokens)

    def _refresh_request(self) -> httpx.Request:
        return httpx.Request("POST", f"{self.base_url}/api/auth/refresh", json={"refreshToken": self.refresh_token})

    def _store(self, response: httpx.Response) -> None:
        self.access_token, self.refresh_token = _tokens(response)
        if self.on_tokens:
            self.on_tokens(self.access_token, self.refresh_token)

    def _is_auth_route(self, request: httpx.Request) -> bool:
        """Sign-in and refresh take no access token: a 401 there is the answer, not an expired token."""
        return request.url.path.rstrip("/") in ("/api/auth/login", "/api/auth/refresh", "/api/auth/register")

    def sync_auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        sent = self.access_token
        request.headers["Authorization"] = f"Bearer {sent}"
        response = yield request
        if response.status_code != 401 or self._is_auth_route(request):
            return
        with self._thread_lock:
            if self.access_token == sent:  # nobody refreshed since this request was sent
                refreshed = yield self._refresh_request()
                refreshed.read()
                self._store(refreshed)
        request.headers["Authorization"] = f"Bearer {self.access_token}"
        yield request

    async def async_auth_flow(self, request: httpx.Request) -> AsyncGenerator[httpx.Request, httpx.Response]:
        if self._task_lock is None:
            self._task_lock = asyncio.Lock()
        sent = self.access_token
        request.headers["Authorization"] = f"Bearer {sent}"
        response = yield request
        if response.status_code != 401 or self._is_auth_route(request):
            return
        async with self._task_lock:
            if self.access_token == sent:
                refreshed = yield self._refresh_request()
                await refreshed.aread()
                self._store(refreshed)
        request.headers["Authorization"] = f"Bearer {self.access_token}"
        yield request


def _tokens(response: httpx.Response) -> tuple[str, str]:
    """``(accessToken, refreshToken)`` of a login or refresh answer; raises SessionEnded otherwise."""
    body = response.json() if response.headers.get("content-type", "").startswith("application/json") else None
    data = body.get("data") if isinstance(body, dict) else None
    if response.status_code != 200 or not isinstance(data, dict):
        code = body.get("error", {}).get("code") if isinstance(body, dict) else None
        raise SessionEnded(f"HTTP {response.status_code} {code or ''}".strip())
    access, refresh = data.get("accessToken"), data.get("refreshToken")
    if not isinstance(access, str) or not isinstance(refresh, str):
        raise SessionEnded("no token pair in the answer")
    return access, refresh


def session_client(session: TokenSession, *, timeout: float = 120.0) -> AuthenticatedClient:
    """An AuthenticatedClient for the generated operations that sends ``session``'s token and
    refreshes it on a 401 (serialised). ``timeout`` in seconds: an answer can take a while."""
    return AuthenticatedClient(
        base_url=session.base_url,
        token=session.access_token,
        timeout=httpx.Timeout(timeout),
        httpx_args={"auth": session},
    )
