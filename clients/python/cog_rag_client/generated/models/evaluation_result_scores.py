from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EvaluationResultScores")



@_attrs_define
class EvaluationResultScores:
    """ null where a score does not apply to the question

        Attributes:
            hit (bool | None):
            right_citation (bool | None):
            contains (bool | None):
            token_f1 (float | None):
            squad_f1 (float):
            lead_contains (bool | None | Unset):
     """

    hit: bool | None
    right_citation: bool | None
    contains: bool | None
    token_f1: float | None
    squad_f1: float
    lead_contains: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        hit: bool | None
        hit = self.hit

        right_citation: bool | None
        right_citation = self.right_citation

        contains: bool | None
        contains = self.contains

        token_f1: float | None
        token_f1 = self.token_f1

        squad_f1 = self.squad_f1

        lead_contains: bool | None | Unset
        if isinstance(self.lead_contains, Unset):
            lead_contains = UNSET
        else:
            lead_contains = self.lead_contains


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hit": hit,
            "rightCitation": right_citation,
            "contains": contains,
            "tokenF1": token_f1,
            "squadF1": squad_f1,
        })
        if lead_contains is not UNSET:
            field_dict["leadContains"] = lead_contains

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_hit(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        hit = _parse_hit(d.pop("hit"))


        def _parse_right_citation(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        right_citation = _parse_right_citation(d.pop("rightCitation"))


        def _parse_contains(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        contains = _parse_contains(d.pop("contains"))


        def _parse_token_f1(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        token_f1 = _parse_token_f1(d.pop("tokenF1"))


        squad_f1 = d.pop("squadF1")

        def _parse_lead_contains(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        lead_contains = _parse_lead_contains(d.pop("leadContains", UNSET))


        evaluation_result_scores = cls(
            hit=hit,
            right_citation=right_citation,
            contains=contains,
            token_f1=token_f1,
            squad_f1=squad_f1,
            lead_contains=lead_contains,
        )

        return evaluation_result_scores

