from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="WebhookEventDocumentUploadedData")



@_attrs_define
class WebhookEventDocumentUploadedData:
    """ 
        Attributes:
            document_id (str): The document
            name (str): The document’s name
            parent_id (str | Unset): Attachments: the e-mail
     """

    document_id: str
    name: str
    parent_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        name = self.name

        parent_id = self.parent_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documentId": document_id,
            "name": name,
        })
        if parent_id is not UNSET:
            field_dict["parentId"] = parent_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("documentId")

        name = d.pop("name")

        parent_id = d.pop("parentId", UNSET)

        webhook_event_document_uploaded_data = cls(
            document_id=document_id,
            name=name,
            parent_id=parent_id,
        )

        return webhook_event_document_uploaded_data

