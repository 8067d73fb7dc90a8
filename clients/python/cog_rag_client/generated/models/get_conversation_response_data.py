from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.message import Message





T = TypeVar("T", bound="GetConversationResponseData")



@_attrs_define
class GetConversationResponseData:
    """ 
        Attributes:
            id (str):
            title (str):
            message_count (int):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            messages (list[Message]):
     """

    id: str
    title: str
    message_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    messages: list[Message]





    def to_dict(self) -> dict[str, Any]:
        from ..models.message import Message # noqa: PLC0415
        id = self.id

        title = self.title

        message_count = self.message_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "title": title,
            "messageCount": message_count,
            "createdAt": created_at,
            "updatedAt": updated_at,
            "messages": messages,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message import Message # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        message_count = d.pop("messageCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        messages = []
        _messages = d.pop("messages")
        for messages_item_data in (_messages):
            messages_item = Message.from_dict(messages_item_data)



            messages.append(messages_item)


        get_conversation_response_data = cls(
            id=id,
            title=title,
            message_count=message_count,
            created_at=created_at,
            updated_at=updated_at,
            messages=messages,
        )

        return get_conversation_response_data

