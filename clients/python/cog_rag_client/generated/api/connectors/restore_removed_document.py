from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.restore_removed_document_response import RestoreRemovedDocumentResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    document_id: str,
    *,
    detach: bool | Unset = False,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["detach"] = detach


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/connectors/{id}/removed-documents/{document_id}/restore".format(id=quote(str(id), safe=""),document_id=quote(str(document_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | RestoreRemovedDocumentResponse | None:
    if response.status_code == 200:
        response_200 = RestoreRemovedDocumentResponse.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | RestoreRemovedDocumentResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,
    detach: bool | Unset = False,

) -> Response[ErrorEnvelope | RestoreRemovedDocumentResponse]:
    """ Restore a removed document

     Puts a removed document back: same id, its chunks and embeddings (searchable at once, nothing re-
    embedded), attachments included. It stays the connector’s (the next sync removes it again if the
    source no longer has the item) unless `detach=true`. 409 while a sync runs, or when a live document
    has its id or the connector’s item of that key has a document.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        document_id (str):
        detach (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RestoreRemovedDocumentResponse]
     """


    kwargs = _get_kwargs(
        id=id,
document_id=document_id,
detach=detach,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,
    detach: bool | Unset = False,

) -> ErrorEnvelope | RestoreRemovedDocumentResponse | None:
    """ Restore a removed document

     Puts a removed document back: same id, its chunks and embeddings (searchable at once, nothing re-
    embedded), attachments included. It stays the connector’s (the next sync removes it again if the
    source no longer has the item) unless `detach=true`. 409 while a sync runs, or when a live document
    has its id or the connector’s item of that key has a document.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        document_id (str):
        detach (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RestoreRemovedDocumentResponse
     """


    return sync_detailed(
        id=id,
document_id=document_id,
client=client,
detach=detach,

    ).parsed

async def asyncio_detailed(
    id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,
    detach: bool | Unset = False,

) -> Response[ErrorEnvelope | RestoreRemovedDocumentResponse]:
    """ Restore a removed document

     Puts a removed document back: same id, its chunks and embeddings (searchable at once, nothing re-
    embedded), attachments included. It stays the connector’s (the next sync removes it again if the
    source no longer has the item) unless `detach=true`. 409 while a sync runs, or when a live document
    has its id or the connector’s item of that key has a document.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        document_id (str):
        detach (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | RestoreRemovedDocumentResponse]
     """


    kwargs = _get_kwargs(
        id=id,
document_id=document_id,
detach=detach,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,
    detach: bool | Unset = False,

) -> ErrorEnvelope | RestoreRemovedDocumentResponse | None:
    """ Restore a removed document

     Puts a removed document back: same id, its chunks and embeddings (searchable at once, nothing re-
    embedded), attachments included. It stays the connector’s (the next sync removes it again if the
    source no longer has the item) unless `detach=true`. 409 while a sync runs, or when a live document
    has its id or the connector’s item of that key has a document.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        document_id (str):
        detach (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | RestoreRemovedDocumentResponse
     """


    return (await asyncio_detailed(
        id=id,
document_id=document_id,
client=client,
detach=detach,

    )).parsed
