from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.citation_map import CitationMap
  from ..models.source import Source





T = TypeVar("T", bound="CogRagCitations")



@_attrs_define
class CogRagCitations:
    """ Cog-RAG’s extension (`x_cog_rag`): the sources the `[n]` markers cite

        Attributes:
            sources (list[Source]): The cited documents with their cited chunks (the REST API’s `Source`)
            citation_map (CitationMap):
            conversation_id (str): The stored conversation (one per request)
            message_id (str): The stored answer (for feedback)
     """

    sources: list[Source]
    citation_map: CitationMap
    conversation_id: str
    message_id: str





    def to_dict(self) -> dict[str, Any]:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        from ..models.source import Source # noqa: PLC0415
        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)



        citation_map = self.citation_map.to_dict()

        conversation_id = self.conversation_id

        message_id = self.message_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "sources": sources,
            "citation_map": citation_map,
            "conversation_id": conversation_id,
            "message_id": message_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        from ..models.source import Source # noqa: PLC0415
        d = dict(src_dict)
        sources = []
        _sources = d.pop("sources")
        for sources_item_data in (_sources):
            sources_item = Source.from_dict(sources_item_data)



            sources.append(sources_item)


        citation_map = CitationMap.from_dict(d.pop("citation_map"))




        conversation_id = d.pop("conversation_id")

        message_id = d.pop("message_id")

        cog_rag_citations = cls(
            sources=sources,
            citation_map=citation_map,
            conversation_id=conversation_id,
            message_id=message_id,
        )

        return cog_rag_citations

