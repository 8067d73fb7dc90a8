from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.scim_error import ScimError
from ...models.scim_list_groups_response import ScimListGroupsResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    filter_: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["filter"] = filter_

    params["startIndex"] = start_index

    params["count"] = count

    params["attributes"] = attributes

    params["excludedAttributes"] = excluded_attributes


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/scim/v2/Groups",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ScimError | ScimListGroupsResponse | None:
    if response.status_code == 200:
        response_200 = ScimListGroupsResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ScimError.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ScimError.from_dict(response.json())



        return response_401

    if response.status_code == 429:
        response_429 = ScimError.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ScimError.from_dict(response.json())



        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ScimError | ScimListGroupsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,

) -> Response[ScimError | ScimListGroupsResponse]:
    """ List or filter the company’s groups

     Filters: `displayName eq "…"`, `externalId eq "…"`, `members[value eq "usr_…"]`.
    `excludedAttributes=members` leaves the members out.

    Args:
        filter_ (str | Unset):
        start_index (int | Unset):
        count (int | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimListGroupsResponse]
     """


    kwargs = _get_kwargs(
        filter_=filter_,
start_index=start_index,
count=count,
attributes=attributes,
excluded_attributes=excluded_attributes,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,

) -> ScimError | ScimListGroupsResponse | None:
    """ List or filter the company’s groups

     Filters: `displayName eq "…"`, `externalId eq "…"`, `members[value eq "usr_…"]`.
    `excludedAttributes=members` leaves the members out.

    Args:
        filter_ (str | Unset):
        start_index (int | Unset):
        count (int | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimListGroupsResponse
     """


    return sync_detailed(
        client=client,
filter_=filter_,
start_index=start_index,
count=count,
attributes=attributes,
excluded_attributes=excluded_attributes,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,

) -> Response[ScimError | ScimListGroupsResponse]:
    """ List or filter the company’s groups

     Filters: `displayName eq "…"`, `externalId eq "…"`, `members[value eq "usr_…"]`.
    `excludedAttributes=members` leaves the members out.

    Args:
        filter_ (str | Unset):
        start_index (int | Unset):
        count (int | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimListGroupsResponse]
     """


    kwargs = _get_kwargs(
        filter_=filter_,
start_index=start_index,
count=count,
attributes=attributes,
excluded_attributes=excluded_attributes,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    start_index: int | Unset = UNSET,
    count: int | Unset = UNSET,
    attributes: str | Unset = UNSET,
    excluded_attributes: str | Unset = UNSET,

) -> ScimError | ScimListGroupsResponse | None:
    """ List or filter the company’s groups

     Filters: `displayName eq "…"`, `externalId eq "…"`, `members[value eq "usr_…"]`.
    `excludedAttributes=members` leaves the members out.

    Args:
        filter_ (str | Unset):
        start_index (int | Unset):
        count (int | Unset):
        attributes (str | Unset):
        excluded_attributes (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimListGroupsResponse
     """


    return (await asyncio_detailed(
        client=client,
filter_=filter_,
start_index=start_index,
count=count,
attributes=attributes,
excluded_attributes=excluded_attributes,

    )).parsed
