from enum import StrEnum

class EvaluationQuestionKind(StrEnum):
    FACT = "fact"
    FOLLOWUP = "followup"
    TABLE = "table"
    UNANSWERABLE = "unanswerable"

    def __str__(self) -> str:
        return str(self.value)
