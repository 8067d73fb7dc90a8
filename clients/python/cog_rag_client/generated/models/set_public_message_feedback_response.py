from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.set_public_message_feedback_response_data import SetPublicMessageFeedbackResponseData





T = TypeVar("T", bound="SetPublicMessageFeedbackResponse")



@_attrs_define
class SetPublicMessageFeedbackResponse:
    """ 
        Attributes:
            success (bool): Always `true`
            data (SetPublicMessageFeedbackResponseData):
     """

    success: bool
    data: SetPublicMessageFeedbackResponseData





    def to_dict(self) -> dict[str, Any]:
        from ..models.set_public_message_feedback_response_data import SetPublicMessageFeedbackResponseData # noqa: PLC0415
        success = self.success

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "success": success,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.set_public_message_feedback_response_data import SetPublicMessageFeedbackResponseData # noqa: PLC0415
        d = dict(src_dict)
        success = d.pop("success")

        data = SetPublicMessageFeedbackResponseData.from_dict(d.pop("data"))




        set_public_message_feedback_response = cls(
            success=success,
            data=data,
        )

        return set_public_message_feedback_response

