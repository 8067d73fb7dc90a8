from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_documents_request_mode import SearchDocumentsRequestMode
from ..types import UNSET, Unset






T = TypeVar("T", bound="SearchDocumentsRequest")



@_attrs_define
class SearchDocumentsRequest:
    """ 
        Attributes:
            query (str): What to look for, in plain words (not only white space)
            topic_id (str | Unset): Search only this topic’s documents
            limit (int | Unset): Chunks to return Default: 10.
            mode (SearchDocumentsRequestMode | Unset): `dense` (embedding similarity), `lexical` (BM25), `hybrid` (both,
                fused; the default) or `rerank` (hybrid re-scored by a cross-encoder; falls back to hybrid when none is
                configured)
     """

    query: str
    topic_id: str | Unset = UNSET
    limit: int | Unset = 10
    mode: SearchDocumentsRequestMode | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        query = self.query

        topic_id = self.topic_id

        limit = self.limit

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "query": query,
        })
        if topic_id is not UNSET:
            field_dict["topicId"] = topic_id
        if limit is not UNSET:
            field_dict["limit"] = limit
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        query = d.pop("query")

        topic_id = d.pop("topicId", UNSET)

        limit = d.pop("limit", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: SearchDocumentsRequestMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = SearchDocumentsRequestMode(_mode)




        search_documents_request = cls(
            query=query,
            topic_id=topic_id,
            limit=limit,
            mode=mode,
        )

        return search_documents_request

