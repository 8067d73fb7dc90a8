from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.forgot_password_request import ForgotPasswordRequest
from ...models.forgot_password_response import ForgotPasswordResponse
from typing import cast



def _get_kwargs(
    *,
    body: ForgotPasswordRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/forgot-password",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ForgotPasswordResponse | None:
    if response.status_code == 202:
        response_202 = ForgotPasswordResponse.from_dict(response.json())



        return response_202

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ForgotPasswordResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordRequest,

) -> Response[ErrorEnvelope | ForgotPasswordResponse]:
    """ E-mail a one-time link to choose a new password (same answer for every address)

     Always 202 with the same message, whether or not the address has an account (no account
    enumeration). With SMTP_URL set and an enabled user with a password, a link valid
    PASSWORD_RESET_TTL_MINUTES is e-mailed (at most one a minute, five an hour per address). Without
    SMTP_URL nothing is sent: an admin issues the link.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (ForgotPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ForgotPasswordResponse]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordRequest,

) -> ErrorEnvelope | ForgotPasswordResponse | None:
    """ E-mail a one-time link to choose a new password (same answer for every address)

     Always 202 with the same message, whether or not the address has an account (no account
    enumeration). With SMTP_URL set and an enabled user with a password, a link valid
    PASSWORD_RESET_TTL_MINUTES is e-mailed (at most one a minute, five an hour per address). Without
    SMTP_URL nothing is sent: an admin issues the link.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (ForgotPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ForgotPasswordResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordRequest,

) -> Response[ErrorEnvelope | ForgotPasswordResponse]:
    """ E-mail a one-time link to choose a new password (same answer for every address)

     Always 202 with the same message, whether or not the address has an account (no account
    enumeration). With SMTP_URL set and an enabled user with a password, a link valid
    PASSWORD_RESET_TTL_MINUTES is e-mailed (at most one a minute, five an hour per address). Without
    SMTP_URL nothing is sent: an admin issues the link.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (ForgotPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ForgotPasswordResponse]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordRequest,

) -> ErrorEnvelope | ForgotPasswordResponse | None:
    """ E-mail a one-time link to choose a new password (same answer for every address)

     Always 202 with the same message, whether or not the address has an account (no account
    enumeration). With SMTP_URL set and an enabled user with a password, a link valid
    PASSWORD_RESET_TTL_MINUTES is e-mailed (at most one a minute, five an hour per address). Without
    SMTP_URL nothing is sent: an admin issues the link.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (ForgotPasswordRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ForgotPasswordResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
