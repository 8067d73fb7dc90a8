from enum import StrEnum

class ExportInsightsCsvTable(StrEnum):
    DAYS = "days"
    QUESTIONS = "questions"

    def __str__(self) -> str:
        return str(self.value)
