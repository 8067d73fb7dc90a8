from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.scim_error import ScimError
from ...models.scim_service_provider_config_response import ScimServiceProviderConfigResponse
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/scim/v2/ServiceProviderConfig",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ScimError | ScimServiceProviderConfigResponse | None:
    if response.status_code == 200:
        response_200 = ScimServiceProviderConfigResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ScimError | ScimServiceProviderConfigResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ScimError | ScimServiceProviderConfigResponse]:
    """ What this SCIM service supports

     What this SCIM service supports (RFC 7643 §5–7).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimServiceProviderConfigResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> ScimError | ScimServiceProviderConfigResponse | None:
    """ What this SCIM service supports

     What this SCIM service supports (RFC 7643 §5–7).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimServiceProviderConfigResponse
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ScimError | ScimServiceProviderConfigResponse]:
    """ What this SCIM service supports

     What this SCIM service supports (RFC 7643 §5–7).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimServiceProviderConfigResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> ScimError | ScimServiceProviderConfigResponse | None:
    """ What this SCIM service supports

     What this SCIM service supports (RFC 7643 §5–7).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimServiceProviderConfigResponse
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
