from enum import StrEnum

class ListAuditEventsActorType(StrEnum):
    ANONYMOUS = "anonymous"
    API_KEY = "api_key"
    SCIM = "scim"
    SYSTEM = "system"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
