from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EvaluationTotalsTtftMs")



@_attrs_define
class EvaluationTotalsTtftMs:
    """ 
        Attributes:
            p50 (float | None): Request to the first token p50, ms
            p95 (float | None): Request to the first token p95, ms
     """

    p50: float | None
    p95: float | None





    def to_dict(self) -> dict[str, Any]:
        p50: float | None
        p50 = self.p50

        p95: float | None
        p95 = self.p95


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "p50": p50,
            "p95": p95,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_p50(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p50 = _parse_p50(d.pop("p50"))


        def _parse_p95(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p95 = _parse_p95(d.pop("p95"))


        evaluation_totals_ttft_ms = cls(
            p50=p50,
            p95=p95,
        )

        return evaluation_totals_ttft_ms

