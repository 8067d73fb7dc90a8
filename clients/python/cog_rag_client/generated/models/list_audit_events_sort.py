from enum import StrEnum

class ListAuditEventsSort(StrEnum):
    OCCURREDAT = "occurredAt"

    def __str__(self) -> str:
        return str(self.value)
