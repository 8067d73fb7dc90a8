from enum import StrEnum

class GetInsightsConversationResponseDataChannel(StrEnum):
    CONSOLE = "console"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
