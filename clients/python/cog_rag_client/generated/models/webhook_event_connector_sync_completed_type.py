from enum import StrEnum

class WebhookEventConnectorSyncCompletedType(StrEnum):
    CONNECTOR_SYNC_COMPLETED = "connector.sync.completed"

    def __str__(self) -> str:
        return str(self.value)
