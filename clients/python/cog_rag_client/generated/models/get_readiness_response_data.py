from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_readiness_response_data_status import GetReadinessResponseDataStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.get_readiness_response_data_ingestion_queue import GetReadinessResponseDataIngestionQueue





T = TypeVar("T", bound="GetReadinessResponseData")



@_attrs_define
class GetReadinessResponseData:
    """ 
        Attributes:
            status (GetReadinessResponseDataStatus):
            database (str):
            ingestion_queue (GetReadinessResponseDataIngestionQueue):
     """

    status: GetReadinessResponseDataStatus
    database: str
    ingestion_queue: GetReadinessResponseDataIngestionQueue





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_readiness_response_data_ingestion_queue import GetReadinessResponseDataIngestionQueue # noqa: PLC0415
        status = self.status.value

        database = self.database

        ingestion_queue = self.ingestion_queue.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
            "database": database,
            "ingestionQueue": ingestion_queue,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_readiness_response_data_ingestion_queue import GetReadinessResponseDataIngestionQueue # noqa: PLC0415
        d = dict(src_dict)
        status = GetReadinessResponseDataStatus(d.pop("status"))




        database = d.pop("database")

        ingestion_queue = GetReadinessResponseDataIngestionQueue.from_dict(d.pop("ingestionQueue"))




        get_readiness_response_data = cls(
            status=status,
            database=database,
            ingestion_queue=ingestion_queue,
        )

        return get_readiness_response_data

