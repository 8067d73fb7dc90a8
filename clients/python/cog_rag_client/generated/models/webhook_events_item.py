from enum import StrEnum

class WebhookEventsItem(StrEnum):
    CONVERSATION_CREATED = "conversation.created"
    DOCUMENT_ERROR = "document.error"
    DOCUMENT_UPLOADED = "document.uploaded"
    DOCUMENT_VECTORIZED = "document.vectorized"

    def __str__(self) -> str:
        return str(self.value)
