"""The ``.mat`` format both ways, in one name: :mod:`game.formats.mat_read` reads it,
:mod:`game.formats.mat_write` writes it.

Kept so that ``from game.formats.mat import import_mat, export_mat`` goes on working.

>>> match = import_mat(" 1 point match\\n Game 1\\n A : 0  B : 0\\n 1) 65: 24/13\\n")
>>> import_mat(export_mat(match)).position_id() == match.position_id() == "4HPwAyDgc/ABMA"
True
"""

from game.formats.mat_read import (DEFAULT_NAMES, MatFileError, MatWarning, decode_mat, import_mat,
                                   import_mats, mat_info)
from game.formats.mat_write import export_mat

__all__ = ["MatFileError", "MatWarning", "decode_mat", "export_mat", "import_mat", "import_mats",
           "mat_info", "DEFAULT_NAMES"]
