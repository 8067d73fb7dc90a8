from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.get_auth_providers_response_data_google import GetAuthProvidersResponseDataGoogle
  from ..models.get_auth_providers_response_data_microsoft import GetAuthProvidersResponseDataMicrosoft
  from ..models.get_auth_providers_response_data_oidc_item import GetAuthProvidersResponseDataOidcItem





T = TypeVar("T", bound="GetAuthProvidersResponseData")



@_attrs_define
class GetAuthProvidersResponseData:
    """ 
        Attributes:
            password (bool): E-mail and password sign-in (always on)
            google (GetAuthProvidersResponseDataGoogle | None): null: Google sign-in is not configured
            microsoft (GetAuthProvidersResponseDataMicrosoft | None): null: Microsoft sign-in is not configured
            oidc (list[GetAuthProvidersResponseDataOidcItem]): OpenID Connect providers (OIDC_PROVIDERS), one button each;
                empty: none
            ldap (bool): LDAP / Active Directory sign-in at POST /api/auth/ldap (LDAP_CONFIG is set)
     """

    password: bool
    google: GetAuthProvidersResponseDataGoogle | None
    microsoft: GetAuthProvidersResponseDataMicrosoft | None
    oidc: list[GetAuthProvidersResponseDataOidcItem]
    ldap: bool





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_auth_providers_response_data_google import GetAuthProvidersResponseDataGoogle # noqa: PLC0415
        from ..models.get_auth_providers_response_data_microsoft import GetAuthProvidersResponseDataMicrosoft # noqa: PLC0415
        from ..models.get_auth_providers_response_data_oidc_item import GetAuthProvidersResponseDataOidcItem # noqa: PLC0415
        password = self.password

        google: dict[str, Any] | None
        if isinstance(self.google, GetAuthProvidersResponseDataGoogle):
            google = self.google.to_dict()
        else:
            google = self.google

        microsoft: dict[str, Any] | None
        if isinstance(self.microsoft, GetAuthProvidersResponseDataMicrosoft):
            microsoft = self.microsoft.to_dict()
        else:
            microsoft = self.microsoft

        oidc = []
        for oidc_item_data in self.oidc:
            oidc_item = oidc_item_data.to_dict()
            oidc.append(oidc_item)



        ldap = self.ldap


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "password": password,
            "google": google,
            "microsoft": microsoft,
            "oidc": oidc,
            "ldap": ldap,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_auth_providers_response_data_google import GetAuthProvidersResponseDataGoogle # noqa: PLC0415
        from ..models.get_auth_providers_response_data_microsoft import GetAuthProvidersResponseDataMicrosoft # noqa: PLC0415
        from ..models.get_auth_providers_response_data_oidc_item import GetAuthProvidersResponseDataOidcItem # noqa: PLC0415
        d = dict(src_dict)
        password = d.pop("password")

        def _parse_google(data: object) -> GetAuthProvidersResponseDataGoogle | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                google_type_0 = GetAuthProvidersResponseDataGoogle.from_dict(data)



                return google_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetAuthProvidersResponseDataGoogle | None, data)

        google = _parse_google(d.pop("google"))


        def _parse_microsoft(data: object) -> GetAuthProvidersResponseDataMicrosoft | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                microsoft_type_0 = GetAuthProvidersResponseDataMicrosoft.from_dict(data)



                return microsoft_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetAuthProvidersResponseDataMicrosoft | None, data)

        microsoft = _parse_microsoft(d.pop("microsoft"))


        oidc = []
        _oidc = d.pop("oidc")
        for oidc_item_data in (_oidc):
            oidc_item = GetAuthProvidersResponseDataOidcItem.from_dict(oidc_item_data)



            oidc.append(oidc_item)


        ldap = d.pop("ldap")

        get_auth_providers_response_data = cls(
            password=password,
            google=google,
            microsoft=microsoft,
            oidc=oidc,
            ldap=ldap,
        )

        return get_auth_providers_response_data

