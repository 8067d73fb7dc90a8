from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_completion_choice_message_role import ChatCompletionChoiceMessageRole
from typing import cast






T = TypeVar("T", bound="ChatCompletionChoiceMessage")



@_attrs_define
class ChatCompletionChoiceMessage:
    """ 
        Attributes:
            role (ChatCompletionChoiceMessageRole):
            content (str): The answer, with `[n]` citation markers (keys of `x_cog_rag.citation_map`)
            refusal (None | str): Always null: a question the documents do not answer is refused in `content`
     """

    role: ChatCompletionChoiceMessageRole
    content: str
    refusal: None | str





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        content = self.content

        refusal: None | str
        refusal = self.refusal


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
            "content": content,
            "refusal": refusal,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = ChatCompletionChoiceMessageRole(d.pop("role"))




        content = d.pop("content")

        def _parse_refusal(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        refusal = _parse_refusal(d.pop("refusal"))


        chat_completion_choice_message = cls(
            role=role,
            content=content,
            refusal=refusal,
        )

        return chat_completion_choice_message

