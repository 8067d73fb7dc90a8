from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field
import json
from .. import types

from ..types import UNSET, Unset

from ..types import File, FileTypes
from ..types import UNSET, Unset
from io import BytesIO






T = TypeVar("T", bound="UploadDocumentRequest")



@_attrs_define
class UploadDocumentRequest:
    """ 
        Attributes:
            file (File): The file; at most 50 MB (MAX_UPLOAD_MB). Type read from the bytes
            name (str | Unset): Display name; default: the file name
            topic_id (str | Unset): Put the document in this topic
     """

    file: File
    name: str | Unset = UNSET
    topic_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()


        name = self.name

        topic_id = self.topic_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "file": file,
        })
        if name is not UNSET:
            field_dict["name"] = name
        if topic_id is not UNSET:
            field_dict["topicId"] = topic_id

        return field_dict


    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))



        if not isinstance(self.name, Unset):
            files.append(("name", (None, str(self.name).encode(), "text/plain")))



        if not isinstance(self.topic_id, Unset):
            files.append(("topicId", (None, str(self.topic_id).encode(), "text/plain")))





        return files


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        file = File(
             payload = BytesIO(d.pop("file"))
        )




        name = d.pop("name", UNSET)

        topic_id = d.pop("topicId", UNSET)

        upload_document_request = cls(
            file=file,
            name=name,
            topic_id=topic_id,
        )

        return upload_document_request

