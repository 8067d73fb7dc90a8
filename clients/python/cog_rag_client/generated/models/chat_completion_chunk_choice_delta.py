from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_completion_chunk_choice_delta_role import ChatCompletionChunkChoiceDeltaRole
from ..types import UNSET, Unset






T = TypeVar("T", bound="ChatCompletionChunkChoiceDelta")



@_attrs_define
class ChatCompletionChunkChoiceDelta:
    """ 
        Attributes:
            role (ChatCompletionChunkChoiceDeltaRole | Unset):
            content (str | Unset):
     """

    role: ChatCompletionChunkChoiceDeltaRole | Unset = UNSET
    content: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value


        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if role is not UNSET:
            field_dict["role"] = role
        if content is not UNSET:
            field_dict["content"] = content

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _role = d.pop("role", UNSET)
        role: ChatCompletionChunkChoiceDeltaRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = ChatCompletionChunkChoiceDeltaRole(_role)




        content = d.pop("content", UNSET)

        chat_completion_chunk_choice_delta = cls(
            role=role,
            content=content,
        )

        return chat_completion_chunk_choice_delta

