from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_topic_access_request_all_members import SetTopicAccessRequestAllMembers
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.set_topic_access_request_group import SetTopicAccessRequestGroup





T = TypeVar("T", bound="SetTopicAccessRequest")



@_attrs_define
class SetTopicAccessRequest:
    """ 
        Attributes:
            all_members (SetTopicAccessRequestAllMembers | Unset): The company-wide “all members” group’s access; `none`
                restricts the topic to its groups
            groups (list[SetTopicAccessRequestGroup] | Unset): Every group granted the topic (replaces the current grants)
     """

    all_members: SetTopicAccessRequestAllMembers | Unset = UNSET
    groups: list[SetTopicAccessRequestGroup] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.set_topic_access_request_group import SetTopicAccessRequestGroup # noqa: PLC0415
        all_members: str | Unset = UNSET
        if not isinstance(self.all_members, Unset):
            all_members = self.all_members.value


        groups: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.groups, Unset):
            groups = []
            for groups_item_data in self.groups:
                groups_item = groups_item_data.to_dict()
                groups.append(groups_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if all_members is not UNSET:
            field_dict["allMembers"] = all_members
        if groups is not UNSET:
            field_dict["groups"] = groups

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.set_topic_access_request_group import SetTopicAccessRequestGroup # noqa: PLC0415
        d = dict(src_dict)
        _all_members = d.pop("allMembers", UNSET)
        all_members: SetTopicAccessRequestAllMembers | Unset
        if isinstance(_all_members,  Unset):
            all_members = UNSET
        else:
            all_members = SetTopicAccessRequestAllMembers(_all_members)




        _groups = d.pop("groups", UNSET)
        groups: list[SetTopicAccessRequestGroup] | Unset = UNSET
        if _groups is not UNSET:
            groups = []
            for groups_item_data in _groups:
                groups_item = SetTopicAccessRequestGroup.from_dict(groups_item_data)



                groups.append(groups_item)


        set_topic_access_request = cls(
            all_members=all_members,
            groups=groups,
        )

        return set_topic_access_request

