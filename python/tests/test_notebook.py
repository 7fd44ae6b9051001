"""python/examples/research.ipynb and nnue.ipynb run from top to bottom (nbclient) and draw
their figures. scripts/test-python.sh installs nbclient, ipykernel and
matplotlib; without them (a quick local run) the test skips."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "research.ipynb"
NEEDED = ("nbclient", "nbformat", "ipykernel", "matplotlib", "numpy")


@pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in NEEDED),
    reason=f"needs {', '.join(NEEDED)} (scripts/test-python.sh installs them)",
)
def test_research_notebook_runs() -> None:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) == 5, f"{len(images)} figures"


NNUE_NOTEBOOK = NOTEBOOK.parent / "nnue.ipynb"


@pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in NEEDED) or shutil.which("cargo") is None,
    reason=f"needs cargo and {', '.join(NEEDED)} (scripts/test-python.sh installs them)",
)
def test_nnue_notebook_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """python/examples/nnue.ipynb at a small size (5,000 positions, two epochs): it builds
    and runs the data generator and the trainer, and draws its three figures and the map."""
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("CESCACS_NNUE_POSITIONS", "5000")
    monkeypatch.setenv("CESCACS_NNUE_EPOCHS", "2")
    nb = nbformat.read(NNUE_NOTEBOOK, as_version=4)
    NotebookClient(
        nb,
        timeout=900,
        kernel_name="python3",
        resources={"metadata": {"path": str(NNUE_NOTEBOOK.parent)}},
    ).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outputs) == 3
    assert sum("image/svg+xml" in o.get("data", {}) for o in outputs) == 1
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    # The default network's material: what one piece of each kind is worth to it.
    assert "{'P': 100, 'E': 53, 'J': 254, 'N': 162, 'G': 584, 'R': 439, 'V': 668, 'D': 695}" in text
