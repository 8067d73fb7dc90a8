from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_health_details_response_data_status import GetHealthDetailsResponseDataStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.get_health_details_response_data_ingestion_queue import GetHealthDetailsResponseDataIngestionQueue





T = TypeVar("T", bound="GetHealthDetailsResponseData")



@_attrs_define
class GetHealthDetailsResponseData:
    """ 
        Attributes:
            status (GetHealthDetailsResponseDataStatus):
            version (str):
            database (str):
            vector_search (bool):
            embedding_model (str):
            llm_provider (str):
            llm_model (None | str):
            ingestion_queue (GetHealthDetailsResponseDataIngestionQueue):
     """

    status: GetHealthDetailsResponseDataStatus
    version: str
    database: str
    vector_search: bool
    embedding_model: str
    llm_provider: str
    llm_model: None | str
    ingestion_queue: GetHealthDetailsResponseDataIngestionQueue





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_health_details_response_data_ingestion_queue import GetHealthDetailsResponseDataIngestionQueue # noqa: PLC0415
        status = self.status.value

        version = self.version

        database = self.database

        vector_search = self.vector_search

        embedding_model = self.embedding_model

        llm_provider = self.llm_provider

        llm_model: None | str
        llm_model = self.llm_model

        ingestion_queue = self.ingestion_queue.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
            "version": version,
            "database": database,
            "vectorSearch": vector_search,
            "embeddingModel": embedding_model,
            "llmProvider": llm_provider,
            "llmModel": llm_model,
            "ingestionQueue": ingestion_queue,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_health_details_response_data_ingestion_queue import GetHealthDetailsResponseDataIngestionQueue # noqa: PLC0415
        d = dict(src_dict)
        status = GetHealthDetailsResponseDataStatus(d.pop("status"))




        version = d.pop("version")

        database = d.pop("database")

        vector_search = d.pop("vectorSearch")

        embedding_model = d.pop("embeddingModel")

        llm_provider = d.pop("llmProvider")

        def _parse_llm_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        llm_model = _parse_llm_model(d.pop("llmModel"))


        ingestion_queue = GetHealthDetailsResponseDataIngestionQueue.from_dict(d.pop("ingestionQueue"))




        get_health_details_response_data = cls(
            status=status,
            version=version,
            database=database,
            vector_search=vector_search,
            embedding_model=embedding_model,
            llm_provider=llm_provider,
            llm_model=llm_model,
            ingestion_queue=ingestion_queue,
        )

        return get_health_details_response_data

