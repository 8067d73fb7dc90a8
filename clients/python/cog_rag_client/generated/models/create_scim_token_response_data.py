from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="CreateScimTokenResponseData")



@_attrs_define
class CreateScimTokenResponseData:
    """ 
        Attributes:
            id (str):
            name (str):
            token_prefix (str): `scim_` and the first characters
            token_last_4 (str):
            created_at (datetime.datetime):
            rotated_at (datetime.datetime | None):
            last_used_at (datetime.datetime | None):
            token (str): The bearer token: shown in this response only
     """

    id: str
    name: str
    token_prefix: str
    token_last_4: str
    created_at: datetime.datetime
    rotated_at: datetime.datetime | None
    last_used_at: datetime.datetime | None
    token: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        token_prefix = self.token_prefix

        token_last_4 = self.token_last_4

        created_at = self.created_at.isoformat()

        rotated_at: None | str
        if isinstance(self.rotated_at, datetime.datetime):
            rotated_at = self.rotated_at.isoformat()
        else:
            rotated_at = self.rotated_at

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        token = self.token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "tokenPrefix": token_prefix,
            "tokenLast4": token_last_4,
            "createdAt": created_at,
            "rotatedAt": rotated_at,
            "lastUsedAt": last_used_at,
            "token": token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        token_prefix = d.pop("tokenPrefix")

        token_last_4 = d.pop("tokenLast4")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        def _parse_rotated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rotated_at_type_0 = datetime.datetime.fromisoformat(data)



                return rotated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        rotated_at = _parse_rotated_at(d.pop("rotatedAt"))


        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))


        token = d.pop("token")

        create_scim_token_response_data = cls(
            id=id,
            name=name,
            token_prefix=token_prefix,
            token_last_4=token_last_4,
            created_at=created_at,
            rotated_at=rotated_at,
            last_used_at=last_used_at,
            token=token,
        )

        return create_scim_token_response_data

