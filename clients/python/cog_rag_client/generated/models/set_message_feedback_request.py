from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_message_feedback_request_rating_type_0 import SetMessageFeedbackRequestRatingType0
from typing import cast






T = TypeVar("T", bound="SetMessageFeedbackRequest")



@_attrs_define
class SetMessageFeedbackRequest:
    """ 
        Attributes:
            rating (None | SetMessageFeedbackRequestRatingType0): Thumbs up or down; null takes the rating back
     """

    rating: None | SetMessageFeedbackRequestRatingType0





    def to_dict(self) -> dict[str, Any]:
        rating: None | str
        if isinstance(self.rating, SetMessageFeedbackRequestRatingType0):
            rating = self.rating.value
        else:
            rating = self.rating


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rating": rating,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_rating(data: object) -> None | SetMessageFeedbackRequestRatingType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rating_type_0 = SetMessageFeedbackRequestRatingType0(data)



                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SetMessageFeedbackRequestRatingType0, data)

        rating = _parse_rating(d.pop("rating"))


        set_message_feedback_request = cls(
            rating=rating,
        )

        return set_message_feedback_request

