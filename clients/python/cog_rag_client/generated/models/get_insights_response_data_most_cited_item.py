from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GetInsightsResponseDataMostCitedItem")



@_attrs_define
class GetInsightsResponseDataMostCitedItem:
    """ 
        Attributes:
            document_id (str):
            name (str):
            citations (int): Answers citing the document
     """

    document_id: str
    name: str
    citations: int





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        name = self.name

        citations = self.citations


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documentId": document_id,
            "name": name,
            "citations": citations,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("documentId")

        name = d.pop("name")

        citations = d.pop("citations")

        get_insights_response_data_most_cited_item = cls(
            document_id=document_id,
            name=name,
            citations=citations,
        )

        return get_insights_response_data_most_cited_item

