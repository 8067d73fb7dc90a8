from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SourceChunk")



@_attrs_define
class SourceChunk:
    """ 
        Attributes:
            citation (int): The `[n]` in the answer
            chunk_id (str):
            page (int | None): First page (PDF); null without pages
            snippet (str | Unset): The chunk’s opening words. Untrusted plain text from a document: it may contain markup;
                render it as text, never as HTML
            quote (str | Unset): The chunk’s sentence the answer cites it for (the one sharing most words with the sentence
                that carries `[n]`); absent when none matched. Untrusted plain text from a document: render it as text, never as
                HTML
            page_end (int | Unset): Last page, when the chunk spans pages
            sheet (str | Unset): Spreadsheets: the sheet
            row_start (int | Unset): Spreadsheets: first row (1-based, as shown)
            row_end (int | Unset): Spreadsheets: last row
            slide (int | Unset): Slide decks: the slide number
     """

    citation: int
    chunk_id: str
    page: int | None
    snippet: str | Unset = UNSET
    quote: str | Unset = UNSET
    page_end: int | Unset = UNSET
    sheet: str | Unset = UNSET
    row_start: int | Unset = UNSET
    row_end: int | Unset = UNSET
    slide: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        citation = self.citation

        chunk_id = self.chunk_id

        page: int | None
        page = self.page

        snippet = self.snippet

        quote = self.quote

        page_end = self.page_end

        sheet = self.sheet

        row_start = self.row_start

        row_end = self.row_end

        slide = self.slide


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "citation": citation,
            "chunkId": chunk_id,
            "page": page,
        })
        if snippet is not UNSET:
            field_dict["snippet"] = snippet
        if quote is not UNSET:
            field_dict["quote"] = quote
        if page_end is not UNSET:
            field_dict["pageEnd"] = page_end
        if sheet is not UNSET:
            field_dict["sheet"] = sheet
        if row_start is not UNSET:
            field_dict["rowStart"] = row_start
        if row_end is not UNSET:
            field_dict["rowEnd"] = row_end
        if slide is not UNSET:
            field_dict["slide"] = slide

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        citation = d.pop("citation")

        chunk_id = d.pop("chunkId")

        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))


        snippet = d.pop("snippet", UNSET)

        quote = d.pop("quote", UNSET)

        page_end = d.pop("pageEnd", UNSET)

        sheet = d.pop("sheet", UNSET)

        row_start = d.pop("rowStart", UNSET)

        row_end = d.pop("rowEnd", UNSET)

        slide = d.pop("slide", UNSET)

        source_chunk = cls(
            citation=citation,
            chunk_id=chunk_id,
            page=page,
            snippet=snippet,
            quote=quote,
            page_end=page_end,
            sheet=sheet,
            row_start=row_start,
            row_end=row_end,
            slide=slide,
        )

        return source_chunk

