from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateApiKeyRequest")



@_attrs_define
class UpdateApiKeyRequest:
    """ 
        Attributes:
            name (str | Unset):
            authorized_domains (list[str] | Unset): Origins allowed to use the key: `[scheme://][*.]host[:port]`. Empty or
                absent: any web site may use the key (`anyOrigin: true`).
            require_https (bool | Unset): Refuse requests whose origin is not `https://` (403), whatever the domains
            all_documents (bool | Unset): Answer from every document of the company, present and future (explicit; the
                console flags such keys). False: only `topicIds`
            topic_ids (list[str] | Unset): The topics the key may answer from (replaces the list). A request’s `topicId`
                narrows this, never widens it
            visitor_jwks_url (None | str | Unset): Verify RS256 visitor tokens with the keys at this JWKS URL; replaces an
                HS256 secret. null: none. Checked when set, as webhook URLs are (400 `VALIDATION_ERROR`, field
                `visitorJwksUrl`): http(s), no `user:password@`, and a host that is public (an IP literal in any spelling, or
                every address its name resolves to) unless the operator granted this company that exact `host:port` in
                `WEBHOOK_PRIVATE_TARGETS`. Fetched under the same tenant policy, checked again at connection time; never through
                `OUTBOUND_ALLOWLIST`
            require_visitor (bool | Unset): Refuse requests without a visitor token
            allow_originals (bool | Unset): Visitors may open the original files of the documents the key answers from:
                public answers then carry a signed, 10-minute `originalUrl` per cited document (`GET
                /api/public/documents/{id}/file`). False (default): only the cited passage is shown
     """

    name: str | Unset = UNSET
    authorized_domains: list[str] | Unset = UNSET
    require_https: bool | Unset = UNSET
    all_documents: bool | Unset = UNSET
    topic_ids: list[str] | Unset = UNSET
    visitor_jwks_url: None | str | Unset = UNSET
    require_visitor: bool | Unset = UNSET
    allow_originals: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        authorized_domains: list[str] | Unset = UNSET
        if not isinstance(self.authorized_domains, Unset):
            authorized_domains = self.authorized_domains



        require_https = self.require_https

        all_documents = self.all_documents

        topic_ids: list[str] | Unset = UNSET
        if not isinstance(self.topic_ids, Unset):
            topic_ids = self.topic_ids



        visitor_jwks_url: None | str | Unset
        if isinstance(self.visitor_jwks_url, Unset):
            visitor_jwks_url = UNSET
        else:
            visitor_jwks_url = self.visitor_jwks_url

        require_visitor = self.require_visitor

        allow_originals = self.allow_originals


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if authorized_domains is not UNSET:
            field_dict["authorizedDomains"] = authorized_domains
        if require_https is not UNSET:
            field_dict["requireHttps"] = require_https
        if all_documents is not UNSET:
            field_dict["allDocuments"] = all_documents
        if topic_ids is not UNSET:
            field_dict["topicIds"] = topic_ids
        if visitor_jwks_url is not UNSET:
            field_dict["visitorJwksUrl"] = visitor_jwks_url
        if require_visitor is not UNSET:
            field_dict["requireVisitor"] = require_visitor
        if allow_originals is not UNSET:
            field_dict["allowOriginals"] = allow_originals

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        authorized_domains = cast(list[str], d.pop("authorizedDomains", UNSET))


        require_https = d.pop("requireHttps", UNSET)

        all_documents = d.pop("allDocuments", UNSET)

        topic_ids = cast(list[str], d.pop("topicIds", UNSET))


        def _parse_visitor_jwks_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        visitor_jwks_url = _parse_visitor_jwks_url(d.pop("visitorJwksUrl", UNSET))


        require_visitor = d.pop("requireVisitor", UNSET)

        allow_originals = d.pop("allowOriginals", UNSET)

        update_api_key_request = cls(
            name=name,
            authorized_domains=authorized_domains,
            require_https=require_https,
            all_documents=all_documents,
            topic_ids=topic_ids,
            visitor_jwks_url=visitor_jwks_url,
            require_visitor=require_visitor,
            allow_originals=allow_originals,
        )

        return update_api_key_request

