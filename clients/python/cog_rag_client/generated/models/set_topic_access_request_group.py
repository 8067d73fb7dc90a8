from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_topic_access_request_group_access import SetTopicAccessRequestGroupAccess






T = TypeVar("T", bound="SetTopicAccessRequestGroup")



@_attrs_define
class SetTopicAccessRequestGroup:
    """ 
        Attributes:
            group_id (str):
            access (SetTopicAccessRequestGroupAccess): `read`: read the topic’s documents; `edit`: also add, change and
                delete them (editors only)
     """

    group_id: str
    access: SetTopicAccessRequestGroupAccess





    def to_dict(self) -> dict[str, Any]:
        group_id = self.group_id

        access = self.access.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "groupId": group_id,
            "access": access,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        group_id = d.pop("groupId")

        access = SetTopicAccessRequestGroupAccess(d.pop("access"))




        set_topic_access_request_group = cls(
            group_id=group_id,
            access=access,
        )

        return set_topic_access_request_group

