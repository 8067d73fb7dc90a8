from enum import StrEnum

class WebhookEventDocumentVectorizedType(StrEnum):
    DOCUMENT_VECTORIZED = "document.vectorized"

    def __str__(self) -> str:
        return str(self.value)
