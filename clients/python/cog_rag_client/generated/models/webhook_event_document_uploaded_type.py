from enum import StrEnum

class WebhookEventDocumentUploadedType(StrEnum):
    DOCUMENT_UPLOADED = "document.uploaded"

    def __str__(self) -> str:
        return str(self.value)
