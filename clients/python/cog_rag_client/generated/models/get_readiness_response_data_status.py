from enum import StrEnum

class GetReadinessResponseDataStatus(StrEnum):
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
