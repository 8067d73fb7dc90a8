from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.document_metadata_ocr_page import DocumentMetadataOcrPage





T = TypeVar("T", bound="DocumentMetadataOcr")



@_attrs_define
class DocumentMetadataOcr:
    """ Pages read by OCR and tesseract's confidence (docs/ocr.md)

        Attributes:
            pages (list[DocumentMetadataOcrPage]):
            mean_confidence (float):
     """

    pages: list[DocumentMetadataOcrPage]
    mean_confidence: float





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_metadata_ocr_page import DocumentMetadataOcrPage # noqa: PLC0415
        pages = []
        for pages_item_data in self.pages:
            pages_item = pages_item_data.to_dict()
            pages.append(pages_item)



        mean_confidence = self.mean_confidence


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "pages": pages,
            "meanConfidence": mean_confidence,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_metadata_ocr_page import DocumentMetadataOcrPage # noqa: PLC0415
        d = dict(src_dict)
        pages = []
        _pages = d.pop("pages")
        for pages_item_data in (_pages):
            pages_item = DocumentMetadataOcrPage.from_dict(pages_item_data)



            pages.append(pages_item)


        mean_confidence = d.pop("meanConfidence")

        document_metadata_ocr = cls(
            pages=pages,
            mean_confidence=mean_confidence,
        )

        return document_metadata_ocr

