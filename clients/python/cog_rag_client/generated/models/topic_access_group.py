from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.topic_access_group_access import TopicAccessGroupAccess






T = TypeVar("T", bound="TopicAccessGroup")



@_attrs_define
class TopicAccessGroup:
    """ 
        Attributes:
            group_id (str):
            name (str):
            access (TopicAccessGroupAccess): `read`: read the topic’s documents; `edit`: also add, change and delete them
                (editors only)
     """

    group_id: str
    name: str
    access: TopicAccessGroupAccess





    def to_dict(self) -> dict[str, Any]:
        group_id = self.group_id

        name = self.name

        access = self.access.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "groupId": group_id,
            "name": name,
            "access": access,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        group_id = d.pop("groupId")

        name = d.pop("name")

        access = TopicAccessGroupAccess(d.pop("access"))




        topic_access_group = cls(
            group_id=group_id,
            name=name,
            access=access,
        )

        return topic_access_group

