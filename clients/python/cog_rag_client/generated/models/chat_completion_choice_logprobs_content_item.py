from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ChatCompletionChoiceLogprobsContentItem")



@_attrs_define
class ChatCompletionChoiceLogprobsContentItem:
    """ 
        Attributes:
            token (str):
            logprob (float):
     """

    token: str
    logprob: float





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        logprob = self.logprob


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "logprob": logprob,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        logprob = d.pop("logprob")

        chat_completion_choice_logprobs_content_item = cls(
            token=token,
            logprob=logprob,
        )

        return chat_completion_choice_logprobs_content_item

