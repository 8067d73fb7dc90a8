from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_status import DocumentStatus
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.document_metadata import DocumentMetadata





T = TypeVar("T", bound="Document")



@_attrs_define
class Document:
    """ 
        Attributes:
            id (str):
            name (str):
            status (DocumentStatus): UPLOADED → PROCESSING → VECTORIZED, or ERROR with `error` saying why
            topic_id (None | str):
            mime_type (str):
            format_ (str): pdf, docx, xlsx, ods, csv, pptx, odp, odt, rtf, epub, eml, msg, image, html, markdown or text —
                from the bytes, not the name
            parent_id (None | str): The e-mail (EML/MSG) this document was attached to; null for an upload
            attachment_index (int | None): 0-based place of the attachment in its parent message's attachments
            size_bytes (int):
            page_count (int | None):
            chunk_count (int | None):
            error (None | str): Why processing failed (status ERROR)
            metadata (DocumentMetadata): What ingestion recorded; every key optional
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            vectorized_at (datetime.datetime | None):
     """

    id: str
    name: str
    status: DocumentStatus
    topic_id: None | str
    mime_type: str
    format_: str
    parent_id: None | str
    attachment_index: int | None
    size_bytes: int
    page_count: int | None
    chunk_count: int | None
    error: None | str
    metadata: DocumentMetadata
    created_at: datetime.datetime
    updated_at: datetime.datetime
    vectorized_at: datetime.datetime | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_metadata import DocumentMetadata # noqa: PLC0415
        id = self.id

        name = self.name

        status = self.status.value

        topic_id: None | str
        topic_id = self.topic_id

        mime_type = self.mime_type

        format_ = self.format_

        parent_id: None | str
        parent_id = self.parent_id

        attachment_index: int | None
        attachment_index = self.attachment_index

        size_bytes = self.size_bytes

        page_count: int | None
        page_count = self.page_count

        chunk_count: int | None
        chunk_count = self.chunk_count

        error: None | str
        error = self.error

        metadata = self.metadata.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        vectorized_at: None | str
        if isinstance(self.vectorized_at, datetime.datetime):
            vectorized_at = self.vectorized_at.isoformat()
        else:
            vectorized_at = self.vectorized_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "status": status,
            "topicId": topic_id,
            "mimeType": mime_type,
            "format": format_,
            "parentId": parent_id,
            "attachmentIndex": attachment_index,
            "sizeBytes": size_bytes,
            "pageCount": page_count,
            "chunkCount": chunk_count,
            "error": error,
            "metadata": metadata,
            "createdAt": created_at,
            "updatedAt": updated_at,
            "vectorizedAt": vectorized_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_metadata import DocumentMetadata # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        status = DocumentStatus(d.pop("status"))




        def _parse_topic_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        topic_id = _parse_topic_id(d.pop("topicId"))


        mime_type = d.pop("mimeType")

        format_ = d.pop("format")

        def _parse_parent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_id = _parse_parent_id(d.pop("parentId"))


        def _parse_attachment_index(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        attachment_index = _parse_attachment_index(d.pop("attachmentIndex"))


        size_bytes = d.pop("sizeBytes")

        def _parse_page_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_count = _parse_page_count(d.pop("pageCount"))


        def _parse_chunk_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        chunk_count = _parse_chunk_count(d.pop("chunkCount"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        metadata = DocumentMetadata.from_dict(d.pop("metadata"))




        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        def _parse_vectorized_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vectorized_at_type_0 = datetime.datetime.fromisoformat(data)



                return vectorized_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        vectorized_at = _parse_vectorized_at(d.pop("vectorizedAt"))


        document = cls(
            id=id,
            name=name,
            status=status,
            topic_id=topic_id,
            mime_type=mime_type,
            format_=format_,
            parent_id=parent_id,
            attachment_index=attachment_index,
            size_bytes=size_bytes,
            page_count=page_count,
            chunk_count=chunk_count,
            error=error,
            metadata=metadata,
            created_at=created_at,
            updated_at=updated_at,
            vectorized_at=vectorized_at,
        )

        return document

