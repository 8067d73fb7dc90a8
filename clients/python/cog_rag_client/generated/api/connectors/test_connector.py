from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.test_connector_request import TestConnectorRequest
from ...models.test_connector_response import TestConnectorResponse
from typing import cast



def _get_kwargs(
    *,
    body: TestConnectorRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/connectors/test",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | TestConnectorResponse | None:
    if response.status_code == 200:
        response_200 = TestConnectorResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | TestConnectorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TestConnectorRequest,

) -> Response[ErrorEnvelope | TestConnectorResponse]:
    """ Try a connector’s settings before saving them: the first items its source lists

     Checks `config` as creating would (400 naming the field), then lists at most 5 items one level deep
    within 20 s through the same source code and network policy as a sync. A source that cannot be
    listed is 200 with `ok: false` and `error` saying why (refused, unreachable, wrong password).
    Nothing is stored.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestConnectorRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | TestConnectorResponse]
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
    body: TestConnectorRequest,

) -> ErrorEnvelope | TestConnectorResponse | None:
    """ Try a connector’s settings before saving them: the first items its source lists

     Checks `config` as creating would (400 naming the field), then lists at most 5 items one level deep
    within 20 s through the same source code and network policy as a sync. A source that cannot be
    listed is 200 with `ok: false` and `error` saying why (refused, unreachable, wrong password).
    Nothing is stored.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestConnectorRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | TestConnectorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TestConnectorRequest,

) -> Response[ErrorEnvelope | TestConnectorResponse]:
    """ Try a connector’s settings before saving them: the first items its source lists

     Checks `config` as creating would (400 naming the field), then lists at most 5 items one level deep
    within 20 s through the same source code and network policy as a sync. A source that cannot be
    listed is 200 with `ok: false` and `error` saying why (refused, unreachable, wrong password).
    Nothing is stored.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestConnectorRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | TestConnectorResponse]
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
    body: TestConnectorRequest,

) -> ErrorEnvelope | TestConnectorResponse | None:
    """ Try a connector’s settings before saving them: the first items its source lists

     Checks `config` as creating would (400 naming the field), then lists at most 5 items one level deep
    within 20 s through the same source code and network policy as a sync. A source that cannot be
    listed is 200 with `ok: false` and `error` saying why (refused, unreachable, wrong password).
    Nothing is stored.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestConnectorRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | TestConnectorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
