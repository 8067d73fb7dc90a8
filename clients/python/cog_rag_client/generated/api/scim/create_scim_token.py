from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_scim_token_request import CreateScimTokenRequest
from ...models.create_scim_token_response import CreateScimTokenResponse
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateScimTokenRequest,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/scim-tokens",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreateScimTokenResponse | ErrorEnvelope | None:
    if response.status_code == 201:
        response_201 = CreateScimTokenResponse.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreateScimTokenResponse | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateScimTokenRequest,
    idempotency_key: str | Unset = UNSET,

) -> Response[CreateScimTokenResponse | ErrorEnvelope]:
    """ Create a SCIM token; the token is in this response only

     A bearer token (`scim_…`, 256 random bits) for an identity provider’s provisioning (Okta, Entra ID)
    at `/scim/v2`. It sees only this company’s users and groups.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (CreateScimTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateScimTokenResponse | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: CreateScimTokenRequest,
    idempotency_key: str | Unset = UNSET,

) -> CreateScimTokenResponse | ErrorEnvelope | None:
    """ Create a SCIM token; the token is in this response only

     A bearer token (`scim_…`, 256 random bits) for an identity provider’s provisioning (Okta, Entra ID)
    at `/scim/v2`. It sees only this company’s users and groups.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (CreateScimTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateScimTokenResponse | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateScimTokenRequest,
    idempotency_key: str | Unset = UNSET,

) -> Response[CreateScimTokenResponse | ErrorEnvelope]:
    """ Create a SCIM token; the token is in this response only

     A bearer token (`scim_…`, 256 random bits) for an identity provider’s provisioning (Okta, Entra ID)
    at `/scim/v2`. It sees only this company’s users and groups.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (CreateScimTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateScimTokenResponse | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateScimTokenRequest,
    idempotency_key: str | Unset = UNSET,

) -> CreateScimTokenResponse | ErrorEnvelope | None:
    """ Create a SCIM token; the token is in this response only

     A bearer token (`scim_…`, 256 random bits) for an identity provider’s provisioning (Okta, Entra ID)
    at `/scim/v2`. It sees only this company’s users and groups.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (CreateScimTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateScimTokenResponse | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
