from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_company_request_settings import UpdateCompanyRequestSettings





T = TypeVar("T", bound="UpdateCompanyRequest")



@_attrs_define
class UpdateCompanyRequest:
    """ 
        Attributes:
            name (str | Unset):
            settings (UpdateCompanyRequestSettings | Unset):
     """

    name: str | Unset = UNSET
    settings: UpdateCompanyRequestSettings | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_company_request_settings import UpdateCompanyRequestSettings # noqa: PLC0415
        name = self.name

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_company_request_settings import UpdateCompanyRequestSettings # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _settings = d.pop("settings", UNSET)
        settings: UpdateCompanyRequestSettings | Unset
        if isinstance(_settings,  Unset):
            settings = UNSET
        else:
            settings = UpdateCompanyRequestSettings.from_dict(_settings)




        update_company_request = cls(
            name=name,
            settings=settings,
        )

        return update_company_request

