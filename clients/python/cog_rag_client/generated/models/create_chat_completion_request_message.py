from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_chat_completion_request_message_role import CreateChatCompletionRequestMessageRole
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_chat_completion_request_message_content_option_2_item import CreateChatCompletionRequestMessageContentOption2Item





T = TypeVar("T", bound="CreateChatCompletionRequestMessage")



@_attrs_define
class CreateChatCompletionRequestMessage:
    """ 
        Attributes:
            role (CreateChatCompletionRequestMessageRole): The last message must be `user` (the question); earlier `user`
                and `assistant` messages are the conversation, `system`, `developer`, `tool` and `function` messages are ignored
                (the company’s settings decide the answerer’s instructions)
            content (list[CreateChatCompletionRequestMessageContentOption2Item] | None | str | Unset): Text, or an array of
                content parts whose `text` parts are joined
            name (str | Unset):
     """

    role: CreateChatCompletionRequestMessageRole
    content: list[CreateChatCompletionRequestMessageContentOption2Item] | None | str | Unset = UNSET
    name: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_chat_completion_request_message_content_option_2_item import CreateChatCompletionRequestMessageContentOption2Item # noqa: PLC0415
        role = self.role.value

        content: list[dict[str, Any]] | None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        elif isinstance(self.content, list):
            content = []
            for content_type_1_item_data in self.content:
                content_type_1_item = content_type_1_item_data.to_dict()
                content.append(content_type_1_item)


        else:
            content = self.content

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })
        if content is not UNSET:
            field_dict["content"] = content
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_chat_completion_request_message_content_option_2_item import CreateChatCompletionRequestMessageContentOption2Item # noqa: PLC0415
        d = dict(src_dict)
        role = CreateChatCompletionRequestMessageRole(d.pop("role"))




        def _parse_content(data: object) -> list[CreateChatCompletionRequestMessageContentOption2Item] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                content_type_1 = []
                _content_type_1 = data
                for content_type_1_item_data in (_content_type_1):
                    content_type_1_item = CreateChatCompletionRequestMessageContentOption2Item.from_dict(content_type_1_item_data)



                    content_type_1.append(content_type_1_item)

                return content_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateChatCompletionRequestMessageContentOption2Item] | None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))


        name = d.pop("name", UNSET)

        create_chat_completion_request_message = cls(
            role=role,
            content=content,
            name=name,
        )

        return create_chat_completion_request_message

