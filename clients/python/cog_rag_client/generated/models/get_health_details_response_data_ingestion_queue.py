from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GetHealthDetailsResponseDataIngestionQueue")



@_attrs_define
class GetHealthDetailsResponseDataIngestionQueue:
    """ 
        Attributes:
            queued (int):
            active (int):
     """

    queued: int
    active: int





    def to_dict(self) -> dict[str, Any]:
        queued = self.queued

        active = self.active


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "queued": queued,
            "active": active,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        queued = d.pop("queued")

        active = d.pop("active")

        get_health_details_response_data_ingestion_queue = cls(
            queued=queued,
            active=active,
        )

        return get_health_details_response_data_ingestion_queue

