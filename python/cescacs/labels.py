"""Result and termination columns that compare with their readable labels.

``GameBatch.results`` and ``GameBatch.terminations`` are NumPy ``uint8``
code arrays (what Arrow, Parquet and the batch store); as these subclasses
they compare with labels, so a selection reads as it means and a typo
fails instead of selecting every game:

>>> import cescacs
>>> b = cescacs.selfplay(4, max_plies=10, seed=1)
>>> bool((b.results == "*").all()), bool((b.terminations == None).all())  # noqa: E711
(True, True)
>>> len(b[b.results != "*"])
0
>>> b.results == "3:0"
Traceback (most recent call last):
...
ValueError: unknown result '3:0' (expected one of '3-0', '0-3', '2-1', '1-2', '1-1', '*')
>>> b.results.labels()
['*', '*', '*', '*']

A termination compares with a :class:`cescacs.Termination`, its value
(``"checkmate"``) or ``None`` (the game had not ended). A list or array of
labels compares element by element; integers compare as codes
(``GameBatch.RESULTS[code]`` is the label of ``code``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

from ._types import Termination

__all__ = ["LabelledCodes", "ResultCodes", "TerminationCodes"]

#: The result labels by code (``GameBatch.RESULTS``).
RESULT_LABELS: Tuple[str, ...] = ("3-0", "0-3", "2-1", "1-2", "1-1", "*")
#: The termination labels by code (``GameBatch.TERMINATIONS``; 0 is ``None``).
TERMINATION_LABELS: Tuple[Optional[str], ...] = (None,) + tuple(t.value for t in Termination)


if TYPE_CHECKING:
    _Codes = np.ndarray[Any, np.dtype[np.uint8]]
else:
    _Codes = np.ndarray


class LabelledCodes(_Codes):
    """A ``uint8`` array of codes into :attr:`LABELS` that compares (``==``,
    ``!=``) with labels as well as codes; an unknown label raises
    ``ValueError``."""

    #: The label of each code.
    LABELS: ClassVar[Tuple[Optional[str], ...]] = ()
    #: What the codes are, for error messages.
    WHAT: ClassVar[str] = "label"

    @classmethod
    def _codes_of(cls) -> Dict[Optional[str], int]:
        return {label: code for code, label in enumerate(cls.LABELS)}

    @classmethod
    def code(cls, label: Any) -> int:
        """The code of ``label`` (``ValueError`` if it is none of :attr:`LABELS`)."""
        if isinstance(label, Termination):
            label = label.value
        codes = cls._codes_of()
        if (label is None or isinstance(label, str)) and label in codes:
            return codes[label]
        known = ", ".join(repr(x) for x in cls.LABELS)
        raise ValueError(f"unknown {cls.WHAT} {label!r} (expected one of {known})")

    def _operand(self, other: Any) -> Any:
        """``other`` as codes: labels translated, numbers kept."""
        if other is None or isinstance(other, (str, Termination)):
            return np.uint8(self.code(other))
        if isinstance(other, (list, tuple)) or (
            isinstance(other, np.ndarray) and other.dtype.kind in "OUS"
        ):
            items = np.asarray(other, dtype=object)
            if any(x is None or isinstance(x, (str, Termination)) for x in items.flat):
                return np.vectorize(self.code, otypes=[np.uint8])(items)
        return other

    def __eq__(self, other: Any) -> "npt.NDArray[np.bool_]":  # type: ignore[override]
        return np.asarray(np.asarray(self) == self._operand(other), dtype=np.bool_)

    def __ne__(self, other: Any) -> "npt.NDArray[np.bool_]":  # type: ignore[override]
        return np.asarray(np.asarray(self) != self._operand(other), dtype=np.bool_)

    __hash__ = None  # type: ignore[assignment]

    def labels(self) -> List[Optional[str]]:
        """The label of every element, as a list."""
        return [self.LABELS[c] for c in np.asarray(self).ravel().tolist()]

    def isin(self, labels: Any) -> "npt.NDArray[np.bool_]":
        """Whether each element's label is one of ``labels``."""
        return np.isin(np.asarray(self), np.asarray([self.code(x) for x in labels], dtype=np.uint8))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.labels()!r})"

    def __str__(self) -> str:
        return str(self.labels())


class ResultCodes(LabelledCodes):
    """``GameBatch.results``: the result of each game, codes into
    ``("3-0", "0-3", "2-1", "1-2", "1-1", "*")`` (C'escacs points, White's
    first; ``"*"`` not ended), comparable with those labels."""

    LABELS = RESULT_LABELS
    WHAT = "result"


class TerminationCodes(LabelledCodes):
    """``GameBatch.terminations``: how each game ended, codes into
    ``(None, "checkmate", "stalemate", "fivefold repetition", "75-move
    rule", "insufficient material")``, comparable with those labels,
    :class:`cescacs.Termination` members and ``None``."""

    LABELS = TERMINATION_LABELS
    WHAT = "termination"
