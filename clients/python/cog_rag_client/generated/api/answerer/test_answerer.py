from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.test_answerer_request import TestAnswererRequest
from ...models.test_answerer_response import TestAnswererResponse
from typing import cast



def _get_kwargs(
    *,
    body: TestAnswererRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/answerer/test",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | TestAnswererResponse | None:
    if response.status_code == 200:
        response_200 = TestAnswererResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | TestAnswererResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TestAnswererRequest,

) -> Response[ErrorEnvelope | TestAnswererResponse]:
    """ Ask one fixed question with one fixed source, with a choice or the saved answerer

     The body is a choice as `PUT` takes it (nothing is stored); `provider: installation` tests the
    server’s own answerer. The answer is 200 with `ok: false` and `error` when the model cannot answer.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestAnswererRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | TestAnswererResponse]
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
    body: TestAnswererRequest,

) -> ErrorEnvelope | TestAnswererResponse | None:
    """ Ask one fixed question with one fixed source, with a choice or the saved answerer

     The body is a choice as `PUT` takes it (nothing is stored); `provider: installation` tests the
    server’s own answerer. The answer is 200 with `ok: false` and `error` when the model cannot answer.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestAnswererRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | TestAnswererResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TestAnswererRequest,

) -> Response[ErrorEnvelope | TestAnswererResponse]:
    """ Ask one fixed question with one fixed source, with a choice or the saved answerer

     The body is a choice as `PUT` takes it (nothing is stored); `provider: installation` tests the
    server’s own answerer. The answer is 200 with `ok: false` and `error` when the model cannot answer.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestAnswererRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | TestAnswererResponse]
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
    body: TestAnswererRequest,

) -> ErrorEnvelope | TestAnswererResponse | None:
    """ Ask one fixed question with one fixed source, with a choice or the saved answerer

     The body is a choice as `PUT` takes it (nothing is stored); `provider: installation` tests the
    server’s own answerer. The answer is 200 with `ok: false` and `error` when the model cannot answer.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        body (TestAnswererRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | TestAnswererResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
