from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_public_message_feedback_request_rating_type_0 import SetPublicMessageFeedbackRequestRatingType0
from typing import cast






T = TypeVar("T", bound="SetPublicMessageFeedbackRequest")



@_attrs_define
class SetPublicMessageFeedbackRequest:
    """ 
        Attributes:
            session_id (str): The widget session the answer was given in (the `sessionId` of its `done` event)
            rating (None | SetPublicMessageFeedbackRequestRatingType0): Thumbs up or down; null takes the rating back
     """

    session_id: str
    rating: None | SetPublicMessageFeedbackRequestRatingType0





    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        rating: None | str
        if isinstance(self.rating, SetPublicMessageFeedbackRequestRatingType0):
            rating = self.rating.value
        else:
            rating = self.rating


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "sessionId": session_id,
            "rating": rating,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        session_id = d.pop("sessionId")

        def _parse_rating(data: object) -> None | SetPublicMessageFeedbackRequestRatingType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rating_type_0 = SetPublicMessageFeedbackRequestRatingType0(data)



                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SetPublicMessageFeedbackRequestRatingType0, data)

        rating = _parse_rating(d.pop("rating"))


        set_public_message_feedback_request = cls(
            session_id=session_id,
            rating=rating,
        )

        return set_public_message_feedback_request

