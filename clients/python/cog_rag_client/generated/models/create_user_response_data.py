from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_user_response_data_invitation import CreateUserResponseDataInvitation
  from ..models.user_detail import UserDetail





T = TypeVar("T", bound="CreateUserResponseData")



@_attrs_define
class CreateUserResponseData:
    """ 
        Attributes:
            user (UserDetail):
            invitation (CreateUserResponseDataInvitation | Unset):
     """

    user: UserDetail
    invitation: CreateUserResponseDataInvitation | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_user_response_data_invitation import CreateUserResponseDataInvitation # noqa: PLC0415
        from ..models.user_detail import UserDetail # noqa: PLC0415
        user = self.user.to_dict()

        invitation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invitation, Unset):
            invitation = self.invitation.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "user": user,
        })
        if invitation is not UNSET:
            field_dict["invitation"] = invitation

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_user_response_data_invitation import CreateUserResponseDataInvitation # noqa: PLC0415
        from ..models.user_detail import UserDetail # noqa: PLC0415
        d = dict(src_dict)
        user = UserDetail.from_dict(d.pop("user"))




        _invitation = d.pop("invitation", UNSET)
        invitation: CreateUserResponseDataInvitation | Unset
        if isinstance(_invitation,  Unset):
            invitation = UNSET
        else:
            invitation = CreateUserResponseDataInvitation.from_dict(_invitation)




        create_user_response_data = cls(
            user=user,
            invitation=invitation,
        )

        return create_user_response_data

