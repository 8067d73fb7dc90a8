from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DocumentMetadataAttachment")



@_attrs_define
class DocumentMetadataAttachment:
    """ 
        Attributes:
            index (int): 0-based place in the message's attachments
            name (str):
            document_id (None | str): The attachment's document; null when it was not ingested (see `skipped`)
            skipped (str | Unset): Why it was not ingested
     """

    index: int
    name: str
    document_id: None | str
    skipped: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        index = self.index

        name = self.name

        document_id: None | str
        document_id = self.document_id

        skipped = self.skipped


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "index": index,
            "name": name,
            "documentId": document_id,
        })
        if skipped is not UNSET:
            field_dict["skipped"] = skipped

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        name = d.pop("name")

        def _parse_document_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        document_id = _parse_document_id(d.pop("documentId"))


        skipped = d.pop("skipped", UNSET)

        document_metadata_attachment = cls(
            index=index,
            name=name,
            document_id=document_id,
            skipped=skipped,
        )

        return document_metadata_attachment

