from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.group_grant import GroupGrant
  from ..models.group_member import GroupMember





T = TypeVar("T", bound="Group")



@_attrs_define
class Group:
    """ 
        Attributes:
            id (str):
            name (str):
            description (None | str):
            members (list[GroupMember]):
            grants (list[GroupGrant]):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
     """

    id: str
    name: str
    description: None | str
    members: list[GroupMember]
    grants: list[GroupGrant]
    created_at: datetime.datetime
    updated_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        from ..models.group_grant import GroupGrant # noqa: PLC0415
        from ..models.group_member import GroupMember # noqa: PLC0415
        id = self.id

        name = self.name

        description: None | str
        description = self.description

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)



        grants = []
        for grants_item_data in self.grants:
            grants_item = grants_item_data.to_dict()
            grants.append(grants_item)



        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "description": description,
            "members": members,
            "grants": grants,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.group_grant import GroupGrant # noqa: PLC0415
        from ..models.group_member import GroupMember # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        members = []
        _members = d.pop("members")
        for members_item_data in (_members):
            members_item = GroupMember.from_dict(members_item_data)



            members.append(members_item)


        grants = []
        _grants = d.pop("grants")
        for grants_item_data in (_grants):
            grants_item = GroupGrant.from_dict(grants_item_data)



            grants.append(grants_item)


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        group = cls(
            id=id,
            name=name,
            description=description,
            members=members,
            grants=grants,
            created_at=created_at,
            updated_at=updated_at,
        )

        return group

