from enum import StrEnum

class WebhookEventConversationCreatedType(StrEnum):
    CONVERSATION_CREATED = "conversation.created"

    def __str__(self) -> str:
        return str(self.value)
