from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PublicStreamChatRequest")



@_attrs_define
class PublicStreamChatRequest:
    """ 
        Attributes:
            message (str): The question
            session_id (str | Unset): Widget session, `sess_<id>`: send back the `sessionId` of the previous answer to
                continue its conversation. Only ids the server made for this key continue one; any other (unknown, made up,
                another key’s) starts a new session, whose id the answer returns.
            topic_id (str | Unset):
            web_search (bool | Unset): Also search the web (SearXNG) and cite its results after the company documents,
                marked `kind: "web"`. Not configured: 503; the provider failing: 502, before any byte is streamed.
     """

    message: str
    session_id: str | Unset = UNSET
    topic_id: str | Unset = UNSET
    web_search: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        message = self.message

        session_id = self.session_id

        topic_id = self.topic_id

        web_search = self.web_search


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "message": message,
        })
        if session_id is not UNSET:
            field_dict["sessionId"] = session_id
        if topic_id is not UNSET:
            field_dict["topicId"] = topic_id
        if web_search is not UNSET:
            field_dict["webSearch"] = web_search

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        session_id = d.pop("sessionId", UNSET)

        topic_id = d.pop("topicId", UNSET)

        web_search = d.pop("webSearch", UNSET)

        public_stream_chat_request = cls(
            message=message,
            session_id=session_id,
            topic_id=topic_id,
            web_search=web_search,
        )

        return public_stream_chat_request

