"""python/examples/research.ipynb runs from top to bottom (nbclient) and draws
its five figures. scripts/test-python.sh installs nbclient, ipykernel and
matplotlib; without them (a quick local run) the test skips."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "research.ipynb"
NEEDED = ("nbclient", "nbformat", "ipykernel", "matplotlib", "numpy")


@pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in NEEDED), reason=f"needs {', '.join(NEEDED)} (scripts/test-python.sh installs them)"
)
def test_research_notebook_runs() -> None:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) == 5, f"{len(images)} figures"
