from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.refresh_token_request import RefreshTokenRequest
from ...models.refresh_token_response import RefreshTokenResponse
from ...models.refresh_token_x_refresh_cookie import RefreshTokenXRefreshCookie
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: RefreshTokenRequest,
    x_refresh_cookie: RefreshTokenXRefreshCookie | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_refresh_cookie, Unset):
        headers["x-refresh-cookie"] = str(x_refresh_cookie)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/refresh",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | RefreshTokenResponse | None:
    if response.status_code == 200:
        response_200 = RefreshTokenResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())



        return response_413

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())



        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | RefreshTokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenRequest,
    x_refresh_cookie: RefreshTokenXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | RefreshTokenResponse]:
    """ Rotate the refresh token and get a new access token

     Exchanges a refresh token for a new access token and a new refresh token; the old refresh token
    stops working (rotation). Reusing a rotated token ends the session (401). Browser clients may send
    no body and `X-Refresh-Cookie: 1`: the token is then read from, and rotated in, the httpOnly cookie
    (docs/console.md).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        x_refresh_cookie (RefreshTokenXRefreshCookie | Unset):
        body (RefreshTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RefreshTokenResponse]
     """


    kwargs = _get_kwargs(
        body=body,
x_refresh_cookie=x_refresh_cookie,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenRequest,
    x_refresh_cookie: RefreshTokenXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | RefreshTokenResponse | None:
    """ Rotate the refresh token and get a new access token

     Exchanges a refresh token for a new access token and a new refresh token; the old refresh token
    stops working (rotation). Reusing a rotated token ends the session (401). Browser clients may send
    no body and `X-Refresh-Cookie: 1`: the token is then read from, and rotated in, the httpOnly cookie
    (docs/console.md).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        x_refresh_cookie (RefreshTokenXRefreshCookie | Unset):
        body (RefreshTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RefreshTokenResponse
     """


    return sync_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenRequest,
    x_refresh_cookie: RefreshTokenXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | RefreshTokenResponse]:
    """ Rotate the refresh token and get a new access token

     Exchanges a refresh token for a new access token and a new refresh token; the old refresh token
    stops working (rotation). Reusing a rotated token ends the session (401). Browser clients may send
    no body and `X-Refresh-Cookie: 1`: the token is then read from, and rotated in, the httpOnly cookie
    (docs/console.md).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        x_refresh_cookie (RefreshTokenXRefreshCookie | Unset):
        body (RefreshTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RefreshTokenResponse]
     """


    kwargs = _get_kwargs(
        body=body,
x_refresh_cookie=x_refresh_cookie,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenRequest,
    x_refresh_cookie: RefreshTokenXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | RefreshTokenResponse | None:
    """ Rotate the refresh token and get a new access token

     Exchanges a refresh token for a new access token and a new refresh token; the old refresh token
    stops working (rotation). Reusing a rotated token ends the session (401). Browser clients may send
    no body and `X-Refresh-Cookie: 1`: the token is then read from, and rotated in, the httpOnly cookie
    (docs/console.md).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        x_refresh_cookie (RefreshTokenXRefreshCookie | Unset):
        body (RefreshTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RefreshTokenResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    )).parsed
