from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.message_feedback_type_0 import MessageFeedbackType0
from ..models.message_role import MessageRole
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.citation_map import CitationMap
  from ..models.message_source import MessageSource





T = TypeVar("T", bound="Message")



@_attrs_define
class Message:
    """ 
        Attributes:
            id (str):
            role (MessageRole):
            content (str):
            sources (list[MessageSource]):
            citation_map (CitationMap):
            refused (bool): An answer citing no source: nothing in the documents answered the question
            feedback (MessageFeedbackType0 | None): The asker’s rating of an answer (PUT …/messages/:messageId/feedback)
            created_at (datetime.datetime):
     """

    id: str
    role: MessageRole
    content: str
    sources: list[MessageSource]
    citation_map: CitationMap
    refused: bool
    feedback: MessageFeedbackType0 | None
    created_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        from ..models.message_source import MessageSource # noqa: PLC0415
        id = self.id

        role = self.role.value

        content = self.content

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)



        citation_map = self.citation_map.to_dict()

        refused = self.refused

        feedback: None | str
        if isinstance(self.feedback, MessageFeedbackType0):
            feedback = self.feedback.value
        else:
            feedback = self.feedback

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "role": role,
            "content": content,
            "sources": sources,
            "citationMap": citation_map,
            "refused": refused,
            "feedback": feedback,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.citation_map import CitationMap # noqa: PLC0415
        from ..models.message_source import MessageSource # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        role = MessageRole(d.pop("role"))




        content = d.pop("content")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in (_sources):
            sources_item = MessageSource.from_dict(sources_item_data)



            sources.append(sources_item)


        citation_map = CitationMap.from_dict(d.pop("citationMap"))




        refused = d.pop("refused")

        def _parse_feedback(data: object) -> MessageFeedbackType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_0 = MessageFeedbackType0(data)



                return feedback_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessageFeedbackType0 | None, data)

        feedback = _parse_feedback(d.pop("feedback"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        message = cls(
            id=id,
            role=role,
            content=content,
            sources=sources,
            citation_map=citation_map,
            refused=refused,
            feedback=feedback,
            created_at=created_at,
        )

        return message

