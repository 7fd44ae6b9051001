#!/usr/bin/env python3
"""Draws a training run's loss curve (training and validation per epoch) from the record
cescacs-train writes (net.nnue.json) as a PNG.

    python3 scripts/nnue/plot_loss.py net.nnue.json loss.png
"""

import json
import sys


def main():
    record_path, png = sys.argv[1], sys.argv[2]
    curve = json.load(open(record_path))["curve"]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    epochs = [c["epoch"] for c in curve]
    ax.plot(epochs, [c["train"] for c in curve], marker="o", label="training")
    ax.plot(epochs, [c["validation"] for c in curve], marker="o", label="validation (held out)")
    ax.set_xlabel("epoch")
    ax.set_ylabel("mean squared error (win probability)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)


if __name__ == "__main__":
    main()
