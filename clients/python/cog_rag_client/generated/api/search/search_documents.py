from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.search_documents_request import SearchDocumentsRequest
from ...models.search_documents_response import SearchDocumentsResponse
from typing import cast



def _get_kwargs(
    *,
    body: SearchDocumentsRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/search",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | SearchDocumentsResponse | None:
    if response.status_code == 200:
        response_200 = SearchDocumentsResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | SearchDocumentsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SearchDocumentsRequest,

) -> Response[ErrorEnvelope | SearchDocumentsResponse]:
    """ Search the company’s documents: the best-matching chunks, without generating an answer

     Runs the retriever chat uses, restricted to the caller’s company (and topic when given). Returns
    chunks best first with what a citation needs. `mode` defaults to hybrid; `rerank` falls back to
    hybrid when no cross-encoder is configured, and `data.mode` says what ran.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        body (SearchDocumentsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SearchDocumentsResponse]
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
    body: SearchDocumentsRequest,

) -> ErrorEnvelope | SearchDocumentsResponse | None:
    """ Search the company’s documents: the best-matching chunks, without generating an answer

     Runs the retriever chat uses, restricted to the caller’s company (and topic when given). Returns
    chunks best first with what a citation needs. `mode` defaults to hybrid; `rerank` falls back to
    hybrid when no cross-encoder is configured, and `data.mode` says what ran.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        body (SearchDocumentsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SearchDocumentsResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SearchDocumentsRequest,

) -> Response[ErrorEnvelope | SearchDocumentsResponse]:
    """ Search the company’s documents: the best-matching chunks, without generating an answer

     Runs the retriever chat uses, restricted to the caller’s company (and topic when given). Returns
    chunks best first with what a citation needs. `mode` defaults to hybrid; `rerank` falls back to
    hybrid when no cross-encoder is configured, and `data.mode` says what ran.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        body (SearchDocumentsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SearchDocumentsResponse]
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
    body: SearchDocumentsRequest,

) -> ErrorEnvelope | SearchDocumentsResponse | None:
    """ Search the company’s documents: the best-matching chunks, without generating an answer

     Runs the retriever chat uses, restricted to the caller’s company (and topic when given). Returns
    chunks best first with what a citation needs. `mode` defaults to hybrid; `rerank` falls back to
    hybrid when no cross-encoder is configured, and `data.mode` says what ran.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        body (SearchDocumentsRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SearchDocumentsResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
