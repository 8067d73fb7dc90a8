from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Conversation")



@_attrs_define
class Conversation:
    """ 
        Attributes:
            id (str):
            title (str):
            message_count (int):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
     """

    id: str
    title: str
    message_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        title = self.title

        message_count = self.message_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "title": title,
            "messageCount": message_count,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        message_count = d.pop("messageCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        conversation = cls(
            id=id,
            title=title,
            message_count=message_count,
            created_at=created_at,
            updated_at=updated_at,
        )

        return conversation

