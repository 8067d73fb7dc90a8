from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.update_document_request import UpdateDocumentRequest
from ...models.update_document_response import UpdateDocumentResponse
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: UpdateDocumentRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/documents/{id}".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | UpdateDocumentResponse | None:
    if response.status_code == 200:
        response_200 = UpdateDocumentResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | UpdateDocumentResponse]:
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
    body: UpdateDocumentRequest,

) -> Response[ErrorEnvelope | UpdateDocumentResponse]:
    """ Rename a document or move it to another topic (null removes it from its topic)

     Renames a document or moves it to another topic; `topicId: null` removes it from its topic. An
    unknown topic is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UpdateDocumentResponse]
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
    body: UpdateDocumentRequest,

) -> ErrorEnvelope | UpdateDocumentResponse | None:
    """ Rename a document or move it to another topic (null removes it from its topic)

     Renames a document or moves it to another topic; `topicId: null` removes it from its topic. An
    unknown topic is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UpdateDocumentResponse
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
    body: UpdateDocumentRequest,

) -> Response[ErrorEnvelope | UpdateDocumentResponse]:
    """ Rename a document or move it to another topic (null removes it from its topic)

     Renames a document or moves it to another topic; `topicId: null` removes it from its topic. An
    unknown topic is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UpdateDocumentResponse]
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
    body: UpdateDocumentRequest,

) -> ErrorEnvelope | UpdateDocumentResponse | None:
    """ Rename a document or move it to another topic (null removes it from its topic)

     Renames a document or moves it to another topic; `topicId: null` removes it from its topic. An
    unknown topic is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        body (UpdateDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UpdateDocumentResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
