from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_api_key_request_environment import CreateApiKeyRequestEnvironment
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateApiKeyRequest")



@_attrs_define
class CreateApiKeyRequest:
    """ 
        Attributes:
            name (str):
            environment (CreateApiKeyRequestEnvironment | Unset): Key prefix `svc_live_` or `svc_test_` Default:
                CreateApiKeyRequestEnvironment.LIVE.
            authorized_domains (list[str] | Unset): Origins allowed to use the key: `[scheme://][*.]host[:port]`. Empty or
                absent: any web site may use the key (`anyOrigin: true`).
            require_https (bool | Unset): Refuse requests whose origin is not `https://` (403), whatever the domains
                Default: False.
            all_documents (bool | Unset): Answer from every document of the company, present and future (explicit; the
                console flags such keys). False: only `topicIds` Default: False.
            topic_ids (list[str] | Unset): The topics the key may answer from (replaces the list). A request’s `topicId`
                narrows this, never widens it
            allow_originals (bool | Unset): Visitors may open the original files of the documents the key answers from:
                public answers then carry a signed, 10-minute `originalUrl` per cited document (`GET
                /api/public/documents/{id}/file`). False (default): only the cited passage is shown Default: False.
     """

    name: str
    environment: CreateApiKeyRequestEnvironment | Unset = CreateApiKeyRequestEnvironment.LIVE
    authorized_domains: list[str] | Unset = UNSET
    require_https: bool | Unset = False
    all_documents: bool | Unset = False
    topic_ids: list[str] | Unset = UNSET
    allow_originals: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        environment: str | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment.value


        authorized_domains: list[str] | Unset = UNSET
        if not isinstance(self.authorized_domains, Unset):
            authorized_domains = self.authorized_domains



        require_https = self.require_https

        all_documents = self.all_documents

        topic_ids: list[str] | Unset = UNSET
        if not isinstance(self.topic_ids, Unset):
            topic_ids = self.topic_ids



        allow_originals = self.allow_originals


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if environment is not UNSET:
            field_dict["environment"] = environment
        if authorized_domains is not UNSET:
            field_dict["authorizedDomains"] = authorized_domains
        if require_https is not UNSET:
            field_dict["requireHttps"] = require_https
        if all_documents is not UNSET:
            field_dict["allDocuments"] = all_documents
        if topic_ids is not UNSET:
            field_dict["topicIds"] = topic_ids
        if allow_originals is not UNSET:
            field_dict["allowOriginals"] = allow_originals

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        _environment = d.pop("environment", UNSET)
        environment: CreateApiKeyRequestEnvironment | Unset
        if isinstance(_environment,  Unset):
            environment = UNSET
        else:
            environment = CreateApiKeyRequestEnvironment(_environment)




        authorized_domains = cast(list[str], d.pop("authorizedDomains", UNSET))


        require_https = d.pop("requireHttps", UNSET)

        all_documents = d.pop("allDocuments", UNSET)

        topic_ids = cast(list[str], d.pop("topicIds", UNSET))


        allow_originals = d.pop("allowOriginals", UNSET)

        create_api_key_request = cls(
            name=name,
            environment=environment,
            authorized_domains=authorized_domains,
            require_https=require_https,
            all_documents=all_documents,
            topic_ids=topic_ids,
            allow_originals=allow_originals,
        )

        return create_api_key_request

