from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.list_users_order import ListUsersOrder
from ...models.list_users_response import ListUsersResponse
from ...models.list_users_role import ListUsersRole
from ...models.list_users_sort import ListUsersSort
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListUsersOrder | Unset = ListUsersOrder.DESC,
    sort: ListUsersSort | Unset = ListUsersSort.CREATEDAT,
    role: ListUsersRole | Unset = UNSET,
    search: str | Unset = UNSET,

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

    json_role: str | Unset = UNSET
    if not isinstance(role, Unset):
        json_role = role.value

    params["role"] = json_role

    params["search"] = search


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/users",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ListUsersResponse | None:
    if response.status_code == 200:
        response_200 = ListUsersResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ListUsersResponse]:
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
    order: ListUsersOrder | Unset = ListUsersOrder.DESC,
    sort: ListUsersSort | Unset = ListUsersSort.CREATEDAT,
    role: ListUsersRole | Unset = UNSET,
    search: str | Unset = UNSET,

) -> Response[ErrorEnvelope | ListUsersResponse]:
    """ List the company's users (filter by role; search name or e-mail)

     The company’s users, paginated; filter by `role`, search name or e-mail.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListUsersOrder | Unset):  Default: ListUsersOrder.DESC.
        sort (ListUsersSort | Unset):  Default: ListUsersSort.CREATEDAT.
        role (ListUsersRole | Unset):
        search (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListUsersResponse]
     """


    kwargs = _get_kwargs(
        page=page,
limit=limit,
order=order,
sort=sort,
role=role,
search=search,

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
    order: ListUsersOrder | Unset = ListUsersOrder.DESC,
    sort: ListUsersSort | Unset = ListUsersSort.CREATEDAT,
    role: ListUsersRole | Unset = UNSET,
    search: str | Unset = UNSET,

) -> ErrorEnvelope | ListUsersResponse | None:
    """ List the company's users (filter by role; search name or e-mail)

     The company’s users, paginated; filter by `role`, search name or e-mail.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListUsersOrder | Unset):  Default: ListUsersOrder.DESC.
        sort (ListUsersSort | Unset):  Default: ListUsersSort.CREATEDAT.
        role (ListUsersRole | Unset):
        search (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListUsersResponse
     """


    return sync_detailed(
        client=client,
page=page,
limit=limit,
order=order,
sort=sort,
role=role,
search=search,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    order: ListUsersOrder | Unset = ListUsersOrder.DESC,
    sort: ListUsersSort | Unset = ListUsersSort.CREATEDAT,
    role: ListUsersRole | Unset = UNSET,
    search: str | Unset = UNSET,

) -> Response[ErrorEnvelope | ListUsersResponse]:
    """ List the company's users (filter by role; search name or e-mail)

     The company’s users, paginated; filter by `role`, search name or e-mail.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListUsersOrder | Unset):  Default: ListUsersOrder.DESC.
        sort (ListUsersSort | Unset):  Default: ListUsersSort.CREATEDAT.
        role (ListUsersRole | Unset):
        search (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListUsersResponse]
     """


    kwargs = _get_kwargs(
        page=page,
limit=limit,
order=order,
sort=sort,
role=role,
search=search,

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
    order: ListUsersOrder | Unset = ListUsersOrder.DESC,
    sort: ListUsersSort | Unset = ListUsersSort.CREATEDAT,
    role: ListUsersRole | Unset = UNSET,
    search: str | Unset = UNSET,

) -> ErrorEnvelope | ListUsersResponse | None:
    """ List the company's users (filter by role; search name or e-mail)

     The company’s users, paginated; filter by `role`, search name or e-mail.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        order (ListUsersOrder | Unset):  Default: ListUsersOrder.DESC.
        sort (ListUsersSort | Unset):  Default: ListUsersSort.CREATEDAT.
        role (ListUsersRole | Unset):
        search (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListUsersResponse
     """


    return (await asyncio_detailed(
        client=client,
page=page,
limit=limit,
order=order,
sort=sort,
role=role,
search=search,

    )).parsed
