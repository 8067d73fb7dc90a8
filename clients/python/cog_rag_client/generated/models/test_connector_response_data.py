from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.test_connector_response_data_item import TestConnectorResponseDataItem





T = TypeVar("T", bound="TestConnectorResponseData")



@_attrs_define
class TestConnectorResponseData:
    """ 
        Attributes:
            ok (bool): The source could be listed
            items (list[TestConnectorResponseDataItem]): The first items the source lists (at most 5, one level deep)
            more (bool): The source lists more items than were read
            warnings (list[str]): Parts of the source that could not be listed, with why
            error (None | str): Why the source cannot be listed
            duration_ms (int):
     """

    ok: bool
    items: list[TestConnectorResponseDataItem]
    more: bool
    warnings: list[str]
    error: None | str
    duration_ms: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.test_connector_response_data_item import TestConnectorResponseDataItem # noqa: PLC0415
        ok = self.ok

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        more = self.more

        warnings = self.warnings



        error: None | str
        error = self.error

        duration_ms = self.duration_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ok": ok,
            "items": items,
            "more": more,
            "warnings": warnings,
            "error": error,
            "durationMs": duration_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.test_connector_response_data_item import TestConnectorResponseDataItem # noqa: PLC0415
        d = dict(src_dict)
        ok = d.pop("ok")

        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = TestConnectorResponseDataItem.from_dict(items_item_data)



            items.append(items_item)


        more = d.pop("more")

        warnings = cast(list[str], d.pop("warnings"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        duration_ms = d.pop("durationMs")

        test_connector_response_data = cls(
            ok=ok,
            items=items,
            more=more,
            warnings=warnings,
            error=error,
            duration_ms=duration_ms,
        )

        return test_connector_response_data

