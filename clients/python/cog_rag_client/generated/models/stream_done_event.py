from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stream_done_event_type import StreamDoneEventType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.citation_map import CitationMap





T = TypeVar("T", bound="StreamDoneEvent")



@_attrs_define
class StreamDoneEvent:
    """ 
        Attributes:
            type_ (StreamDoneEventType):
            citation_map (CitationMap):
            conversation_id (str):
            message_id (str):
            session_id (str | Unset): Public (widget) routes only: the session this answer belongs to, made by the server.
                Send it as `sessionId` with the next question to continue the conversation
     """

    type_: StreamDoneEventType
    citation_map: CitationMap
    conversation_id: str
    message_id: str
    session_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        type_ = self.type_.value

        citation_map = self.citation_map.to_dict()

        conversation_id = self.conversation_id

        message_id = self.message_id

        session_id = self.session_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
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
        d = dict(src_dict)
        type_ = StreamDoneEventType(d.pop("type"))




        citation_map = CitationMap.from_dict(d.pop("citationMap"))




        conversation_id = d.pop("conversationId")

        message_id = d.pop("messageId")

        session_id = d.pop("sessionId", UNSET)

        stream_done_event = cls(
            type_=type_,
            citation_map=citation_map,
            conversation_id=conversation_id,
            message_id=message_id,
            session_id=session_id,
        )

        return stream_done_event

