from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.company_limits import CompanyLimits
  from ..models.company_settings import CompanySettings
  from ..models.company_usage import CompanyUsage





T = TypeVar("T", bound="Company")



@_attrs_define
class Company:
    """ 
        Attributes:
            id (str):
            name (str):
            usage (CompanyUsage): What the company holds now, against its `limits`
            limits (CompanyLimits): Per-company quota
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            settings (CompanySettings | Unset): Shown to COMPANY_ADMIN only; what `PUT /api/companies/{id}` stored
     """

    id: str
    name: str
    usage: CompanyUsage
    limits: CompanyLimits
    created_at: datetime.datetime
    updated_at: datetime.datetime
    settings: CompanySettings | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.company_limits import CompanyLimits # noqa: PLC0415
        from ..models.company_settings import CompanySettings # noqa: PLC0415
        from ..models.company_usage import CompanyUsage # noqa: PLC0415
        id = self.id

        name = self.name

        usage = self.usage.to_dict()

        limits = self.limits.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "usage": usage,
            "limits": limits,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.company_limits import CompanyLimits # noqa: PLC0415
        from ..models.company_settings import CompanySettings # noqa: PLC0415
        from ..models.company_usage import CompanyUsage # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        usage = CompanyUsage.from_dict(d.pop("usage"))




        limits = CompanyLimits.from_dict(d.pop("limits"))




        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        _settings = d.pop("settings", UNSET)
        settings: CompanySettings | Unset
        if isinstance(_settings,  Unset):
            settings = UNSET
        else:
            settings = CompanySettings.from_dict(_settings)




        company = cls(
            id=id,
            name=name,
            usage=usage,
            limits=limits,
            created_at=created_at,
            updated_at=updated_at,
            settings=settings,
        )

        return company

