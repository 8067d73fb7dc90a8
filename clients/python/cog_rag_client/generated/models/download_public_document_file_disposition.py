from enum import StrEnum

class DownloadPublicDocumentFileDisposition(StrEnum):
    ATTACHMENT = "attachment"
    INLINE = "inline"

    def __str__(self) -> str:
        return str(self.value)
