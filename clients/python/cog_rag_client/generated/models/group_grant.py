from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.group_grant_access import GroupGrantAccess






T = TypeVar("T", bound="GroupGrant")



@_attrs_define
class GroupGrant:
    """ 
        Attributes:
            topic_id (str):
            topic_name (str):
            access (GroupGrantAccess): `read`: read the topic’s documents; `edit`: also add, change and delete them (editors
                only)
     """

    topic_id: str
    topic_name: str
    access: GroupGrantAccess





    def to_dict(self) -> dict[str, Any]:
        topic_id = self.topic_id

        topic_name = self.topic_name

        access = self.access.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "topicId": topic_id,
            "topicName": topic_name,
            "access": access,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        topic_id = d.pop("topicId")

        topic_name = d.pop("topicName")

        access = GroupGrantAccess(d.pop("access"))




        group_grant = cls(
            topic_id=topic_id,
            topic_name=topic_name,
            access=access,
        )

        return group_grant

