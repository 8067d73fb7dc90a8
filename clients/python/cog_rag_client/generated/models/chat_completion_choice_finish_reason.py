from enum import StrEnum

class ChatCompletionChoiceFinishReason(StrEnum):
    STOP = "stop"

    def __str__(self) -> str:
        return str(self.value)
