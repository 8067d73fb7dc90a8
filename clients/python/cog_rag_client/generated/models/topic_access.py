from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.topic_access_all_members import TopicAccessAllMembers
from typing import cast

if TYPE_CHECKING:
  from ..models.topic_access_group import TopicAccessGroup





T = TypeVar("T", bound="TopicAccess")



@_attrs_define
class TopicAccess:
    """ 
        Attributes:
            topic_id (str):
            all_members (TopicAccessAllMembers): The company-wide “all members” group’s access; `none` restricts the topic
                to its groups
            groups (list[TopicAccessGroup]):
     """

    topic_id: str
    all_members: TopicAccessAllMembers
    groups: list[TopicAccessGroup]





    def to_dict(self) -> dict[str, Any]:
        from ..models.topic_access_group import TopicAccessGroup # noqa: PLC0415
        topic_id = self.topic_id

        all_members = self.all_members.value

        groups = []
        for groups_item_data in self.groups:
            groups_item = groups_item_data.to_dict()
            groups.append(groups_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "topicId": topic_id,
            "allMembers": all_members,
            "groups": groups,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.topic_access_group import TopicAccessGroup # noqa: PLC0415
        d = dict(src_dict)
        topic_id = d.pop("topicId")

        all_members = TopicAccessAllMembers(d.pop("allMembers"))




        groups = []
        _groups = d.pop("groups")
        for groups_item_data in (_groups):
            groups_item = TopicAccessGroup.from_dict(groups_item_data)



            groups.append(groups_item)


        topic_access = cls(
            topic_id=topic_id,
            all_members=all_members,
            groups=groups,
        )

        return topic_access

