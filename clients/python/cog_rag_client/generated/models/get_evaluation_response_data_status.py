from enum import StrEnum

class GetEvaluationResponseDataStatus(StrEnum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    QUEUED = "QUEUED"
    RUNNING = "RUNNING"

    def __str__(self) -> str:
        return str(self.value)
