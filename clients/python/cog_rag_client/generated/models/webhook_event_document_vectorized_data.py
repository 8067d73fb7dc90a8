from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WebhookEventDocumentVectorizedData")



@_attrs_define
class WebhookEventDocumentVectorizedData:
    """ 
        Attributes:
            document_id (str): The document
            chunk_count (int):
     """

    document_id: str
    chunk_count: int





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        chunk_count = self.chunk_count


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documentId": document_id,
            "chunkCount": chunk_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("documentId")

        chunk_count = d.pop("chunkCount")

        webhook_event_document_vectorized_data = cls(
            document_id=document_id,
            chunk_count=chunk_count,
        )

        return webhook_event_document_vectorized_data

