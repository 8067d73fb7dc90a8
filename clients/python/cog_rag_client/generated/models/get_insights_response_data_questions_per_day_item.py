from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="GetInsightsResponseDataQuestionsPerDayItem")



@_attrs_define
class GetInsightsResponseDataQuestionsPerDayItem:
    """ 
        Attributes:
            date (datetime.date): UTC day, YYYY-MM-DD
            questions (int):
            refused (int): Answers that cited nothing
            thumbs_up (int):
            thumbs_down (int):
            console (int): Questions asked by signed-in users
            widget (int): Questions asked with an API key (widget)
     """

    date: datetime.date
    questions: int
    refused: int
    thumbs_up: int
    thumbs_down: int
    console: int
    widget: int





    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        questions = self.questions

        refused = self.refused

        thumbs_up = self.thumbs_up

        thumbs_down = self.thumbs_down

        console = self.console

        widget = self.widget


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "date": date,
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
        date = datetime.date.fromisoformat(d.pop("date"))




        questions = d.pop("questions")

        refused = d.pop("refused")

        thumbs_up = d.pop("thumbsUp")

        thumbs_down = d.pop("thumbsDown")

        console = d.pop("console")

        widget = d.pop("widget")

        get_insights_response_data_questions_per_day_item = cls(
            date=date,
            questions=questions,
            refused=refused,
            thumbs_up=thumbs_up,
            thumbs_down=thumbs_down,
            console=console,
            widget=widget,
        )

        return get_insights_response_data_questions_per_day_item

