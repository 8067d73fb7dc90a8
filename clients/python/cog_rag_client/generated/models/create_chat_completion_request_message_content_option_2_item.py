from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="CreateChatCompletionRequestMessageContentOption2Item")



@_attrs_define
class CreateChatCompletionRequestMessageContentOption2Item:
    """ 
        Attributes:
            type_ (str): `text` parts are read; any other type is ignored
            text (str | Unset):
     """

    type_: str
    text: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        text = self.text


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        text = d.pop("text", UNSET)

        create_chat_completion_request_message_content_option_2_item = cls(
            type_=type_,
            text=text,
        )

        return create_chat_completion_request_message_content_option_2_item

