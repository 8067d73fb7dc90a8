from enum import StrEnum

class ListDocumentsSort(StrEnum):
    CREATEDAT = "createdAt"
    NAME = "name"
    SIZEBYTES = "sizeBytes"
    STATUS = "status"
    UPDATEDAT = "updatedAt"

    def __str__(self) -> str:
        return str(self.value)
