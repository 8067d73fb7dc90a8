from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SearchHit")



@_attrs_define
class SearchHit:
    """ 
        Attributes:
            chunk_id (str):
            document_id (str):
            document_name (str):
            text (str): The chunk’s text, as indexed
            score (float): Relevance under the mode used (cosine similarity, BM25 or fused score): higher is better,
                comparable within one response only
            page_start (int | None): First page; null without pages
            page_end (int | None):
            heading_path (list[str]): Enclosing headings, outermost first
     """

    chunk_id: str
    document_id: str
    document_name: str
    text: str
    score: float
    page_start: int | None
    page_end: int | None
    heading_path: list[str]





    def to_dict(self) -> dict[str, Any]:
        chunk_id = self.chunk_id

        document_id = self.document_id

        document_name = self.document_name

        text = self.text

        score = self.score

        page_start: int | None
        page_start = self.page_start

        page_end: int | None
        page_end = self.page_end

        heading_path = self.heading_path




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "chunkId": chunk_id,
            "documentId": document_id,
            "documentName": document_name,
            "text": text,
            "score": score,
            "pageStart": page_start,
            "pageEnd": page_end,
            "headingPath": heading_path,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chunk_id = d.pop("chunkId")

        document_id = d.pop("documentId")

        document_name = d.pop("documentName")

        text = d.pop("text")

        score = d.pop("score")

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


        heading_path = cast(list[str], d.pop("headingPath"))


        search_hit = cls(
            chunk_id=chunk_id,
            document_id=document_id,
            document_name=document_name,
            text=text,
            score=score,
            page_start=page_start,
            page_end=page_end,
            heading_path=heading_path,
        )

        return search_hit

