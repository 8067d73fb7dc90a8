from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.reset_password_request import ResetPasswordRequest
from ...models.reset_password_response import ResetPasswordResponse
from ...models.reset_password_x_refresh_cookie import ResetPasswordXRefreshCookie
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: ResetPasswordRequest,
    x_refresh_cookie: ResetPasswordXRefreshCookie | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_refresh_cookie, Unset):
        headers["x-refresh-cookie"] = str(x_refresh_cookie)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/reset-password",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ResetPasswordResponse | None:
    if response.status_code == 200:
        response_200 = ResetPasswordResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ResetPasswordResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ResetPasswordRequest,
    x_refresh_cookie: ResetPasswordXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | ResetPasswordResponse]:
    """ Choose a new password with a one-time reset link, and sign in (answers like login)

     Redeems the token of an e-mailed or admin-issued link once: the password is set, every other session
    of the user ends, and a new session opens. An unknown, used or expired token is 401.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (ResetPasswordXRefreshCookie | Unset):
        body (ResetPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ResetPasswordResponse]
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
    body: ResetPasswordRequest,
    x_refresh_cookie: ResetPasswordXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | ResetPasswordResponse | None:
    """ Choose a new password with a one-time reset link, and sign in (answers like login)

     Redeems the token of an e-mailed or admin-issued link once: the password is set, every other session
    of the user ends, and a new session opens. An unknown, used or expired token is 401.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (ResetPasswordXRefreshCookie | Unset):
        body (ResetPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ResetPasswordResponse
     """


    return sync_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ResetPasswordRequest,
    x_refresh_cookie: ResetPasswordXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | ResetPasswordResponse]:
    """ Choose a new password with a one-time reset link, and sign in (answers like login)

     Redeems the token of an e-mailed or admin-issued link once: the password is set, every other session
    of the user ends, and a new session opens. An unknown, used or expired token is 401.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (ResetPasswordXRefreshCookie | Unset):
        body (ResetPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ResetPasswordResponse]
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
    body: ResetPasswordRequest,
    x_refresh_cookie: ResetPasswordXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | ResetPasswordResponse | None:
    """ Choose a new password with a one-time reset link, and sign in (answers like login)

     Redeems the token of an e-mailed or admin-issued link once: the password is set, every other session
    of the user ends, and a new session opens. An unknown, used or expired token is 401.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (ResetPasswordXRefreshCookie | Unset):
        body (ResetPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ResetPasswordResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    )).parsed
