from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.download_public_document_file_disposition import DownloadPublicDocumentFileDisposition
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    disposition: DownloadPublicDocumentFileDisposition | Unset = DownloadPublicDocumentFileDisposition.ATTACHMENT,
    key_id: str | Unset = UNSET,
    exp: int | Unset = UNSET,
    sig: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_disposition: str | Unset = UNSET
    if not isinstance(disposition, Unset):
        json_disposition = disposition.value

    params["disposition"] = json_disposition

    params["keyId"] = key_id

    params["exp"] = exp

    params["sig"] = sig


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/documents/{id}/file".format(id=quote(str(id), safe=""),),
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
    disposition: DownloadPublicDocumentFileDisposition | Unset = DownloadPublicDocumentFileDisposition.ATTACHMENT,
    key_id: str | Unset = UNSET,
    exp: int | Unset = UNSET,
    sig: str | Unset = UNSET,

) -> Response[ErrorEnvelope]:
    """ A cited document’s original, for the widget

     The original file of a document the API key answers from, when the key has `allowOriginals` (else
    404, as for a document outside the key’s topics or another company’s: existence is not revealed).
    Authenticated by `X-API-Key`, or by the signed link a public answer’s `sources[].originalUrl`
    carries (`keyId`, `exp`, `sig`: valid 10 minutes, for that document only; a tampered or expired one
    is 401). Headers as `downloadDocumentFile`: the detected `Content-Type`, `Content-Disposition` with
    the uploaded name (`attachment`, PDFs included: a browser’s PDF viewer would run the PDF’s scripts;
    `?disposition=inline` only for raster images and plain text), `X-Content-Type-Options: nosniff`,
    `Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store`.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        id (str):
        disposition (DownloadPublicDocumentFileDisposition | Unset):  Default:
            DownloadPublicDocumentFileDisposition.ATTACHMENT.
        key_id (str | Unset):
        exp (int | Unset):
        sig (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        id=id,
disposition=disposition,
key_id=key_id,
exp=exp,
sig=sig,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    disposition: DownloadPublicDocumentFileDisposition | Unset = DownloadPublicDocumentFileDisposition.ATTACHMENT,
    key_id: str | Unset = UNSET,
    exp: int | Unset = UNSET,
    sig: str | Unset = UNSET,

) -> ErrorEnvelope | None:
    """ A cited document’s original, for the widget

     The original file of a document the API key answers from, when the key has `allowOriginals` (else
    404, as for a document outside the key’s topics or another company’s: existence is not revealed).
    Authenticated by `X-API-Key`, or by the signed link a public answer’s `sources[].originalUrl`
    carries (`keyId`, `exp`, `sig`: valid 10 minutes, for that document only; a tampered or expired one
    is 401). Headers as `downloadDocumentFile`: the detected `Content-Type`, `Content-Disposition` with
    the uploaded name (`attachment`, PDFs included: a browser’s PDF viewer would run the PDF’s scripts;
    `?disposition=inline` only for raster images and plain text), `X-Content-Type-Options: nosniff`,
    `Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store`.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        id (str):
        disposition (DownloadPublicDocumentFileDisposition | Unset):  Default:
            DownloadPublicDocumentFileDisposition.ATTACHMENT.
        key_id (str | Unset):
        exp (int | Unset):
        sig (str | Unset):

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
key_id=key_id,
exp=exp,
sig=sig,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    disposition: DownloadPublicDocumentFileDisposition | Unset = DownloadPublicDocumentFileDisposition.ATTACHMENT,
    key_id: str | Unset = UNSET,
    exp: int | Unset = UNSET,
    sig: str | Unset = UNSET,

) -> Response[ErrorEnvelope]:
    """ A cited document’s original, for the widget

     The original file of a document the API key answers from, when the key has `allowOriginals` (else
    404, as for a document outside the key’s topics or another company’s: existence is not revealed).
    Authenticated by `X-API-Key`, or by the signed link a public answer’s `sources[].originalUrl`
    carries (`keyId`, `exp`, `sig`: valid 10 minutes, for that document only; a tampered or expired one
    is 401). Headers as `downloadDocumentFile`: the detected `Content-Type`, `Content-Disposition` with
    the uploaded name (`attachment`, PDFs included: a browser’s PDF viewer would run the PDF’s scripts;
    `?disposition=inline` only for raster images and plain text), `X-Content-Type-Options: nosniff`,
    `Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store`.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        id (str):
        disposition (DownloadPublicDocumentFileDisposition | Unset):  Default:
            DownloadPublicDocumentFileDisposition.ATTACHMENT.
        key_id (str | Unset):
        exp (int | Unset):
        sig (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        id=id,
disposition=disposition,
key_id=key_id,
exp=exp,
sig=sig,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    disposition: DownloadPublicDocumentFileDisposition | Unset = DownloadPublicDocumentFileDisposition.ATTACHMENT,
    key_id: str | Unset = UNSET,
    exp: int | Unset = UNSET,
    sig: str | Unset = UNSET,

) -> ErrorEnvelope | None:
    """ A cited document’s original, for the widget

     The original file of a document the API key answers from, when the key has `allowOriginals` (else
    404, as for a document outside the key’s topics or another company’s: existence is not revealed).
    Authenticated by `X-API-Key`, or by the signed link a public answer’s `sources[].originalUrl`
    carries (`keyId`, `exp`, `sig`: valid 10 minutes, for that document only; a tampered or expired one
    is 401). Headers as `downloadDocumentFile`: the detected `Content-Type`, `Content-Disposition` with
    the uploaded name (`attachment`, PDFs included: a browser’s PDF viewer would run the PDF’s scripts;
    `?disposition=inline` only for raster images and plain text), `X-Content-Type-Options: nosniff`,
    `Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store`.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        id (str):
        disposition (DownloadPublicDocumentFileDisposition | Unset):  Default:
            DownloadPublicDocumentFileDisposition.ATTACHMENT.
        key_id (str | Unset):
        exp (int | Unset):
        sig (str | Unset):

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
key_id=key_id,
exp=exp,
sig=sig,

    )).parsed
