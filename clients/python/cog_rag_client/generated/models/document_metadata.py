from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.document_metadata_attachment import DocumentMetadataAttachment
  from ..models.document_metadata_ocr import DocumentMetadataOcr





T = TypeVar("T", bound="DocumentMetadata")



@_attrs_define
class DocumentMetadata:
    """ What ingestion recorded; every key optional

        Attributes:
            original_filename (str | Unset): The file name as uploaded or as the source named it
            attachment_of (str | Unset): The message (EML/MSG) this attachment came from
            source_url (str | Unset): A connector's document: where it lives (a URL, `s3://…`, `imap://…` or `file://…`)
            connector_id (str | Unset): A connector's document: the connector that mirrors it
            attachments (list[DocumentMetadataAttachment] | Unset): An e-mail: what became of each attachment
                (docs/formats.md)
            ocr (DocumentMetadataOcr | Unset): Pages read by OCR and tesseract's confidence (docs/ocr.md)
     """

    original_filename: str | Unset = UNSET
    attachment_of: str | Unset = UNSET
    source_url: str | Unset = UNSET
    connector_id: str | Unset = UNSET
    attachments: list[DocumentMetadataAttachment] | Unset = UNSET
    ocr: DocumentMetadataOcr | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_metadata_attachment import DocumentMetadataAttachment # noqa: PLC0415
        from ..models.document_metadata_ocr import DocumentMetadataOcr # noqa: PLC0415
        original_filename = self.original_filename

        attachment_of = self.attachment_of

        source_url = self.source_url

        connector_id = self.connector_id

        attachments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attachments, Unset):
            attachments = []
            for attachments_item_data in self.attachments:
                attachments_item = attachments_item_data.to_dict()
                attachments.append(attachments_item)



        ocr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ocr, Unset):
            ocr = self.ocr.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if original_filename is not UNSET:
            field_dict["originalFilename"] = original_filename
        if attachment_of is not UNSET:
            field_dict["attachmentOf"] = attachment_of
        if source_url is not UNSET:
            field_dict["sourceUrl"] = source_url
        if connector_id is not UNSET:
            field_dict["connectorId"] = connector_id
        if attachments is not UNSET:
            field_dict["attachments"] = attachments
        if ocr is not UNSET:
            field_dict["ocr"] = ocr

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_metadata_attachment import DocumentMetadataAttachment # noqa: PLC0415
        from ..models.document_metadata_ocr import DocumentMetadataOcr # noqa: PLC0415
        d = dict(src_dict)
        original_filename = d.pop("originalFilename", UNSET)

        attachment_of = d.pop("attachmentOf", UNSET)

        source_url = d.pop("sourceUrl", UNSET)

        connector_id = d.pop("connectorId", UNSET)

        _attachments = d.pop("attachments", UNSET)
        attachments: list[DocumentMetadataAttachment] | Unset = UNSET
        if _attachments is not UNSET:
            attachments = []
            for attachments_item_data in _attachments:
                attachments_item = DocumentMetadataAttachment.from_dict(attachments_item_data)



                attachments.append(attachments_item)


        _ocr = d.pop("ocr", UNSET)
        ocr: DocumentMetadataOcr | Unset
        if isinstance(_ocr,  Unset):
            ocr = UNSET
        else:
            ocr = DocumentMetadataOcr.from_dict(_ocr)




        document_metadata = cls(
            original_filename=original_filename,
            attachment_of=attachment_of,
            source_url=source_url,
            connector_id=connector_id,
            attachments=attachments,
            ocr=ocr,
        )

        return document_metadata

