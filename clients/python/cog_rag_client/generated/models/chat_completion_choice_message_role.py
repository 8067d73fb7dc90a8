from enum import StrEnum

class ChatCompletionChoiceMessageRole(StrEnum):
    ASSISTANT = "assistant"

    def __str__(self) -> str:
        return str(self.value)
