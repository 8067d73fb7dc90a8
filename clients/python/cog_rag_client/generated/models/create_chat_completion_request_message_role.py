from enum import StrEnum

class CreateChatCompletionRequestMessageRole(StrEnum):
    ASSISTANT = "assistant"
    DEVELOPER = "developer"
    FUNCTION = "function"
    SYSTEM = "system"
    TOOL = "tool"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
