from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.scim_error import ScimError
from ...models.scim_replace_group_request import ScimReplaceGroupRequest
from ...models.scim_replace_group_response import ScimReplaceGroupResponse
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: ScimReplaceGroupRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/scim/v2/Groups/{id}".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ScimError | ScimReplaceGroupResponse | None:
    if response.status_code == 200:
        response_200 = ScimReplaceGroupResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ScimError.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ScimError.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = ScimError.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ScimError.from_dict(response.json())



        return response_409

    if response.status_code == 412:
        response_412 = ScimError.from_dict(response.json())



        return response_412

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ScimError | ScimReplaceGroupResponse]:
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
    body: ScimReplaceGroupRequest,

) -> Response[ScimError | ScimReplaceGroupResponse]:
    """ Replace a group and its members

     `members` replaces the whole membership (topic access follows); another company’s group is 404.

    Args:
        id (str):
        body (ScimReplaceGroupRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimReplaceGroupResponse]
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
    body: ScimReplaceGroupRequest,

) -> ScimError | ScimReplaceGroupResponse | None:
    """ Replace a group and its members

     `members` replaces the whole membership (topic access follows); another company’s group is 404.

    Args:
        id (str):
        body (ScimReplaceGroupRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimReplaceGroupResponse
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
    body: ScimReplaceGroupRequest,

) -> Response[ScimError | ScimReplaceGroupResponse]:
    """ Replace a group and its members

     `members` replaces the whole membership (topic access follows); another company’s group is 404.

    Args:
        id (str):
        body (ScimReplaceGroupRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimReplaceGroupResponse]
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
    body: ScimReplaceGroupRequest,

) -> ScimError | ScimReplaceGroupResponse | None:
    """ Replace a group and its members

     `members` replaces the whole membership (topic access follows); another company’s group is 404.

    Args:
        id (str):
        body (ScimReplaceGroupRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimReplaceGroupResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
