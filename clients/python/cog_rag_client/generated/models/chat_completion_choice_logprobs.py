from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.chat_completion_choice_logprobs_content_item import ChatCompletionChoiceLogprobsContentItem





T = TypeVar("T", bound="ChatCompletionChoiceLogprobs")



@_attrs_define
class ChatCompletionChoiceLogprobs:
    """ 
        Attributes:
            content (list[ChatCompletionChoiceLogprobsContentItem] | None):
     """

    content: list[ChatCompletionChoiceLogprobsContentItem] | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_completion_choice_logprobs_content_item import ChatCompletionChoiceLogprobsContentItem # noqa: PLC0415
        content: list[dict[str, Any]] | None
        if isinstance(self.content, list):
            content = []
            for content_type_0_item_data in self.content:
                content_type_0_item = content_type_0_item_data.to_dict()
                content.append(content_type_0_item)


        else:
            content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_completion_choice_logprobs_content_item import ChatCompletionChoiceLogprobsContentItem # noqa: PLC0415
        d = dict(src_dict)
        def _parse_content(data: object) -> list[ChatCompletionChoiceLogprobsContentItem] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                content_type_0 = []
                _content_type_0 = data
                for content_type_0_item_data in (_content_type_0):
                    content_type_0_item = ChatCompletionChoiceLogprobsContentItem.from_dict(content_type_0_item_data)



                    content_type_0.append(content_type_0_item)

                return content_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ChatCompletionChoiceLogprobsContentItem] | None, data)

        content = _parse_content(d.pop("content"))


        chat_completion_choice_logprobs = cls(
            content=content,
        )

        return chat_completion_choice_logprobs

