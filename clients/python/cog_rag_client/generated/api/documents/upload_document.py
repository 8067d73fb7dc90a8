from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.upload_document_request import UploadDocumentRequest
from ...models.upload_document_response import UploadDocumentResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: UploadDocumentRequest,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/documents/upload",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | UploadDocumentResponse | None:
    if response.status_code == 201:
        response_201 = UploadDocumentResponse.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | UploadDocumentResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UploadDocumentRequest,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorEnvelope | UploadDocumentResponse]:
    """ Upload a document (multipart/form-data: file, optional name and topicId)

     Answers 201 at once with status UPLOADED; processing continues in the background (PROCESSING →
    VECTORIZED, or ERROR with a reason). The type is read from the bytes: PDF, DOCX, XLSX, ODS, CSV,
    PPTX, ODP, ODT, RTF, EPUB, EML, MSG, images, HTML, Markdown or plain text in any encoding; anything
    else is 415. E-mail attachments become child documents (parentId). Files over MAX_UPLOAD_MB are 413.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UploadDocumentResponse]
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
    body: UploadDocumentRequest,
    idempotency_key: str | Unset = UNSET,

) -> ErrorEnvelope | UploadDocumentResponse | None:
    """ Upload a document (multipart/form-data: file, optional name and topicId)

     Answers 201 at once with status UPLOADED; processing continues in the background (PROCESSING →
    VECTORIZED, or ERROR with a reason). The type is read from the bytes: PDF, DOCX, XLSX, ODS, CSV,
    PPTX, ODP, ODT, RTF, EPUB, EML, MSG, images, HTML, Markdown or plain text in any encoding; anything
    else is 415. E-mail attachments become child documents (parentId). Files over MAX_UPLOAD_MB are 413.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UploadDocumentResponse
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UploadDocumentRequest,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorEnvelope | UploadDocumentResponse]:
    """ Upload a document (multipart/form-data: file, optional name and topicId)

     Answers 201 at once with status UPLOADED; processing continues in the background (PROCESSING →
    VECTORIZED, or ERROR with a reason). The type is read from the bytes: PDF, DOCX, XLSX, ODS, CSV,
    PPTX, ODP, ODT, RTF, EPUB, EML, MSG, images, HTML, Markdown or plain text in any encoding; anything
    else is 415. E-mail attachments become child documents (parentId). Files over MAX_UPLOAD_MB are 413.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | UploadDocumentResponse]
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
    body: UploadDocumentRequest,
    idempotency_key: str | Unset = UNSET,

) -> ErrorEnvelope | UploadDocumentResponse | None:
    """ Upload a document (multipart/form-data: file, optional name and topicId)

     Answers 201 at once with status UPLOADED; processing continues in the background (PROCESSING →
    VECTORIZED, or ERROR with a reason). The type is read from the bytes: PDF, DOCX, XLSX, ODS, CSV,
    PPTX, ODP, ODT, RTF, EPUB, EML, MSG, images, HTML, Markdown or plain text in any encoding; anything
    else is 415. E-mail attachments become child documents (parentId). Files over MAX_UPLOAD_MB are 413.

    Rate limit: 10 requests per minute by default (upload class, per user).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | UploadDocumentResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
