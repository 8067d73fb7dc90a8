from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.list_audit_events_response_data_item import ListAuditEventsResponseDataItem
  from ..models.pagination import Pagination





T = TypeVar("T", bound="ListAuditEventsResponseData")



@_attrs_define
class ListAuditEventsResponseData:
    """ 
        Attributes:
            items (list[ListAuditEventsResponseDataItem]):
            pagination (Pagination):
     """

    items: list[ListAuditEventsResponseDataItem]
    pagination: Pagination





    def to_dict(self) -> dict[str, Any]:
        from ..models.list_audit_events_response_data_item import ListAuditEventsResponseDataItem # noqa: PLC0415
        from ..models.pagination import Pagination # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        pagination = self.pagination.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "items": items,
            "pagination": pagination,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_audit_events_response_data_item import ListAuditEventsResponseDataItem # noqa: PLC0415
        from ..models.pagination import Pagination # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = ListAuditEventsResponseDataItem.from_dict(items_item_data)



            items.append(items_item)


        pagination = Pagination.from_dict(d.pop("pagination"))




        list_audit_events_response_data = cls(
            items=items,
            pagination=pagination,
        )

        return list_audit_events_response_data

