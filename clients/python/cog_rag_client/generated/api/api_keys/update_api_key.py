from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.update_api_key_request import UpdateApiKeyRequest
from ...models.update_api_key_response import UpdateApiKeyResponse
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: UpdateApiKeyRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/api-keys/{id}".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | UpdateApiKeyResponse | None:
    if response.status_code == 200:
        response_200 = UpdateApiKeyResponse.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())



        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | UpdateApiKeyResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateApiKeyRequest,

) -> Response[ErrorEnvelope | UpdateApiKeyResponse]:
    """ Change a key's name, domains or https requirement

     Changes a key’s name, authorized domains, `requireHttps`, topics, signed-visitor settings or
    `allowOriginals` without replacing the key; fields left out keep their value. A `visitorJwksUrl` is
    checked when set, by the policy webhook URLs are checked by (400 `VALIDATION_ERROR`, field
    `visitorJwksUrl`). Takes effect at once on every replica. Another company’s key is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UpdateApiKeyResponse]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateApiKeyRequest,

) -> ErrorEnvelope | UpdateApiKeyResponse | None:
    """ Change a key's name, domains or https requirement

     Changes a key’s name, authorized domains, `requireHttps`, topics, signed-visitor settings or
    `allowOriginals` without replacing the key; fields left out keep their value. A `visitorJwksUrl` is
    checked when set, by the policy webhook URLs are checked by (400 `VALIDATION_ERROR`, field
    `visitorJwksUrl`). Takes effect at once on every replica. Another company’s key is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UpdateApiKeyResponse
     """


    return sync_detailed(
        id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateApiKeyRequest,

) -> Response[ErrorEnvelope | UpdateApiKeyResponse]:
    """ Change a key's name, domains or https requirement

     Changes a key’s name, authorized domains, `requireHttps`, topics, signed-visitor settings or
    `allowOriginals` without replacing the key; fields left out keep their value. A `visitorJwksUrl` is
    checked when set, by the policy webhook URLs are checked by (400 `VALIDATION_ERROR`, field
    `visitorJwksUrl`). Takes effect at once on every replica. Another company’s key is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UpdateApiKeyResponse]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateApiKeyRequest,

) -> ErrorEnvelope | UpdateApiKeyResponse | None:
    """ Change a key's name, domains or https requirement

     Changes a key’s name, authorized domains, `requireHttps`, topics, signed-visitor settings or
    `allowOriginals` without replacing the key; fields left out keep their value. A `visitorJwksUrl` is
    checked when set, by the policy webhook URLs are checked by (400 `VALIDATION_ERROR`, field
    `visitorJwksUrl`). Takes effect at once on every replica. Another company’s key is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UpdateApiKeyResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
