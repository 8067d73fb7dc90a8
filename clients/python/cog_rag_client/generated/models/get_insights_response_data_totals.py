from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GetInsightsResponseDataTotals")



@_attrs_define
class GetInsightsResponseDataTotals:
    """ 
        Attributes:
            questions (int):
            refused (int): Answers that cited nothing
            thumbs_up (int):
            thumbs_down (int):
            console (int): Questions asked by signed-in users
            widget (int): Questions asked with an API key (widget)
     """

    questions: int
    refused: int
    thumbs_up: int
    thumbs_down: int
    console: int
    widget: int





    def to_dict(self) -> dict[str, Any]:
        questions = self.questions

        refused = self.refused

        thumbs_up = self.thumbs_up

        thumbs_down = self.thumbs_down

        console = self.console

        widget = self.widget


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "questions": questions,
            "refused": refused,
            "thumbsUp": thumbs_up,
            "thumbsDown": thumbs_down,
            "console": console,
            "widget": widget,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        questions = d.pop("questions")

        refused = d.pop("refused")

        thumbs_up = d.pop("thumbsUp")

        thumbs_down = d.pop("thumbsDown")

        console = d.pop("console")

        widget = d.pop("widget")

        get_insights_response_data_totals = cls(
            questions=questions,
            refused=refused,
            thumbs_up=thumbs_up,
            thumbs_down=thumbs_down,
            console=console,
            widget=widget,
        )

        return get_insights_response_data_totals

