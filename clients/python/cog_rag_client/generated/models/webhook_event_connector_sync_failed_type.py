from enum import StrEnum

class WebhookEventConnectorSyncFailedType(StrEnum):
    CONNECTOR_SYNC_FAILED = "connector.sync.failed"

    def __str__(self) -> str:
        return str(self.value)
