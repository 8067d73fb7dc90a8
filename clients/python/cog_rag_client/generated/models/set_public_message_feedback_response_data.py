from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_public_message_feedback_response_data_rating_type_0 import SetPublicMessageFeedbackResponseDataRatingType0
from typing import cast
import datetime






T = TypeVar("T", bound="SetPublicMessageFeedbackResponseData")



@_attrs_define
class SetPublicMessageFeedbackResponseData:
    """ 
        Attributes:
            message_id (str):
            rating (None | SetPublicMessageFeedbackResponseDataRatingType0):
            rated_at (datetime.datetime | None):
     """

    message_id: str
    rating: None | SetPublicMessageFeedbackResponseDataRatingType0
    rated_at: datetime.datetime | None





    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        rating: None | str
        if isinstance(self.rating, SetPublicMessageFeedbackResponseDataRatingType0):
            rating = self.rating.value
        else:
            rating = self.rating

        rated_at: None | str
        if isinstance(self.rated_at, datetime.datetime):
            rated_at = self.rated_at.isoformat()
        else:
            rated_at = self.rated_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "messageId": message_id,
            "rating": rating,
            "ratedAt": rated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("messageId")

        def _parse_rating(data: object) -> None | SetPublicMessageFeedbackResponseDataRatingType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rating_type_0 = SetPublicMessageFeedbackResponseDataRatingType0(data)



                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SetPublicMessageFeedbackResponseDataRatingType0, data)

        rating = _parse_rating(d.pop("rating"))


        def _parse_rated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rated_at_type_0 = datetime.datetime.fromisoformat(data)



                return rated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        rated_at = _parse_rated_at(d.pop("ratedAt"))


        set_public_message_feedback_response_data = cls(
            message_id=message_id,
            rating=rating,
            rated_at=rated_at,
        )

        return set_public_message_feedback_response_data

