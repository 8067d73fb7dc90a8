from enum import StrEnum

class GetWebhookResponseDataEventsItem(StrEnum):
    CONNECTOR_SYNC_COMPLETED = "connector.sync.completed"
    CONNECTOR_SYNC_FAILED = "connector.sync.failed"
    CONVERSATION_CREATED = "conversation.created"
    DOCUMENT_ERROR = "document.error"
    DOCUMENT_UPLOADED = "document.uploaded"
    DOCUMENT_VECTORIZED = "document.vectorized"

    def __str__(self) -> str:
        return str(self.value)
