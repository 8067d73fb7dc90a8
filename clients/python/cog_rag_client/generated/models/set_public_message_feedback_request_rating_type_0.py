from enum import StrEnum

class SetPublicMessageFeedbackRequestRatingType0(StrEnum):
    DOWN = "down"
    UP = "up"

    def __str__(self) -> str:
        return str(self.value)
