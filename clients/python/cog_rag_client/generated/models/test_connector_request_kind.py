from enum import StrEnum

class TestConnectorRequestKind(StrEnum):
    FOLDER = "folder"
    IMAP = "imap"
    S3 = "s3"
    WEB = "web"
    WEBDAV = "webdav"

    def __str__(self) -> str:
        return str(self.value)
