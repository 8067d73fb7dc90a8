from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.source_kind import SourceKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.source_chunk import SourceChunk





T = TypeVar("T", bound="Source")



@_attrs_define
class Source:
    """ 
        Attributes:
            id (str): Document id (a web result: its URL)
            name (str): Document (file) name or web page title. Untrusted plain text: render it as text, never as HTML
            score (float):
            chunks (list[SourceChunk]):
            kind (SourceKind | Unset): Present on web search results only
            url (str | Unset):
            original_url (str | Unset): Public (widget) answers of a key with `allowOriginals` only: a signed link to the
                document’s original, relative to the API base (`/api`), valid 10 minutes (`downloadPublicDocumentFile`). Absent
                on web results and stored answers
     """

    id: str
    name: str
    score: float
    chunks: list[SourceChunk]
    kind: SourceKind | Unset = UNSET
    url: str | Unset = UNSET
    original_url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.source_chunk import SourceChunk # noqa: PLC0415
        id = self.id

        name = self.name

        score = self.score

        chunks = []
        for chunks_item_data in self.chunks:
            chunks_item = chunks_item_data.to_dict()
            chunks.append(chunks_item)



        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        url = self.url

        original_url = self.original_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "score": score,
            "chunks": chunks,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if url is not UNSET:
            field_dict["url"] = url
        if original_url is not UNSET:
            field_dict["originalUrl"] = original_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.source_chunk import SourceChunk # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        score = d.pop("score")

        chunks = []
        _chunks = d.pop("chunks")
        for chunks_item_data in (_chunks):
            chunks_item = SourceChunk.from_dict(chunks_item_data)



            chunks.append(chunks_item)


        _kind = d.pop("kind", UNSET)
        kind: SourceKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = SourceKind(_kind)




        url = d.pop("url", UNSET)

        original_url = d.pop("originalUrl", UNSET)

        source = cls(
            id=id,
            name=name,
            score=score,
            chunks=chunks,
            kind=kind,
            url=url,
            original_url=original_url,
        )

        return source

