from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_insights_conversation_response_data_message_feedback_type_0 import GetInsightsConversationResponseDataMessageFeedbackType0
from ..models.get_insights_conversation_response_data_message_role import GetInsightsConversationResponseDataMessageRole
from typing import cast
import datetime






T = TypeVar("T", bound="GetInsightsConversationResponseDataMessage")



@_attrs_define
class GetInsightsConversationResponseDataMessage:
    """ 
        Attributes:
            id (str):
            role (GetInsightsConversationResponseDataMessageRole):
            content (str):
            created_at (datetime.datetime):
            refused (bool): An answer that cited nothing
            feedback (GetInsightsConversationResponseDataMessageFeedbackType0 | None):
     """

    id: str
    role: GetInsightsConversationResponseDataMessageRole
    content: str
    created_at: datetime.datetime
    refused: bool
    feedback: GetInsightsConversationResponseDataMessageFeedbackType0 | None





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        role = self.role.value

        content = self.content

        created_at = self.created_at.isoformat()

        refused = self.refused

        feedback: None | str
        if isinstance(self.feedback, GetInsightsConversationResponseDataMessageFeedbackType0):
            feedback = self.feedback.value
        else:
            feedback = self.feedback


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "role": role,
            "content": content,
            "createdAt": created_at,
            "refused": refused,
            "feedback": feedback,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        role = GetInsightsConversationResponseDataMessageRole(d.pop("role"))




        content = d.pop("content")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        refused = d.pop("refused")

        def _parse_feedback(data: object) -> GetInsightsConversationResponseDataMessageFeedbackType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_0 = GetInsightsConversationResponseDataMessageFeedbackType0(data)



                return feedback_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetInsightsConversationResponseDataMessageFeedbackType0 | None, data)

        feedback = _parse_feedback(d.pop("feedback"))


        get_insights_conversation_response_data_message = cls(
            id=id,
            role=role,
            content=content,
            created_at=created_at,
            refused=refused,
            feedback=feedback,
        )

        return get_insights_conversation_response_data_message

