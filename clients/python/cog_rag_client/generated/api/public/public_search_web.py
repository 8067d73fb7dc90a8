from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.public_search_web_request import PublicSearchWebRequest
from ...models.public_search_web_response import PublicSearchWebResponse
from typing import cast



def _get_kwargs(
    *,
    body: PublicSearchWebRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/public/search/web",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | PublicSearchWebResponse | None:
    if response.status_code == 200:
        response_200 = PublicSearchWebResponse.from_dict(response.json())



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

    if response.status_code == 502:
        response_502 = ErrorEnvelope.from_dict(response.json())



        return response_502

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | PublicSearchWebResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PublicSearchWebRequest,

) -> Response[ErrorEnvelope | PublicSearchWebResponse]:
    """ Web search for the widget

     Searches the web through the configured provider (a self-hosted SearXNG at `SEARXNG_URL`). Not
    configured: 503 SERVICE_UNAVAILABLE. The provider unreachable, slow (`WEB_SEARCH_TIMEOUT_MS`),
    oversized or malformed: 502 BAD_GATEWAY.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        body (PublicSearchWebRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PublicSearchWebResponse]
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
    client: AuthenticatedClient,
    body: PublicSearchWebRequest,

) -> ErrorEnvelope | PublicSearchWebResponse | None:
    """ Web search for the widget

     Searches the web through the configured provider (a self-hosted SearXNG at `SEARXNG_URL`). Not
    configured: 503 SERVICE_UNAVAILABLE. The provider unreachable, slow (`WEB_SEARCH_TIMEOUT_MS`),
    oversized or malformed: 502 BAD_GATEWAY.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        body (PublicSearchWebRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PublicSearchWebResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PublicSearchWebRequest,

) -> Response[ErrorEnvelope | PublicSearchWebResponse]:
    """ Web search for the widget

     Searches the web through the configured provider (a self-hosted SearXNG at `SEARXNG_URL`). Not
    configured: 503 SERVICE_UNAVAILABLE. The provider unreachable, slow (`WEB_SEARCH_TIMEOUT_MS`),
    oversized or malformed: 502 BAD_GATEWAY.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        body (PublicSearchWebRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PublicSearchWebResponse]
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
    client: AuthenticatedClient,
    body: PublicSearchWebRequest,

) -> ErrorEnvelope | PublicSearchWebResponse | None:
    """ Web search for the widget

     Searches the web through the configured provider (a self-hosted SearXNG at `SEARXNG_URL`). Not
    configured: 503 SERVICE_UNAVAILABLE. The provider unreachable, slow (`WEB_SEARCH_TIMEOUT_MS`),
    oversized or malformed: 502 BAD_GATEWAY.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        body (PublicSearchWebRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PublicSearchWebResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
