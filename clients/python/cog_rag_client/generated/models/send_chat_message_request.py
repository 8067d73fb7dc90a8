from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SendChatMessageRequest")



@_attrs_define
class SendChatMessageRequest:
    """ 
        Attributes:
            message (str): The question
            conversation_id (str | Unset): Continue this conversation
            topic_id (str | Unset): Answer from this topic only
            web_search (bool | Unset): Also search the web (SearXNG) and cite its results after the company documents,
                marked `kind: "web"`. Not configured: 503; the provider failing: 502, before any byte is streamed.
     """

    message: str
    conversation_id: str | Unset = UNSET
    topic_id: str | Unset = UNSET
    web_search: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        message = self.message

        conversation_id = self.conversation_id

        topic_id = self.topic_id

        web_search = self.web_search


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "message": message,
        })
        if conversation_id is not UNSET:
            field_dict["conversationId"] = conversation_id
        if topic_id is not UNSET:
            field_dict["topicId"] = topic_id
        if web_search is not UNSET:
            field_dict["webSearch"] = web_search

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        conversation_id = d.pop("conversationId", UNSET)

        topic_id = d.pop("topicId", UNSET)

        web_search = d.pop("webSearch", UNSET)

        send_chat_message_request = cls(
            message=message,
            conversation_id=conversation_id,
            topic_id=topic_id,
            web_search=web_search,
        )

        return send_chat_message_request

