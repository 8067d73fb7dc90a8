from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="DocumentChunk")



@_attrs_define
class DocumentChunk:
    """ 
        Attributes:
            id (str):
            index (int): Position in the document, 0-based
            text (str): The chunk’s text, as indexed and cited
            token_count (int): Embedding-model tokens
            page_start (int | None): First page (PDF); null without pages
            page_end (int | None):
            sheet (None | str): Spreadsheets: the sheet
            row_start (int | None): Spreadsheets: first row, 1-based
            row_end (int | None): Spreadsheets: last row
            slide (int | None): Slide decks: the slide number
            heading_path (list[str]): Enclosing headings, outermost first
     """

    id: str
    index: int
    text: str
    token_count: int
    page_start: int | None
    page_end: int | None
    sheet: None | str
    row_start: int | None
    row_end: int | None
    slide: int | None
    heading_path: list[str]





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        index = self.index

        text = self.text

        token_count = self.token_count

        page_start: int | None
        page_start = self.page_start

        page_end: int | None
        page_end = self.page_end

        sheet: None | str
        sheet = self.sheet

        row_start: int | None
        row_start = self.row_start

        row_end: int | None
        row_end = self.row_end

        slide: int | None
        slide = self.slide

        heading_path = self.heading_path




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "index": index,
            "text": text,
            "tokenCount": token_count,
            "pageStart": page_start,
            "pageEnd": page_end,
            "sheet": sheet,
            "rowStart": row_start,
            "rowEnd": row_end,
            "slide": slide,
            "headingPath": heading_path,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        index = d.pop("index")

        text = d.pop("text")

        token_count = d.pop("tokenCount")

        def _parse_page_start(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_start = _parse_page_start(d.pop("pageStart"))


        def _parse_page_end(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_end = _parse_page_end(d.pop("pageEnd"))


        def _parse_sheet(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sheet = _parse_sheet(d.pop("sheet"))


        def _parse_row_start(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        row_start = _parse_row_start(d.pop("rowStart"))


        def _parse_row_end(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        row_end = _parse_row_end(d.pop("rowEnd"))


        def _parse_slide(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        slide = _parse_slide(d.pop("slide"))


        heading_path = cast(list[str], d.pop("headingPath"))


        document_chunk = cls(
            id=id,
            index=index,
            text=text,
            token_count=token_count,
            page_start=page_start,
            page_end=page_end,
            sheet=sheet,
            row_start=row_start,
            row_end=row_end,
            slide=slide,
            heading_path=heading_path,
        )

        return document_chunk

