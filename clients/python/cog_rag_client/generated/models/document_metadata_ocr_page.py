from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DocumentMetadataOcrPage")



@_attrs_define
class DocumentMetadataOcrPage:
    """ 
        Attributes:
            page (int):
            confidence (float): Mean word confidence, 0–100
     """

    page: int
    confidence: float





    def to_dict(self) -> dict[str, Any]:
        page = self.page

        confidence = self.confidence


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "page": page,
            "confidence": confidence,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        page = d.pop("page")

        confidence = d.pop("confidence")

        document_metadata_ocr_page = cls(
            page=page,
            confidence=confidence,
        )

        return document_metadata_ocr_page

