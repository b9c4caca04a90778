"""The wheel's build hook: mypyc compiles the searches that decide deals and the Wrangle's
playouts (docs/design.md, "Compiled searches") where the machine has a C compiler. Where it has
none, Parlour is installed as plain Python: every command works the same, the solver at a ninth to
two fifths of its speed and the Wrangle's strong player thinking longer.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from typing import Any

from hatch_mypyc import plugin  # type: ignore[import-not-found]  # in the build environment only


class CompiledWhereACompilerIs(plugin.MypycBuildHook):  # type: ignore[misc]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not has_c_compiler():
            self.app.display_warning(
                "parlour: no C compiler found, so the solver's searches and the Wrangle's"
                " playouts are installed uncompiled (two and a half to nine times slower);"
                " install gcc or clang and reinstall for speed"
            )
            return
        super().initialize(version, build_data)


def has_c_compiler() -> bool:
    """Whether the compiler setuptools would call is there: $CC, else the one Python was built
    with (on Windows setuptools finds MSVC itself, so it is taken to be there)."""
    if sys.platform == "win32":
        return True
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(command.split()[0]) is not None


def get_build_hook() -> type[CompiledWhereACompilerIs]:
    return CompiledWhereACompilerIs
