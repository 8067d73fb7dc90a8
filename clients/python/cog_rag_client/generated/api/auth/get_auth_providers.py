from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.get_auth_providers_response import GetAuthProvidersResponse
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/providers",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | GetAuthProvidersResponse | None:
    if response.status_code == 200:
        response_200 = GetAuthProvidersResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | GetAuthProvidersResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorEnvelope | GetAuthProvidersResponse]:
    """ Which sign-in providers are configured

     The sign-in methods this server accepts: password always, Google when GOOGLE_CLIENT_ID is set,
    Microsoft when MICROSOFT_ALLOWED_TENANTS is set, one entry per OpenID Connect provider of
    OIDC_PROVIDERS. Client ids are public values.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetAuthProvidersResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorEnvelope | GetAuthProvidersResponse | None:
    """ Which sign-in providers are configured

     The sign-in methods this server accepts: password always, Google when GOOGLE_CLIENT_ID is set,
    Microsoft when MICROSOFT_ALLOWED_TENANTS is set, one entry per OpenID Connect provider of
    OIDC_PROVIDERS. Client ids are public values.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetAuthProvidersResponse
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorEnvelope | GetAuthProvidersResponse]:
    """ Which sign-in providers are configured

     The sign-in methods this server accepts: password always, Google when GOOGLE_CLIENT_ID is set,
    Microsoft when MICROSOFT_ALLOWED_TENANTS is set, one entry per OpenID Connect provider of
    OIDC_PROVIDERS. Client ids are public values.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetAuthProvidersResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorEnvelope | GetAuthProvidersResponse | None:
    """ Which sign-in providers are configured

     The sign-in methods this server accepts: password always, Google when GOOGLE_CLIENT_ID is set,
    Microsoft when MICROSOFT_ALLOWED_TENANTS is set, one entry per OpenID Connect provider of
    OIDC_PROVIDERS. Client ids are public values.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetAuthProvidersResponse
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
