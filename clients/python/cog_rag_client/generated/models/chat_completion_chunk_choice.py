from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.chat_completion_chunk_choice_delta import ChatCompletionChunkChoiceDelta
  from ..models.chat_completion_chunk_choice_logprobs import ChatCompletionChunkChoiceLogprobs





T = TypeVar("T", bound="ChatCompletionChunkChoice")



@_attrs_define
class ChatCompletionChunkChoice:
    """ 
        Attributes:
            index (int):
            delta (ChatCompletionChunkChoiceDelta):
            logprobs (ChatCompletionChunkChoiceLogprobs | None): Always null: no log probabilities are computed
            finish_reason (None | str): `stop` on the last chunk, null on the others
     """

    index: int
    delta: ChatCompletionChunkChoiceDelta
    logprobs: ChatCompletionChunkChoiceLogprobs | None
    finish_reason: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_completion_chunk_choice_delta import ChatCompletionChunkChoiceDelta # noqa: PLC0415
        from ..models.chat_completion_chunk_choice_logprobs import ChatCompletionChunkChoiceLogprobs # noqa: PLC0415
        index = self.index

        delta = self.delta.to_dict()

        logprobs: dict[str, Any] | None
        if isinstance(self.logprobs, ChatCompletionChunkChoiceLogprobs):
            logprobs = self.logprobs.to_dict()
        else:
            logprobs = self.logprobs

        finish_reason: None | str
        finish_reason = self.finish_reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "index": index,
            "delta": delta,
            "logprobs": logprobs,
            "finish_reason": finish_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_completion_chunk_choice_delta import ChatCompletionChunkChoiceDelta # noqa: PLC0415
        from ..models.chat_completion_chunk_choice_logprobs import ChatCompletionChunkChoiceLogprobs # noqa: PLC0415
        d = dict(src_dict)
        index = d.pop("index")

        delta = ChatCompletionChunkChoiceDelta.from_dict(d.pop("delta"))




        def _parse_logprobs(data: object) -> ChatCompletionChunkChoiceLogprobs | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                logprobs_type_0 = ChatCompletionChunkChoiceLogprobs.from_dict(data)



                return logprobs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChatCompletionChunkChoiceLogprobs | None, data)

        logprobs = _parse_logprobs(d.pop("logprobs"))


        def _parse_finish_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finish_reason = _parse_finish_reason(d.pop("finish_reason"))


        chat_completion_chunk_choice = cls(
            index=index,
            delta=delta,
            logprobs=logprobs,
            finish_reason=finish_reason,
        )

        return chat_completion_chunk_choice

