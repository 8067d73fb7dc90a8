from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.citation_map_value_kind import CitationMapValueKind
from ..types import UNSET, Unset






T = TypeVar("T", bound="CitationMapValue")



@_attrs_define
class CitationMapValue:
    """ 
        Attributes:
            document_id (str): `web` for a web result
            chunk_id (str): `web_<n>` for a web result
            kind (CitationMapValueKind | Unset):
            url (str | Unset):
     """

    document_id: str
    chunk_id: str
    kind: CitationMapValueKind | Unset = UNSET
    url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        chunk_id = self.chunk_id

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documentId": document_id,
            "chunkId": chunk_id,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = d.pop("documentId")

        chunk_id = d.pop("chunkId")

        _kind = d.pop("kind", UNSET)
        kind: CitationMapValueKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = CitationMapValueKind(_kind)




        url = d.pop("url", UNSET)

        citation_map_value = cls(
            document_id=document_id,
            chunk_id=chunk_id,
            kind=kind,
            url=url,
        )

        return citation_map_value

