from enum import StrEnum

class ModelListDataItemObject(StrEnum):
    MODEL = "model"

    def __str__(self) -> str:
        return str(self.value)
