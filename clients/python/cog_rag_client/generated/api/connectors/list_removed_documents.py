from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.list_removed_documents_response import ListRemovedDocumentsResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/connectors/{id}/removed-documents".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ListRemovedDocumentsResponse | None:
    if response.status_code == 200:
        response_200 = ListRemovedDocumentsResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ListRemovedDocumentsResponse]:
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
    page: int | Unset = 1,
    limit: int | Unset = 20,

) -> Response[ErrorEnvelope | ListRemovedDocumentsResponse]:
    """ The connector's removed documents

     Documents the connector’s syncs removed, still recoverable (CONNECTOR_RETENTION_DAYS), most recently
    removed first.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListRemovedDocumentsResponse]
     """


    kwargs = _get_kwargs(
        id=id,
page=page,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,

) -> ErrorEnvelope | ListRemovedDocumentsResponse | None:
    """ The connector's removed documents

     Documents the connector’s syncs removed, still recoverable (CONNECTOR_RETENTION_DAYS), most recently
    removed first.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListRemovedDocumentsResponse
     """


    return sync_detailed(
        id=id,
client=client,
page=page,
limit=limit,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,

) -> Response[ErrorEnvelope | ListRemovedDocumentsResponse]:
    """ The connector's removed documents

     Documents the connector’s syncs removed, still recoverable (CONNECTOR_RETENTION_DAYS), most recently
    removed first.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListRemovedDocumentsResponse]
     """


    kwargs = _get_kwargs(
        id=id,
page=page,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,

) -> ErrorEnvelope | ListRemovedDocumentsResponse | None:
    """ The connector's removed documents

     Documents the connector’s syncs removed, still recoverable (CONNECTOR_RETENTION_DAYS), most recently
    removed first.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListRemovedDocumentsResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,
page=page,
limit=limit,

    )).parsed
