from enum import StrEnum

class GetInsightsResponseDataUnansweredItemChannel(StrEnum):
    CONSOLE = "console"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
