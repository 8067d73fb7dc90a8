from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_completion_choice_finish_reason import ChatCompletionChoiceFinishReason
from typing import cast

if TYPE_CHECKING:
  from ..models.chat_completion_choice_logprobs import ChatCompletionChoiceLogprobs
  from ..models.chat_completion_choice_message import ChatCompletionChoiceMessage





T = TypeVar("T", bound="ChatCompletionChoice")



@_attrs_define
class ChatCompletionChoice:
    """ 
        Attributes:
            index (int):
            message (ChatCompletionChoiceMessage):
            logprobs (ChatCompletionChoiceLogprobs | None): Always null: no log probabilities are computed
            finish_reason (ChatCompletionChoiceFinishReason):
     """

    index: int
    message: ChatCompletionChoiceMessage
    logprobs: ChatCompletionChoiceLogprobs | None
    finish_reason: ChatCompletionChoiceFinishReason





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_completion_choice_logprobs import ChatCompletionChoiceLogprobs # noqa: PLC0415
        from ..models.chat_completion_choice_message import ChatCompletionChoiceMessage # noqa: PLC0415
        index = self.index

        message = self.message.to_dict()

        logprobs: dict[str, Any] | None
        if isinstance(self.logprobs, ChatCompletionChoiceLogprobs):
            logprobs = self.logprobs.to_dict()
        else:
            logprobs = self.logprobs

        finish_reason = self.finish_reason.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "index": index,
            "message": message,
            "logprobs": logprobs,
            "finish_reason": finish_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_completion_choice_logprobs import ChatCompletionChoiceLogprobs # noqa: PLC0415
        from ..models.chat_completion_choice_message import ChatCompletionChoiceMessage # noqa: PLC0415
        d = dict(src_dict)
        index = d.pop("index")

        message = ChatCompletionChoiceMessage.from_dict(d.pop("message"))




        def _parse_logprobs(data: object) -> ChatCompletionChoiceLogprobs | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                logprobs_type_0 = ChatCompletionChoiceLogprobs.from_dict(data)



                return logprobs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChatCompletionChoiceLogprobs | None, data)

        logprobs = _parse_logprobs(d.pop("logprobs"))


        finish_reason = ChatCompletionChoiceFinishReason(d.pop("finish_reason"))




        chat_completion_choice = cls(
            index=index,
            message=message,
            logprobs=logprobs,
            finish_reason=finish_reason,
        )

        return chat_completion_choice

