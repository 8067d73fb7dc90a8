from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.sign_in_with_ldap_request import SignInWithLdapRequest
from ...models.sign_in_with_ldap_response import SignInWithLdapResponse
from ...models.sign_in_with_ldap_x_refresh_cookie import SignInWithLdapXRefreshCookie
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: SignInWithLdapRequest,
    x_refresh_cookie: SignInWithLdapXRefreshCookie | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_refresh_cookie, Unset):
        headers["x-refresh-cookie"] = str(x_refresh_cookie)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/ldap",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | SignInWithLdapResponse | None:
    if response.status_code == 200:
        response_200 = SignInWithLdapResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | SignInWithLdapResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignInWithLdapRequest,
    x_refresh_cookie: SignInWithLdapXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | SignInWithLdapResponse]:
    """ Sign in with a directory (LDAP / Active Directory) account (answers like login)

     Binds to the directory as the user (directly, or after a search with the service account), then
    signs in like the other providers: linked account, same e-mail, or the company of LDAP_CONFIG
    companyId / the proven domain claim. Groups and role follow the directory. Wrong name or password:
    401 (one message); 503 when LDAP is not configured or the directory cannot be reached. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithLdapXRefreshCookie | Unset):
        body (SignInWithLdapRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SignInWithLdapResponse]
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
    body: SignInWithLdapRequest,
    x_refresh_cookie: SignInWithLdapXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | SignInWithLdapResponse | None:
    """ Sign in with a directory (LDAP / Active Directory) account (answers like login)

     Binds to the directory as the user (directly, or after a search with the service account), then
    signs in like the other providers: linked account, same e-mail, or the company of LDAP_CONFIG
    companyId / the proven domain claim. Groups and role follow the directory. Wrong name or password:
    401 (one message); 503 when LDAP is not configured or the directory cannot be reached. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithLdapXRefreshCookie | Unset):
        body (SignInWithLdapRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SignInWithLdapResponse
     """


    return sync_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignInWithLdapRequest,
    x_refresh_cookie: SignInWithLdapXRefreshCookie | Unset = UNSET,

) -> Response[ErrorEnvelope | SignInWithLdapResponse]:
    """ Sign in with a directory (LDAP / Active Directory) account (answers like login)

     Binds to the directory as the user (directly, or after a search with the service account), then
    signs in like the other providers: linked account, same e-mail, or the company of LDAP_CONFIG
    companyId / the proven domain claim. Groups and role follow the directory. Wrong name or password:
    401 (one message); 503 when LDAP is not configured or the directory cannot be reached. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithLdapXRefreshCookie | Unset):
        body (SignInWithLdapRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SignInWithLdapResponse]
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
    body: SignInWithLdapRequest,
    x_refresh_cookie: SignInWithLdapXRefreshCookie | Unset = UNSET,

) -> ErrorEnvelope | SignInWithLdapResponse | None:
    """ Sign in with a directory (LDAP / Active Directory) account (answers like login)

     Binds to the directory as the user (directly, or after a search with the service account), then
    signs in like the other providers: linked account, same e-mail, or the company of LDAP_CONFIG
    companyId / the proven domain claim. Groups and role follow the directory. Wrong name or password:
    401 (one message); 503 when LDAP is not configured or the directory cannot be reached. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        x_refresh_cookie (SignInWithLdapXRefreshCookie | Unset):
        body (SignInWithLdapRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SignInWithLdapResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_refresh_cookie=x_refresh_cookie,

    )).parsed
