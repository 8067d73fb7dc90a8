from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DeleteWebhookResponseData")



@_attrs_define
class DeleteWebhookResponseData:
    """ 
        Attributes:
            id (str):
            deleted (bool): Always `true`
     """

    id: str
    deleted: bool





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        deleted = self.deleted


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "deleted": deleted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        deleted = d.pop("deleted")

        delete_webhook_response_data = cls(
            id=id,
            deleted=deleted,
        )

        return delete_webhook_response_data

