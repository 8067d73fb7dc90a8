from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_insights_response_data_thumbs_down_item_channel import GetInsightsResponseDataThumbsDownItemChannel
from typing import cast
import datetime






T = TypeVar("T", bound="GetInsightsResponseDataThumbsDownItem")



@_attrs_define
class GetInsightsResponseDataThumbsDownItem:
    """ 
        Attributes:
            message_id (str): The answer
            conversation_id (str):
            question (str):
            asked_at (datetime.datetime):
            channel (GetInsightsResponseDataThumbsDownItemChannel): `console`: a signed-in user asked; `widget`: an API key
                did (the widget or a server)
            answer (str): The start of the answer
            rated_at (datetime.datetime):
     """

    message_id: str
    conversation_id: str
    question: str
    asked_at: datetime.datetime
    channel: GetInsightsResponseDataThumbsDownItemChannel
    answer: str
    rated_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        conversation_id = self.conversation_id

        question = self.question

        asked_at = self.asked_at.isoformat()

        channel = self.channel.value

        answer = self.answer

        rated_at = self.rated_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "messageId": message_id,
            "conversationId": conversation_id,
            "question": question,
            "askedAt": asked_at,
            "channel": channel,
            "answer": answer,
            "ratedAt": rated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("messageId")

        conversation_id = d.pop("conversationId")

        question = d.pop("question")

        asked_at = datetime.datetime.fromisoformat(d.pop("askedAt"))




        channel = GetInsightsResponseDataThumbsDownItemChannel(d.pop("channel"))




        answer = d.pop("answer")

        rated_at = datetime.datetime.fromisoformat(d.pop("ratedAt"))




        get_insights_response_data_thumbs_down_item = cls(
            message_id=message_id,
            conversation_id=conversation_id,
            question=question,
            asked_at=asked_at,
            channel=channel,
            answer=answer,
            rated_at=rated_at,
        )

        return get_insights_response_data_thumbs_down_item

