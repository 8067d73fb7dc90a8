from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TestConnectorRequestConfig")



@_attrs_define
class TestConnectorRequestConfig:
    """ 
        Attributes:
            path (str | Unset): folder (required): absolute path below CONNECTOR_FOLDER_ROOTS
            include (list[str] | Unset): folder: globs of relative paths to take (default all)
            exclude (list[str] | Unset): folder: globs of relative paths to leave out
            start_urls (list[str] | Unset): web (this, `sitemapUrl` or both): pages the crawl starts from
            sitemap_url (str | Unset): web (this, `startUrls` or both): a sitemap.xml whose URLs are start pages
            endpoint (str | Unset): s3: endpoint URL (MinIO, Ceph); empty for AWS
            region (str | Unset): s3: region, default us-east-1
            bucket (str | Unset): s3 (required): bucket name
            prefix (str | Unset): s3: key prefix
            access_key_id (str | Unset): s3: access key id (the secret key goes in `secret`)
            force_path_style (bool | Unset): s3: path-style addressing (MinIO)
            host (str | Unset): imap (required): server host
            port (int | Unset): imap: port, default 993
            tls (bool | Unset): imap: implicit TLS, default true
            username (str | Unset): imap (required), webdav: user name (the password goes in `secret`)
            mailbox (str | Unset): imap: mailbox folder, default INBOX
            url (str | Unset): webdav (required): collection URL
     """

    path: str | Unset = UNSET
    include: list[str] | Unset = UNSET
    exclude: list[str] | Unset = UNSET
    start_urls: list[str] | Unset = UNSET
    sitemap_url: str | Unset = UNSET
    endpoint: str | Unset = UNSET
    region: str | Unset = UNSET
    bucket: str | Unset = UNSET
    prefix: str | Unset = UNSET
    access_key_id: str | Unset = UNSET
    force_path_style: bool | Unset = UNSET
    host: str | Unset = UNSET
    port: int | Unset = UNSET
    tls: bool | Unset = UNSET
    username: str | Unset = UNSET
    mailbox: str | Unset = UNSET
    url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        path = self.path

        include: list[str] | Unset = UNSET
        if not isinstance(self.include, Unset):
            include = self.include



        exclude: list[str] | Unset = UNSET
        if not isinstance(self.exclude, Unset):
            exclude = self.exclude



        start_urls: list[str] | Unset = UNSET
        if not isinstance(self.start_urls, Unset):
            start_urls = self.start_urls



        sitemap_url = self.sitemap_url

        endpoint = self.endpoint

        region = self.region

        bucket = self.bucket

        prefix = self.prefix

        access_key_id = self.access_key_id

        force_path_style = self.force_path_style

        host = self.host

        port = self.port

        tls = self.tls

        username = self.username

        mailbox = self.mailbox

        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if path is not UNSET:
            field_dict["path"] = path
        if include is not UNSET:
            field_dict["include"] = include
        if exclude is not UNSET:
            field_dict["exclude"] = exclude
        if start_urls is not UNSET:
            field_dict["startUrls"] = start_urls
        if sitemap_url is not UNSET:
            field_dict["sitemapUrl"] = sitemap_url
        if endpoint is not UNSET:
            field_dict["endpoint"] = endpoint
        if region is not UNSET:
            field_dict["region"] = region
        if bucket is not UNSET:
            field_dict["bucket"] = bucket
        if prefix is not UNSET:
            field_dict["prefix"] = prefix
        if access_key_id is not UNSET:
            field_dict["accessKeyId"] = access_key_id
        if force_path_style is not UNSET:
            field_dict["forcePathStyle"] = force_path_style
        if host is not UNSET:
            field_dict["host"] = host
        if port is not UNSET:
            field_dict["port"] = port
        if tls is not UNSET:
            field_dict["tls"] = tls
        if username is not UNSET:
            field_dict["username"] = username
        if mailbox is not UNSET:
            field_dict["mailbox"] = mailbox
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        path = d.pop("path", UNSET)

        include = cast(list[str], d.pop("include", UNSET))


        exclude = cast(list[str], d.pop("exclude", UNSET))


        start_urls = cast(list[str], d.pop("startUrls", UNSET))


        sitemap_url = d.pop("sitemapUrl", UNSET)

        endpoint = d.pop("endpoint", UNSET)

        region = d.pop("region", UNSET)

        bucket = d.pop("bucket", UNSET)

        prefix = d.pop("prefix", UNSET)

        access_key_id = d.pop("accessKeyId", UNSET)

        force_path_style = d.pop("forcePathStyle", UNSET)

        host = d.pop("host", UNSET)

        port = d.pop("port", UNSET)

        tls = d.pop("tls", UNSET)

        username = d.pop("username", UNSET)

        mailbox = d.pop("mailbox", UNSET)

        url = d.pop("url", UNSET)

        test_connector_request_config = cls(
            path=path,
            include=include,
            exclude=exclude,
            start_urls=start_urls,
            sitemap_url=sitemap_url,
            endpoint=endpoint,
            region=region,
            bucket=bucket,
            prefix=prefix,
            access_key_id=access_key_id,
            force_path_style=force_path_style,
            host=host,
            port=port,
            tls=tls,
            username=username,
            mailbox=mailbox,
            url=url,
        )

        return test_connector_request_config

