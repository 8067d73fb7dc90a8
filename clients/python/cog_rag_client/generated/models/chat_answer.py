from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.citation_map import CitationMap
  from ..models.source import Source





T = TypeVar("T", bound="ChatAnswer")



@_attrs_define
class ChatAnswer:
    """ 
        Attributes:
            answer (str): Plain text quoted from or generated over documents: untrusted, it may contain markup (an `img` tag
                with an event handler, for instance). Render it as text, never as HTML; only `[n]` markers have a meaning (keys
                of `citationMap`)
            sources (list[Source]):
            citation_map (CitationMap):
            conversation_id (str):
            message_id (str):
            session_id (str | Unset): Public (widget) routes only: the session this answer belongs to, made by the server.
                Send it as `sessionId` with the next question to continue the conversation
     """

    answer: str
    sources: list[Source]
    citation_map: CitationMap
    conversation_id: str
    message_id: str
    session_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        from ..models.source import Source # noqa: PLC0415
        answer = self.answer

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)



        citation_map = self.citation_map.to_dict()

        conversation_id = self.conversation_id

        message_id = self.message_id

        session_id = self.session_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "answer": answer,
            "sources": sources,
            "citationMap": citation_map,
            "conversationId": conversation_id,
            "messageId": message_id,
        })
        if session_id is not UNSET:
            field_dict["sessionId"] = session_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        from ..models.source import Source # noqa: PLC0415
        d = dict(src_dict)
        answer = d.pop("answer")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in (_sources):
            sources_item = Source.from_dict(sources_item_data)



            sources.append(sources_item)


        citation_map = CitationMap.from_dict(d.pop("citationMap"))




        conversation_id = d.pop("conversationId")

        message_id = d.pop("messageId")

        session_id = d.pop("sessionId", UNSET)

        chat_answer = cls(
            answer=answer,
            sources=sources,
            citation_map=citation_map,
            conversation_id=conversation_id,
            message_id=message_id,
            session_id=session_id,
        )

        return chat_answer

