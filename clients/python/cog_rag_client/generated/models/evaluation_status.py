from enum import StrEnum

class EvaluationStatus(StrEnum):
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    QUEUED = "QUEUED"
    RUNNING = "RUNNING"

    def __str__(self) -> str:
        return str(self.value)
