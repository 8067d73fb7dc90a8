from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.download_document_file_disposition import DownloadDocumentFileDisposition
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    disposition: DownloadDocumentFileDisposition | Unset = DownloadDocumentFileDisposition.ATTACHMENT,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_disposition: str | Unset = UNSET
    if not isinstance(disposition, Unset):
        json_disposition = disposition.value

    params["disposition"] = json_disposition


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/documents/{id}/file".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope]:
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
    disposition: DownloadDocumentFileDisposition | Unset = DownloadDocumentFileDisposition.ATTACHMENT,

) -> Response[ErrorEnvelope]:
    """ Download the original file of a document

     The bytes of the uploaded original (an e-mail attachment: the attachment), with its detected
    `Content-Type`. Served as an `attachment` (a download), PDFs included: a browser’s PDF viewer would
    run the PDF’s own scripts. `?disposition=inline` shows raster images and plain text in the browser;
    render PDFs with pdf.js (scripting off), as the console does. The file name is in `Content-
    Disposition` (`filename*` in UTF-8). Served with `X-Content-Type-Options: nosniff` and `Content-
    Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file never runs on the
    API's origin. Another company’s document is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        disposition (DownloadDocumentFileDisposition | Unset):  Default:
            DownloadDocumentFileDisposition.ATTACHMENT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        id=id,
disposition=disposition,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    disposition: DownloadDocumentFileDisposition | Unset = DownloadDocumentFileDisposition.ATTACHMENT,

) -> ErrorEnvelope | None:
    """ Download the original file of a document

     The bytes of the uploaded original (an e-mail attachment: the attachment), with its detected
    `Content-Type`. Served as an `attachment` (a download), PDFs included: a browser’s PDF viewer would
    run the PDF’s own scripts. `?disposition=inline` shows raster images and plain text in the browser;
    render PDFs with pdf.js (scripting off), as the console does. The file name is in `Content-
    Disposition` (`filename*` in UTF-8). Served with `X-Content-Type-Options: nosniff` and `Content-
    Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file never runs on the
    API's origin. Another company’s document is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        disposition (DownloadDocumentFileDisposition | Unset):  Default:
            DownloadDocumentFileDisposition.ATTACHMENT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope
     """


    return sync_detailed(
        id=id,
client=client,
disposition=disposition,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    disposition: DownloadDocumentFileDisposition | Unset = DownloadDocumentFileDisposition.ATTACHMENT,

) -> Response[ErrorEnvelope]:
    """ Download the original file of a document

     The bytes of the uploaded original (an e-mail attachment: the attachment), with its detected
    `Content-Type`. Served as an `attachment` (a download), PDFs included: a browser’s PDF viewer would
    run the PDF’s own scripts. `?disposition=inline` shows raster images and plain text in the browser;
    render PDFs with pdf.js (scripting off), as the console does. The file name is in `Content-
    Disposition` (`filename*` in UTF-8). Served with `X-Content-Type-Options: nosniff` and `Content-
    Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file never runs on the
    API's origin. Another company’s document is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        disposition (DownloadDocumentFileDisposition | Unset):  Default:
            DownloadDocumentFileDisposition.ATTACHMENT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        id=id,
disposition=disposition,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    disposition: DownloadDocumentFileDisposition | Unset = DownloadDocumentFileDisposition.ATTACHMENT,

) -> ErrorEnvelope | None:
    """ Download the original file of a document

     The bytes of the uploaded original (an e-mail attachment: the attachment), with its detected
    `Content-Type`. Served as an `attachment` (a download), PDFs included: a browser’s PDF viewer would
    run the PDF’s own scripts. `?disposition=inline` shows raster images and plain text in the browser;
    render PDFs with pdf.js (scripting off), as the console does. The file name is in `Content-
    Disposition` (`filename*` in UTF-8). Served with `X-Content-Type-Options: nosniff` and `Content-
    Security-Policy: sandbox; default-src 'none'`, so an uploaded HTML or SVG file never runs on the
    API's origin. Another company’s document is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):
        disposition (DownloadDocumentFileDisposition | Unset):  Default:
            DownloadDocumentFileDisposition.ATTACHMENT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope
     """


    return (await asyncio_detailed(
        id=id,
client=client,
disposition=disposition,

    )).parsed
