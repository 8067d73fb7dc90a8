from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_completion_object import ChatCompletionObject
from typing import cast

if TYPE_CHECKING:
  from ..models.chat_completion_choice import ChatCompletionChoice
  from ..models.chat_completion_usage import ChatCompletionUsage
  from ..models.cog_rag_citations import CogRagCitations





T = TypeVar("T", bound="ChatCompletion")



@_attrs_define
class ChatCompletion:
    """ 
        Attributes:
            id (str): `chatcmpl-…`
            created (int): Unix time, seconds
            model (str): The requested model
            object_ (ChatCompletionObject):
            choices (list[ChatCompletionChoice]):
            usage (ChatCompletionUsage): Estimated: one token per 4 characters of text (OpenAI’s rule of thumb)
            x_cog_rag (CogRagCitations): Cog-RAG’s extension (`x_cog_rag`): the sources the `[n]` markers cite
     """

    id: str
    created: int
    model: str
    object_: ChatCompletionObject
    choices: list[ChatCompletionChoice]
    usage: ChatCompletionUsage
    x_cog_rag: CogRagCitations





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_completion_choice import ChatCompletionChoice # noqa: PLC0415
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



        usage = self.usage.to_dict()

        x_cog_rag = self.x_cog_rag.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "created": created,
            "model": model,
            "object": object_,
            "choices": choices,
            "usage": usage,
            "x_cog_rag": x_cog_rag,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_completion_choice import ChatCompletionChoice # noqa: PLC0415
        from ..models.chat_completion_usage import ChatCompletionUsage # noqa: PLC0415
        from ..models.cog_rag_citations import CogRagCitations # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        created = d.pop("created")

        model = d.pop("model")

        object_ = ChatCompletionObject(d.pop("object"))




        choices = []
        _choices = d.pop("choices")
        for choices_item_data in (_choices):
            choices_item = ChatCompletionChoice.from_dict(choices_item_data)



            choices.append(choices_item)


        usage = ChatCompletionUsage.from_dict(d.pop("usage"))




        x_cog_rag = CogRagCitations.from_dict(d.pop("x_cog_rag"))




        chat_completion = cls(
            id=id,
            created=created,
            model=model,
            object_=object_,
            choices=choices,
            usage=usage,
            x_cog_rag=x_cog_rag,
        )

        return chat_completion

