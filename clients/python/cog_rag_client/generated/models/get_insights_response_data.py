from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.get_insights_response_data_most_cited_item import GetInsightsResponseDataMostCitedItem
  from ..models.get_insights_response_data_questions_per_day_item import GetInsightsResponseDataQuestionsPerDayItem
  from ..models.get_insights_response_data_thumbs_down_item import GetInsightsResponseDataThumbsDownItem
  from ..models.get_insights_response_data_totals import GetInsightsResponseDataTotals
  from ..models.get_insights_response_data_unanswered_item import GetInsightsResponseDataUnansweredItem





T = TypeVar("T", bound="GetInsightsResponseData")



@_attrs_define
class GetInsightsResponseData:
    """ 
        Attributes:
            days (int):
            totals (GetInsightsResponseDataTotals):
            questions_per_day (list[GetInsightsResponseDataQuestionsPerDayItem]): Every day of the window, oldest first,
                zeros included; counted on the day of the answer
            unanswered (list[GetInsightsResponseDataUnansweredItem]): The latest questions answered with a refusal, newest
                first
            thumbs_down (list[GetInsightsResponseDataThumbsDownItem]): The latest questions whose answer was rated thumbs
                down, newest first
            most_cited (list[GetInsightsResponseDataMostCitedItem]): Documents cited by the most answers, most first
     """

    days: int
    totals: GetInsightsResponseDataTotals
    questions_per_day: list[GetInsightsResponseDataQuestionsPerDayItem]
    unanswered: list[GetInsightsResponseDataUnansweredItem]
    thumbs_down: list[GetInsightsResponseDataThumbsDownItem]
    most_cited: list[GetInsightsResponseDataMostCitedItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_insights_response_data_most_cited_item import GetInsightsResponseDataMostCitedItem # noqa: PLC0415
        from ..models.get_insights_response_data_questions_per_day_item import GetInsightsResponseDataQuestionsPerDayItem # noqa: PLC0415
        from ..models.get_insights_response_data_thumbs_down_item import GetInsightsResponseDataThumbsDownItem # noqa: PLC0415
        from ..models.get_insights_response_data_totals import GetInsightsResponseDataTotals # noqa: PLC0415
        from ..models.get_insights_response_data_unanswered_item import GetInsightsResponseDataUnansweredItem # noqa: PLC0415
        days = self.days

        totals = self.totals.to_dict()

        questions_per_day = []
        for questions_per_day_item_data in self.questions_per_day:
            questions_per_day_item = questions_per_day_item_data.to_dict()
            questions_per_day.append(questions_per_day_item)



        unanswered = []
        for unanswered_item_data in self.unanswered:
            unanswered_item = unanswered_item_data.to_dict()
            unanswered.append(unanswered_item)



        thumbs_down = []
        for thumbs_down_item_data in self.thumbs_down:
            thumbs_down_item = thumbs_down_item_data.to_dict()
            thumbs_down.append(thumbs_down_item)



        most_cited = []
        for most_cited_item_data in self.most_cited:
            most_cited_item = most_cited_item_data.to_dict()
            most_cited.append(most_cited_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "days": days,
            "totals": totals,
            "questionsPerDay": questions_per_day,
            "unanswered": unanswered,
            "thumbsDown": thumbs_down,
            "mostCited": most_cited,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_insights_response_data_most_cited_item import GetInsightsResponseDataMostCitedItem # noqa: PLC0415
        from ..models.get_insights_response_data_questions_per_day_item import GetInsightsResponseDataQuestionsPerDayItem # noqa: PLC0415
        from ..models.get_insights_response_data_thumbs_down_item import GetInsightsResponseDataThumbsDownItem # noqa: PLC0415
        from ..models.get_insights_response_data_totals import GetInsightsResponseDataTotals # noqa: PLC0415
        from ..models.get_insights_response_data_unanswered_item import GetInsightsResponseDataUnansweredItem # noqa: PLC0415
        d = dict(src_dict)
        days = d.pop("days")

        totals = GetInsightsResponseDataTotals.from_dict(d.pop("totals"))




        questions_per_day = []
        _questions_per_day = d.pop("questionsPerDay")
        for questions_per_day_item_data in (_questions_per_day):
            questions_per_day_item = GetInsightsResponseDataQuestionsPerDayItem.from_dict(questions_per_day_item_data)



            questions_per_day.append(questions_per_day_item)


        unanswered = []
        _unanswered = d.pop("unanswered")
        for unanswered_item_data in (_unanswered):
            unanswered_item = GetInsightsResponseDataUnansweredItem.from_dict(unanswered_item_data)



            unanswered.append(unanswered_item)


        thumbs_down = []
        _thumbs_down = d.pop("thumbsDown")
        for thumbs_down_item_data in (_thumbs_down):
            thumbs_down_item = GetInsightsResponseDataThumbsDownItem.from_dict(thumbs_down_item_data)



            thumbs_down.append(thumbs_down_item)


        most_cited = []
        _most_cited = d.pop("mostCited")
        for most_cited_item_data in (_most_cited):
            most_cited_item = GetInsightsResponseDataMostCitedItem.from_dict(most_cited_item_data)



            most_cited.append(most_cited_item)


        get_insights_response_data = cls(
            days=days,
            totals=totals,
            questions_per_day=questions_per_day,
            unanswered=unanswered,
            thumbs_down=thumbs_down,
            most_cited=most_cited,
        )

        return get_insights_response_data

