from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_chat_completion_request_message import CreateChatCompletionRequestMessage
  from ..models.create_chat_completion_request_stream_options import CreateChatCompletionRequestStreamOptions





T = TypeVar("T", bound="CreateChatCompletionRequest")



@_attrs_define
class CreateChatCompletionRequest:
    """ 
        Attributes:
            model (str): `cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic
                (`GET /v1/models` lists them). Any other name: 404
            messages (list[CreateChatCompletionRequestMessage]):
            stream (bool | None | Unset): true: `chat.completion.chunk` Server-Sent Events ending with `data: [DONE]`
            stream_options (CreateChatCompletionRequestStreamOptions | None | Unset):
            n (int | None | Unset):
     """

    model: str
    messages: list[CreateChatCompletionRequestMessage]
    stream: bool | None | Unset = UNSET
    stream_options: CreateChatCompletionRequestStreamOptions | None | Unset = UNSET
    n: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_chat_completion_request_message import CreateChatCompletionRequestMessage # noqa: PLC0415
        from ..models.create_chat_completion_request_stream_options import CreateChatCompletionRequestStreamOptions # noqa: PLC0415
        model = self.model

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)



        stream: bool | None | Unset
        if isinstance(self.stream, Unset):
            stream = UNSET
        else:
            stream = self.stream

        stream_options: dict[str, Any] | None | Unset
        if isinstance(self.stream_options, Unset):
            stream_options = UNSET
        elif isinstance(self.stream_options, CreateChatCompletionRequestStreamOptions):
            stream_options = self.stream_options.to_dict()
        else:
            stream_options = self.stream_options

        n: int | None | Unset
        if isinstance(self.n, Unset):
            n = UNSET
        else:
            n = self.n


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "model": model,
            "messages": messages,
        })
        if stream is not UNSET:
            field_dict["stream"] = stream
        if stream_options is not UNSET:
            field_dict["stream_options"] = stream_options
        if n is not UNSET:
            field_dict["n"] = n

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_chat_completion_request_message import CreateChatCompletionRequestMessage # noqa: PLC0415
        from ..models.create_chat_completion_request_stream_options import CreateChatCompletionRequestStreamOptions # noqa: PLC0415
        d = dict(src_dict)
        model = d.pop("model")

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in (_messages):
            messages_item = CreateChatCompletionRequestMessage.from_dict(messages_item_data)



            messages.append(messages_item)


        def _parse_stream(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        stream = _parse_stream(d.pop("stream", UNSET))


        def _parse_stream_options(data: object) -> CreateChatCompletionRequestStreamOptions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stream_options_type_0 = CreateChatCompletionRequestStreamOptions.from_dict(data)



                return stream_options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateChatCompletionRequestStreamOptions | None | Unset, data)

        stream_options = _parse_stream_options(d.pop("stream_options", UNSET))


        def _parse_n(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n = _parse_n(d.pop("n", UNSET))


        create_chat_completion_request = cls(
            model=model,
            messages=messages,
            stream=stream,
            stream_options=stream_options,
            n=n,
        )

        return create_chat_completion_request

