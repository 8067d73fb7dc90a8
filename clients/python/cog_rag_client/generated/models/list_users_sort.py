from enum import StrEnum

class ListUsersSort(StrEnum):
    CREATEDAT = "createdAt"
    EMAIL = "email"
    NAME = "name"
    UPDATEDAT = "updatedAt"

    def __str__(self) -> str:
        return str(self.value)
