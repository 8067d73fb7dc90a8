from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_evaluation_response_data_status import GetEvaluationResponseDataStatus
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.evaluation_result import EvaluationResult
  from ..models.evaluation_settings import EvaluationSettings
  from ..models.evaluation_totals import EvaluationTotals





T = TypeVar("T", bound="GetEvaluationResponseData")



@_attrs_define
class GetEvaluationResponseData:
    """ 
        Attributes:
            id (str):
            name (str):
            status (GetEvaluationResponseDataStatus):
            question_count (int):
            completed_count (int): Questions answered so far
            settings (EvaluationSettings | None): null until the run starts
            totals (EvaluationTotals | None): null until COMPLETED
            error (None | str): Why the run FAILED
            created_by (None | str): The admin who started it (null once deleted)
            created_at (datetime.datetime):
            started_at (datetime.datetime | None):
            completed_at (datetime.datetime | None):
            results (list[EvaluationResult]):
     """

    id: str
    name: str
    status: GetEvaluationResponseDataStatus
    question_count: int
    completed_count: int
    settings: EvaluationSettings | None
    totals: EvaluationTotals | None
    error: None | str
    created_by: None | str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    results: list[EvaluationResult]





    def to_dict(self) -> dict[str, Any]:
        from ..models.evaluation_result import EvaluationResult # noqa: PLC0415
        from ..models.evaluation_settings import EvaluationSettings # noqa: PLC0415
        from ..models.evaluation_totals import EvaluationTotals # noqa: PLC0415
        id = self.id

        name = self.name

        status = self.status.value

        question_count = self.question_count

        completed_count = self.completed_count

        settings: dict[str, Any] | None
        if isinstance(self.settings, EvaluationSettings):
            settings = self.settings.to_dict()
        else:
            settings = self.settings

        totals: dict[str, Any] | None
        if isinstance(self.totals, EvaluationTotals):
            totals = self.totals.to_dict()
        else:
            totals = self.totals

        error: None | str
        error = self.error

        created_by: None | str
        created_by = self.created_by

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "status": status,
            "questionCount": question_count,
            "completedCount": completed_count,
            "settings": settings,
            "totals": totals,
            "error": error,
            "createdBy": created_by,
            "createdAt": created_at,
            "startedAt": started_at,
            "completedAt": completed_at,
            "results": results,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evaluation_result import EvaluationResult # noqa: PLC0415
        from ..models.evaluation_settings import EvaluationSettings # noqa: PLC0415
        from ..models.evaluation_totals import EvaluationTotals # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        status = GetEvaluationResponseDataStatus(d.pop("status"))




        question_count = d.pop("questionCount")

        completed_count = d.pop("completedCount")

        def _parse_settings(data: object) -> EvaluationSettings | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                settings_type_0 = EvaluationSettings.from_dict(data)



                return settings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EvaluationSettings | None, data)

        settings = _parse_settings(d.pop("settings"))


        def _parse_totals(data: object) -> EvaluationTotals | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                totals_type_0 = EvaluationTotals.from_dict(data)



                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EvaluationTotals | None, data)

        totals = _parse_totals(d.pop("totals"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        def _parse_created_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_by = _parse_created_by(d.pop("createdBy"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)



                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))


        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)



                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))


        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = EvaluationResult.from_dict(results_item_data)



            results.append(results_item)


        get_evaluation_response_data = cls(
            id=id,
            name=name,
            status=status,
            question_count=question_count,
            completed_count=completed_count,
            settings=settings,
            totals=totals,
            error=error,
            created_by=created_by,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            results=results,
        )

        return get_evaluation_response_data

