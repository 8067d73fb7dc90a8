from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.get_insights_conversation_response_data import GetInsightsConversationResponseData





T = TypeVar("T", bound="GetInsightsConversationResponse")



@_attrs_define
class GetInsightsConversationResponse:
    """ 
        Attributes:
            success (bool): Always `true`
            data (GetInsightsConversationResponseData):
     """

    success: bool
    data: GetInsightsConversationResponseData





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_insights_conversation_response_data import GetInsightsConversationResponseData # noqa: PLC0415
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
        from ..models.get_insights_conversation_response_data import GetInsightsConversationResponseData # noqa: PLC0415
        d = dict(src_dict)
        success = d.pop("success")

        data = GetInsightsConversationResponseData.from_dict(d.pop("data"))




        get_insights_conversation_response = cls(
            success=success,
            data=data,
        )

        return get_insights_conversation_response

