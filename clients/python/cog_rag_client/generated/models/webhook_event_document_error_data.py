from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WebhookEventDocumentErrorData")



@_attrs_define
class WebhookEventDocumentErrorData:
    """ 
        Attributes:
            document_id (str): The document
            error (str): Why, in words
     """

    document_id: str
    error: str





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        error = self.error


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documentId": document_id,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("documentId")

        error = d.pop("error")

        webhook_event_document_error_data = cls(
            document_id=document_id,
            error=error,
        )

        return webhook_event_document_error_data

