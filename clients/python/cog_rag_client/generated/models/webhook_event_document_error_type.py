from enum import StrEnum

class WebhookEventDocumentErrorType(StrEnum):
    DOCUMENT_ERROR = "document.error"

    def __str__(self) -> str:
        return str(self.value)
