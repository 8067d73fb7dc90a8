from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="CreateChatCompletionRequestStreamOptions")



@_attrs_define
class CreateChatCompletionRequestStreamOptions:
    """ 
        Attributes:
            include_usage (bool | Unset): A last chunk with `usage` and no choices, before `[DONE]`
     """

    include_usage: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        include_usage = self.include_usage


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if include_usage is not UNSET:
            field_dict["include_usage"] = include_usage

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        include_usage = d.pop("include_usage", UNSET)

        create_chat_completion_request_stream_options = cls(
            include_usage=include_usage,
        )

        return create_chat_completion_request_stream_options

