from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.list_documents_order import ListDocumentsOrder
from ...models.list_documents_response import ListDocumentsResponse
from ...models.list_documents_sort import ListDocumentsSort
from ...models.list_documents_status import ListDocumentsStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListDocumentsOrder | Unset = ListDocumentsOrder.DESC,
    sort: ListDocumentsSort | Unset = ListDocumentsSort.CREATEDAT,
    status: ListDocumentsStatus | Unset = UNSET,
    topic_id: str | Unset = UNSET,
    parent_id: str | Unset = UNSET,
    search: str | Unset = UNSET,
    sha256: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["topicId"] = topic_id

    params["parentId"] = parent_id

    params["search"] = search

    params["sha256"] = sha256


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/documents",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ListDocumentsResponse | None:
    if response.status_code == 200:
        response_200 = ListDocumentsResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ListDocumentsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListDocumentsOrder | Unset = ListDocumentsOrder.DESC,
    sort: ListDocumentsSort | Unset = ListDocumentsSort.CREATEDAT,
    status: ListDocumentsStatus | Unset = UNSET,
    topic_id: str | Unset = UNSET,
    parent_id: str | Unset = UNSET,
    search: str | Unset = UNSET,
    sha256: str | Unset = UNSET,

) -> Response[ErrorEnvelope | ListDocumentsResponse]:
    """ List documents (paginated; filters status, topicId, parentId, search by name)

     The company’s documents, paginated and sorted; filter by `status`, `topicId`, words of the name
    (`search`: each word must appear) or the original’s SHA-256 (`sha256`, a duplicate check). Poll a
    document here or with `getDocument` until `VECTORIZED`.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListDocumentsOrder | Unset):  Default: ListDocumentsOrder.DESC.
        sort (ListDocumentsSort | Unset):  Default: ListDocumentsSort.CREATEDAT.
        status (ListDocumentsStatus | Unset):
        topic_id (str | Unset):
        parent_id (str | Unset):
        search (str | Unset):
        sha256 (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListDocumentsResponse]
     """


    kwargs = _get_kwargs(
        page=page,
limit=limit,
order=order,
sort=sort,
status=status,
topic_id=topic_id,
parent_id=parent_id,
search=search,
sha256=sha256,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListDocumentsOrder | Unset = ListDocumentsOrder.DESC,
    sort: ListDocumentsSort | Unset = ListDocumentsSort.CREATEDAT,
    status: ListDocumentsStatus | Unset = UNSET,
    topic_id: str | Unset = UNSET,
    parent_id: str | Unset = UNSET,
    search: str | Unset = UNSET,
    sha256: str | Unset = UNSET,

) -> ErrorEnvelope | ListDocumentsResponse | None:
    """ List documents (paginated; filters status, topicId, parentId, search by name)

     The company’s documents, paginated and sorted; filter by `status`, `topicId`, words of the name
    (`search`: each word must appear) or the original’s SHA-256 (`sha256`, a duplicate check). Poll a
    document here or with `getDocument` until `VECTORIZED`.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListDocumentsOrder | Unset):  Default: ListDocumentsOrder.DESC.
        sort (ListDocumentsSort | Unset):  Default: ListDocumentsSort.CREATEDAT.
        status (ListDocumentsStatus | Unset):
        topic_id (str | Unset):
        parent_id (str | Unset):
        search (str | Unset):
        sha256 (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListDocumentsResponse
     """


    return sync_detailed(
        client=client,
page=page,
limit=limit,
order=order,
sort=sort,
status=status,
topic_id=topic_id,
parent_id=parent_id,
search=search,
sha256=sha256,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListDocumentsOrder | Unset = ListDocumentsOrder.DESC,
    sort: ListDocumentsSort | Unset = ListDocumentsSort.CREATEDAT,
    status: ListDocumentsStatus | Unset = UNSET,
    topic_id: str | Unset = UNSET,
    parent_id: str | Unset = UNSET,
    search: str | Unset = UNSET,
    sha256: str | Unset = UNSET,

) -> Response[ErrorEnvelope | ListDocumentsResponse]:
    """ List documents (paginated; filters status, topicId, parentId, search by name)

     The company’s documents, paginated and sorted; filter by `status`, `topicId`, words of the name
    (`search`: each word must appear) or the original’s SHA-256 (`sha256`, a duplicate check). Poll a
    document here or with `getDocument` until `VECTORIZED`.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListDocumentsOrder | Unset):  Default: ListDocumentsOrder.DESC.
        sort (ListDocumentsSort | Unset):  Default: ListDocumentsSort.CREATEDAT.
        status (ListDocumentsStatus | Unset):
        topic_id (str | Unset):
        parent_id (str | Unset):
        search (str | Unset):
        sha256 (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListDocumentsResponse]
     """


    kwargs = _get_kwargs(
        page=page,
limit=limit,
order=order,
sort=sort,
status=status,
topic_id=topic_id,
parent_id=parent_id,
search=search,
sha256=sha256,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListDocumentsOrder | Unset = ListDocumentsOrder.DESC,
    sort: ListDocumentsSort | Unset = ListDocumentsSort.CREATEDAT,
    status: ListDocumentsStatus | Unset = UNSET,
    topic_id: str | Unset = UNSET,
    parent_id: str | Unset = UNSET,
    search: str | Unset = UNSET,
    sha256: str | Unset = UNSET,

) -> ErrorEnvelope | ListDocumentsResponse | None:
    """ List documents (paginated; filters status, topicId, parentId, search by name)

     The company’s documents, paginated and sorted; filter by `status`, `topicId`, words of the name
    (`search`: each word must appear) or the original’s SHA-256 (`sha256`, a duplicate check). Poll a
    document here or with `getDocument` until `VECTORIZED`.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListDocumentsOrder | Unset):  Default: ListDocumentsOrder.DESC.
        sort (ListDocumentsSort | Unset):  Default: ListDocumentsSort.CREATEDAT.
        status (ListDocumentsStatus | Unset):
        topic_id (str | Unset):
        parent_id (str | Unset):
        search (str | Unset):
        sha256 (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListDocumentsResponse
     """


    return (await asyncio_detailed(
        client=client,
page=page,
limit=limit,
order=order,
sort=sort,
status=status,
topic_id=topic_id,
parent_id=parent_id,
search=search,
sha256=sha256,

    )).parsed
