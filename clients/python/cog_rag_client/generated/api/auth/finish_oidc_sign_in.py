from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    provider: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/oidc/{provider}/callback".format(provider=quote(str(provider), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorEnvelope | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())



        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | ErrorEnvelope]:
    """ The OpenID Connect redirect URI: opens a session and returns to the console

     Register `<PUBLIC_URL>/api/auth/oidc/<id>/callback` at the provider. Checks state (flow cookie),
    exchanges the code with the PKCE verifier, verifies the ID token (issuer, audience, signature,
    expiry with clock tolerance, nonce), signs the user in (groups follow the directory) and redirects
    to the console with the refresh cookie set; on any refusal redirects to `/app/#signin_error=…`.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        provider=provider,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Any | ErrorEnvelope | None:
    """ The OpenID Connect redirect URI: opens a session and returns to the console

     Register `<PUBLIC_URL>/api/auth/oidc/<id>/callback` at the provider. Checks state (flow cookie),
    exchanges the code with the PKCE verifier, verifies the ID token (issuer, audience, signature,
    expiry with clock tolerance, nonce), signs the user in (groups follow the directory) and redirects
    to the console with the refresh cookie set; on any refusal redirects to `/app/#signin_error=…`.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
     """


    return sync_detailed(
        provider=provider,
client=client,

    ).parsed

async def asyncio_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | ErrorEnvelope]:
    """ The OpenID Connect redirect URI: opens a session and returns to the console

     Register `<PUBLIC_URL>/api/auth/oidc/<id>/callback` at the provider. Checks state (flow cookie),
    exchanges the code with the PKCE verifier, verifies the ID token (issuer, audience, signature,
    expiry with clock tolerance, nonce), signs the user in (groups follow the directory) and redirects
    to the console with the refresh cookie set; on any refusal redirects to `/app/#signin_error=…`.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        provider=provider,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Any | ErrorEnvelope | None:
    """ The OpenID Connect redirect URI: opens a session and returns to the console

     Register `<PUBLIC_URL>/api/auth/oidc/<id>/callback` at the provider. Checks state (flow cookie),
    exchanges the code with the PKCE verifier, verifies the ID token (issuer, audience, signature,
    expiry with clock tolerance, nonce), signs the user in (groups follow the directory) and redirects
    to the console with the refresh cookie set; on any refusal redirects to `/app/#signin_error=…`.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
     """


    return (await asyncio_detailed(
        provider=provider,
client=client,

    )).parsed
