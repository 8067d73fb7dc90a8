from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EvaluationTotalsContainsByKind")



@_attrs_define
class EvaluationTotalsContainsByKind:
    """ `contains` per kind of answerable question present

        Attributes:
            fact (float | Unset):
            table (float | Unset):
            followup (float | Unset):
     """

    fact: float | Unset = UNSET
    table: float | Unset = UNSET
    followup: float | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        fact = self.fact

        table = self.table

        followup = self.followup


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if fact is not UNSET:
            field_dict["fact"] = fact
        if table is not UNSET:
            field_dict["table"] = table
        if followup is not UNSET:
            field_dict["followup"] = followup

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fact = d.pop("fact", UNSET)

        table = d.pop("table", UNSET)

        followup = d.pop("followup", UNSET)

        evaluation_totals_contains_by_kind = cls(
            fact=fact,
            table=table,
            followup=followup,
        )

        return evaluation_totals_contains_by_kind

