from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider: str,
    *,
    return_to: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["returnTo"] = return_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/oidc/{provider}/start".format(provider=quote(str(provider), safe=""),),
        "params": params,
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

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

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
    return_to: str | Unset = UNSET,

) -> Response[Any | ErrorEnvelope]:
    """ Start signing in with an OpenID Connect provider (a browser redirect)

     Redirects to the provider’s authorization endpoint (code flow, PKCE S256, state, nonce) and sets a
    short-lived flow cookie. `returnTo`: a console path (`/app/…`) to land on after sign-in. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        provider=provider,
return_to=return_to,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,

) -> Any | ErrorEnvelope | None:
    """ Start signing in with an OpenID Connect provider (a browser redirect)

     Redirects to the provider’s authorization endpoint (code flow, PKCE S256, state, nonce) and sets a
    short-lived flow cookie. `returnTo`: a console path (`/app/…`) to land on after sign-in. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
     """


    return sync_detailed(
        provider=provider,
client=client,
return_to=return_to,

    ).parsed

async def asyncio_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,

) -> Response[Any | ErrorEnvelope]:
    """ Start signing in with an OpenID Connect provider (a browser redirect)

     Redirects to the provider’s authorization endpoint (code flow, PKCE S256, state, nonce) and sets a
    short-lived flow cookie. `returnTo`: a console path (`/app/…`) to land on after sign-in. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        provider=provider,
return_to=return_to,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    return_to: str | Unset = UNSET,

) -> Any | ErrorEnvelope | None:
    """ Start signing in with an OpenID Connect provider (a browser redirect)

     Redirects to the provider’s authorization endpoint (code flow, PKCE S256, state, nonce) and sets a
    short-lived flow cookie. `returnTo`: a console path (`/app/…`) to land on after sign-in. See
    docs/auth.md.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        provider (str):
        return_to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
     """


    return (await asyncio_detailed(
        provider=provider,
client=client,
return_to=return_to,

    )).parsed
