from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.scim_create_user_request import ScimCreateUserRequest
from ...models.scim_create_user_response import ScimCreateUserResponse
from ...models.scim_error import ScimError
from typing import cast



def _get_kwargs(
    *,
    body: ScimCreateUserRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/scim/v2/Users",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ScimCreateUserResponse | ScimError | None:
    if response.status_code == 201:
        response_201 = ScimCreateUserResponse.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ScimError.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ScimError.from_dict(response.json())



        return response_401

    if response.status_code == 409:
        response_409 = ScimError.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ScimCreateUserResponse | ScimError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ScimCreateUserRequest,

) -> Response[ScimCreateUserResponse | ScimError]:
    """ Provision a user

     The e-mail is the primary (else `work`, else first) of `emails`, else `userName` when it is one.
    Role COMPANY_READER unless `roles` says; `password` lets the user sign in with one (else through
    single sign-on). A taken e-mail or userName is 409 `uniqueness`.

    Args:
        body (ScimCreateUserRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimCreateUserResponse | ScimError]
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
    body: ScimCreateUserRequest,

) -> ScimCreateUserResponse | ScimError | None:
    """ Provision a user

     The e-mail is the primary (else `work`, else first) of `emails`, else `userName` when it is one.
    Role COMPANY_READER unless `roles` says; `password` lets the user sign in with one (else through
    single sign-on). A taken e-mail or userName is 409 `uniqueness`.

    Args:
        body (ScimCreateUserRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimCreateUserResponse | ScimError
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ScimCreateUserRequest,

) -> Response[ScimCreateUserResponse | ScimError]:
    """ Provision a user

     The e-mail is the primary (else `work`, else first) of `emails`, else `userName` when it is one.
    Role COMPANY_READER unless `roles` says; `password` lets the user sign in with one (else through
    single sign-on). A taken e-mail or userName is 409 `uniqueness`.

    Args:
        body (ScimCreateUserRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimCreateUserResponse | ScimError]
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
    body: ScimCreateUserRequest,

) -> ScimCreateUserResponse | ScimError | None:
    """ Provision a user

     The e-mail is the primary (else `work`, else first) of `emails`, else `userName` when it is one.
    Role COMPANY_READER unless `roles` says; `password` lets the user sign in with one (else through
    single sign-on). A taken e-mail or userName is 409 `uniqueness`.

    Args:
        body (ScimCreateUserRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimCreateUserResponse | ScimError
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
