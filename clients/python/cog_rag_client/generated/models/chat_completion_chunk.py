from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_completion_chunk_object import ChatCompletionChunkObject
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.chat_completion_chunk_choice import ChatCompletionChunkChoice
  from ..models.chat_completion_usage import ChatCompletionUsage
  from ..models.cog_rag_citations import CogRagCitations





T = TypeVar("T", bound="ChatCompletionChunk")



@_attrs_define
class ChatCompletionChunk:
    """ One `data:` line of the stream: a first chunk with `role`, one per piece of text, a last with `finish_reason:
    "stop"` and `x_cog_rag`, then `data: [DONE]`

        Attributes:
            id (str): `chatcmpl-…`
            created (int): Unix time, seconds
            model (str): The requested model
            object_ (ChatCompletionChunkObject):
            choices (list[ChatCompletionChunkChoice]): Empty on the usage chunk
            usage (ChatCompletionUsage | None | Unset):
            x_cog_rag (CogRagCitations | Unset): Cog-RAG’s extension (`x_cog_rag`): the sources the `[n]` markers cite
     """

    id: str
    created: int
    model: str
    object_: ChatCompletionChunkObject
    choices: list[ChatCompletionChunkChoice]
    usage: ChatCompletionUsage | None | Unset = UNSET
    x_cog_rag: CogRagCitations | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_completion_chunk_choice import ChatCompletionChunkChoice # noqa: PLC0415
        from ..models.chat_completion_usage import ChatCompletionUsage # noqa: PLC0415
        from ..models.cog_rag_citations import CogRagCitations # noqa: PLC0415
        id = self.id

        created = self.created

        model = self.model

        object_ = self.object_.value

        choices = []
        for choices_item_data in self.choices:
            choices_item = choices_item_data.to_dict()
            choices.append(choices_item)



        usage: dict[str, Any] | None | Unset
        if isinstance(self.usage, Unset):
            usage = UNSET
        elif isinstance(self.usage, ChatCompletionUsage):
            usage = self.usage.to_dict()
        else:
            usage = self.usage

        x_cog_rag: dict[str, Any] | Unset = UNSET
        if not isinstance(self.x_cog_rag, Unset):
            x_cog_rag = self.x_cog_rag.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "created": created,
            "model": model,
            "object": object_,
            "choices": choices,
        })
        if usage is not UNSET:
            field_dict["usage"] = usage
        if x_cog_rag is not UNSET:
            field_dict["x_cog_rag"] = x_cog_rag

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_completion_chunk_choice import ChatCompletionChunkChoice # noqa: PLC0415
        from ..models.chat_completion_usage import ChatCompletionUsage # noqa: PLC0415
        from ..models.cog_rag_citations import CogRagCitations # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        created = d.pop("created")

        model = d.pop("model")

        object_ = ChatCompletionChunkObject(d.pop("object"))




        choices = []
        _choices = d.pop("choices")
        for choices_item_data in (_choices):
            choices_item = ChatCompletionChunkChoice.from_dict(choices_item_data)



            choices.append(choices_item)


        def _parse_usage(data: object) -> ChatCompletionUsage | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_type_0 = ChatCompletionUsage.from_dict(data)



                return usage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChatCompletionUsage | None | Unset, data)

        usage = _parse_usage(d.pop("usage", UNSET))


        _x_cog_rag = d.pop("x_cog_rag", UNSET)
        x_cog_rag: CogRagCitations | Unset
        if isinstance(_x_cog_rag,  Unset):
            x_cog_rag = UNSET
        else:
            x_cog_rag = CogRagCitations.from_dict(_x_cog_rag)




        chat_completion_chunk = cls(
            id=id,
            created=created,
            model=model,
            object_=object_,
            choices=choices,
            usage=usage,
            x_cog_rag=x_cog_rag,
        )

        return chat_completion_chunk

