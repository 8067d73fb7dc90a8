from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.sign_in_with_microsoft_request import SignInWithMicrosoftRequest
from ...models.sign_in_with_microsoft_response import SignInWithMicrosoftResponse
from ...models.sign_in_with_microsoft_x_refresh_cookie import SignInWithMicrosoftXRefreshCookie
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: SignInWithMicrosoftRequest,
    x_refresh_cookie: SignInWithMicrosoftXRefreshCookie | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_refresh_cookie, Unset):
        headers["x-refresh-cookie"] = str(x_refresh_cookie)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/microsoft",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | SignInWithMicrosoftResponse | None:
    if response.status_code == 200:
        response_200 = SignInWithMicrosoftResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())



        return response_413

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | SignInWithMicrosoftResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignInWithMicrosoftRequest,
    x_refresh_cookie: SignInWithMicrosoftXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | SignInWithMicrosoftResponse]:
    """ Sign in with a Microsoft Graph access token (scope User.Read; answers like login)

     See docs/auth.md: tenant from Graph /organization, MICROSOFT_ALLOWED_TENANTS.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithMicrosoftXRefreshCookie | Unset):
        body (SignInWithMicrosoftRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SignInWithMicrosoftResponse]
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
    body: SignInWithMicrosoftRequest,
    x_refresh_cookie: SignInWithMicrosoftXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | SignInWithMicrosoftResponse | None:
    """ Sign in with a Microsoft Graph access token (scope User.Read; answers like login)

     See docs/auth.md: tenant from Graph /organization, MICROSOFT_ALLOWED_TENANTS.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithMicrosoftXRefreshCookie | Unset):
        body (SignInWithMicrosoftRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SignInWithMicrosoftResponse
     """


    return sync_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignInWithMicrosoftRequest,
    x_refresh_cookie: SignInWithMicrosoftXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | SignInWithMicrosoftResponse]:
    """ Sign in with a Microsoft Graph access token (scope User.Read; answers like login)

     See docs/auth.md: tenant from Graph /organization, MICROSOFT_ALLOWED_TENANTS.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithMicrosoftXRefreshCookie | Unset):
        body (SignInWithMicrosoftRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SignInWithMicrosoftResponse]
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
    body: SignInWithMicrosoftRequest,
    x_refresh_cookie: SignInWithMicrosoftXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | SignInWithMicrosoftResponse | None:
    """ Sign in with a Microsoft Graph access token (scope User.Read; answers like login)

     See docs/auth.md: tenant from Graph /organization, MICROSOFT_ALLOWED_TENANTS.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithMicrosoftXRefreshCookie | Unset):
        body (SignInWithMicrosoftRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SignInWithMicrosoftResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    )).parsed
