from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.upload_evaluation_request import UploadEvaluationRequest
from ...models.upload_evaluation_response import UploadEvaluationResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: UploadEvaluationRequest,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/evaluations/upload",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | UploadEvaluationResponse | None:
    if response.status_code == 202:
        response_202 = UploadEvaluationResponse.from_dict(response.json())



        return response_202

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorEnvelope.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | UploadEvaluationResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UploadEvaluationRequest,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorEnvelope | UploadEvaluationResponse]:
    """ Start an evaluation run from a question-set file (multipart/form-data)

     As `createEvaluation`, with the question set sent as a file: `file` (a `.csv` name reads as CSV, any
    other as JSON Lines; at most 1 MB) and an optional `name` (default: the file name). See
    docs/evaluations.md.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadEvaluationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UploadEvaluationResponse]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: UploadEvaluationRequest,
    idempotency_key: str | Unset = UNSET,

) -> ErrorEnvelope | UploadEvaluationResponse | None:
    """ Start an evaluation run from a question-set file (multipart/form-data)

     As `createEvaluation`, with the question set sent as a file: `file` (a `.csv` name reads as CSV, any
    other as JSON Lines; at most 1 MB) and an optional `name` (default: the file name). See
    docs/evaluations.md.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadEvaluationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UploadEvaluationResponse
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UploadEvaluationRequest,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorEnvelope | UploadEvaluationResponse]:
    """ Start an evaluation run from a question-set file (multipart/form-data)

     As `createEvaluation`, with the question set sent as a file: `file` (a `.csv` name reads as CSV, any
    other as JSON Lines; at most 1 MB) and an optional `name` (default: the file name). See
    docs/evaluations.md.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadEvaluationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UploadEvaluationResponse]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: UploadEvaluationRequest,
    idempotency_key: str | Unset = UNSET,

) -> ErrorEnvelope | UploadEvaluationResponse | None:
    """ Start an evaluation run from a question-set file (multipart/form-data)

     As `createEvaluation`, with the question set sent as a file: `file` (a `.csv` name reads as CSV, any
    other as JSON Lines; at most 1 MB) and an optional `name` (default: the file name). See
    docs/evaluations.md.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadEvaluationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UploadEvaluationResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
