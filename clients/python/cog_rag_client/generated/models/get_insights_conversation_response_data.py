from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_insights_conversation_response_data_channel import GetInsightsConversationResponseDataChannel
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.get_insights_conversation_response_data_message import GetInsightsConversationResponseDataMessage





T = TypeVar("T", bound="GetInsightsConversationResponseData")



@_attrs_define
class GetInsightsConversationResponseData:
    """ 
        Attributes:
            id (str):
            title (str):
            channel (GetInsightsConversationResponseDataChannel): `console`: a signed-in user asked; `widget`: an API key
                did (the widget or a server)
            created_at (datetime.datetime):
            messages (list[GetInsightsConversationResponseDataMessage]): The first 500 messages, oldest first
     """

    id: str
    title: str
    channel: GetInsightsConversationResponseDataChannel
    created_at: datetime.datetime
    messages: list[GetInsightsConversationResponseDataMessage]





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_insights_conversation_response_data_message import GetInsightsConversationResponseDataMessage # noqa: PLC0415
        id = self.id

        title = self.title

        channel = self.channel.value

        created_at = self.created_at.isoformat()

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "title": title,
            "channel": channel,
            "createdAt": created_at,
            "messages": messages,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_insights_conversation_response_data_message import GetInsightsConversationResponseDataMessage # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        channel = GetInsightsConversationResponseDataChannel(d.pop("channel"))




        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        messages = []
        _messages = d.pop("messages")
        for messages_item_data in (_messages):
            messages_item = GetInsightsConversationResponseDataMessage.from_dict(messages_item_data)



            messages.append(messages_item)


        get_insights_conversation_response_data = cls(
            id=id,
            title=title,
            channel=channel,
            created_at=created_at,
            messages=messages,
        )

        return get_insights_conversation_response_data

