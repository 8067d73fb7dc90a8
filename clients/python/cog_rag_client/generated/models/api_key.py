from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.api_key_environment import ApiKeyEnvironment
from ..models.api_key_visitor_tokens import ApiKeyVisitorTokens
from typing import cast
import datetime






T = TypeVar("T", bound="ApiKey")



@_attrs_define
class ApiKey:
    """ 
        Attributes:
            id (str):
            name (str):
            environment (ApiKeyEnvironment): Key prefix `svc_live_` or `svc_test_`
            key_prefix (str): First characters of the key, to recognise it
            key_last_4 (None | str): Last four characters of the key; null for keys made before they were kept
            authorized_domains (list[str]):
            require_https (bool):
            any_origin (bool): True when the key has no authorized domains: any web site can use it (a warning for widget
                keys)
            all_documents (bool): True when the key answers from every document of the company, unfiled ones included (a
                warning for widget keys, like `anyOrigin`)
            topic_ids (list[str]): The topics the key answers from while `allDocuments` is false; empty: none
            visitor_tokens (ApiKeyVisitorTokens): How the key verifies signed visitors’ tokens (`X-Visitor-Token`); `none`:
                it takes none
            visitor_jwks_url (None | str): The JWKS URL RS256 visitor tokens are verified against; null: none
            require_visitor (bool): Requests without a visitor token are refused (401)
            allow_originals (bool): Visitors may open the original files of the documents the key answers from: public
                answers then carry a signed, 10-minute `originalUrl` per cited document (`GET /api/public/documents/{id}/file`).
                False (default): only the cited passage is shown
            last_used_at (datetime.datetime | None):
            created_at (datetime.datetime):
     """

    id: str
    name: str
    environment: ApiKeyEnvironment
    key_prefix: str
    key_last_4: None | str
    authorized_domains: list[str]
    require_https: bool
    any_origin: bool
    all_documents: bool
    topic_ids: list[str]
    visitor_tokens: ApiKeyVisitorTokens
    visitor_jwks_url: None | str
    require_visitor: bool
    allow_originals: bool
    last_used_at: datetime.datetime | None
    created_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        environment = self.environment.value

        key_prefix = self.key_prefix

        key_last_4: None | str
        key_last_4 = self.key_last_4

        authorized_domains = self.authorized_domains



        require_https = self.require_https

        any_origin = self.any_origin

        all_documents = self.all_documents

        topic_ids = self.topic_ids



        visitor_tokens = self.visitor_tokens.value

        visitor_jwks_url: None | str
        visitor_jwks_url = self.visitor_jwks_url

        require_visitor = self.require_visitor

        allow_originals = self.allow_originals

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "environment": environment,
            "keyPrefix": key_prefix,
            "keyLast4": key_last_4,
            "authorizedDomains": authorized_domains,
            "requireHttps": require_https,
            "anyOrigin": any_origin,
            "allDocuments": all_documents,
            "topicIds": topic_ids,
            "visitorTokens": visitor_tokens,
            "visitorJwksUrl": visitor_jwks_url,
            "requireVisitor": require_visitor,
            "allowOriginals": allow_originals,
            "lastUsedAt": last_used_at,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        environment = ApiKeyEnvironment(d.pop("environment"))




        key_prefix = d.pop("keyPrefix")

        def _parse_key_last_4(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key_last_4 = _parse_key_last_4(d.pop("keyLast4"))


        authorized_domains = cast(list[str], d.pop("authorizedDomains"))


        require_https = d.pop("requireHttps")

        any_origin = d.pop("anyOrigin")

        all_documents = d.pop("allDocuments")

        topic_ids = cast(list[str], d.pop("topicIds"))


        visitor_tokens = ApiKeyVisitorTokens(d.pop("visitorTokens"))




        def _parse_visitor_jwks_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        visitor_jwks_url = _parse_visitor_jwks_url(d.pop("visitorJwksUrl"))


        require_visitor = d.pop("requireVisitor")

        allow_originals = d.pop("allowOriginals")

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


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        api_key = cls(
            id=id,
            name=name,
            environment=environment,
            key_prefix=key_prefix,
            key_last_4=key_last_4,
            authorized_domains=authorized_domains,
            require_https=require_https,
            any_origin=any_origin,
            all_documents=all_documents,
            topic_ids=topic_ids,
            visitor_tokens=visitor_tokens,
            visitor_jwks_url=visitor_jwks_url,
            require_visitor=require_visitor,
            allow_originals=allow_originals,
            last_used_at=last_used_at,
            created_at=created_at,
        )

        return api_key

