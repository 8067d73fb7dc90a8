from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stream_token_event_type import StreamTokenEventType






T = TypeVar("T", bound="StreamTokenEvent")



@_attrs_define
class StreamTokenEvent:
    """ 
        Attributes:
            type_ (StreamTokenEventType):
            content (str): The next piece of the answer: untrusted plain text, never HTML
     """

    type_: StreamTokenEventType
    content: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = StreamTokenEventType(d.pop("type"))




        content = d.pop("content")

        stream_token_event = cls(
            type_=type_,
            content=content,
        )

        return stream_token_event

