from enum import StrEnum

class ListPublicTopicsSort(StrEnum):
    CREATEDAT = "createdAt"
    NAME = "name"
    UPDATEDAT = "updatedAt"

    def __str__(self) -> str:
        return str(self.value)
