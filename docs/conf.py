"""Sphinx configuration for the fivecrowns documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_scripts"))

from figures import build_figures  # noqa: E402

import fivecrowns  # noqa: E402

project = "fivecrowns"
author = "The fivecrowns developers"
copyright = "2026, The fivecrowns developers"
version = release = fivecrowns.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"fivecrowns {release}"
html_static_path = ["_static"]

# The figures are drawn from the library's own simulations at every build.
build_figures(HERE / "_static" / "generated")
