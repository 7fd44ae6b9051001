#!/usr/bin/env python3
"""A seeded NumPy trainer for the engine's network (docs/NNUE.md): 3042 inputs per side ->
accumulator N (both sides, clipped ReLU) -> H (clipped ReLU) -> 1, Adam on the mean squared
error between sigmoid(output) and a blend of the search score and the game's result, then
quantized into the engine's file format (netfile.py) and a loss-curve PNG.

    python3 scripts/nnue/train.py --data positions.bin --out net.nnue --plot loss.png \
        [--seed 1] [--epochs 10] [--acc 64] [--hidden 16] [--lambda 0.7] [--batch 1024]
"""
import argparse
import json
from pathlib import Path

import numpy as np

import netfile
from posfile import read_positions

HEXES, KINDS = 169, 9
INPUTS = HEXES * KINDS * 2
MAX_PIECES = 54
SCALE = 400  # centipawns of an output of 1.0; the score target is sigmoid(cp / SCALE)
MIRROR = np.array([int(x) for x in (Path(__file__).parent / "mirror.txt").read_text().split()])


def decode(packed):
    """Feature index arrays (positions x 54, padded with INPUTS) for the side to move and
    the other side (engine/src/nnue/features.rs)."""
    n = len(packed)
    own = np.full((n, MAX_PIECES), INPUTS, np.int64)
    other = np.full((n, MAX_PIECES), INPUTS, np.int64)
    for i, row in enumerate(packed):
        black = int(row[0] & 1)
        hexes = np.flatnonzero(np.unpackbits(row[2:24], bitorder="little")[:HEXES])
        k = len(hexes)
        c0 = 24 + (k + 7) // 8
        colours = np.unpackbits(row[24:c0], bitorder="little")[:k].astype(np.int64)
        nib = row[c0:c0 + (k + 1) // 2]
        kinds = np.stack([nib & 15, nib >> 4], axis=1).reshape(-1)[:k].astype(np.int64)
        for side, out in ((black, own), (1 - black, other)):
            h = MIRROR[hexes] if side == 1 else hexes
            out[i, :k] = ((colours != side) * KINDS + kinds) * HEXES + h
    return own, other


def targets(rec, lam):
    """sigmoid(score / SCALE) blended with the side to move's share of the result."""
    score = 1 / (1 + np.exp(-rec["score"].astype(np.float64) / SCALE))
    black = (rec["packed"][:, 0] & 1).astype(bool)
    white_share = np.where(rec["result"] == 255, 0.5, rec["result"] / 3.0)
    share = np.where(black, 1 - white_share, white_share)
    return (lam * score + (1 - lam) * share).astype(np.float32)


def init(rng, n, h):
    return {
        "W": rng.normal(0, 0.1, (INPUTS + 1, n)).astype(np.float32), "b": np.full(n, 0.1, np.float32),
        "W1": rng.normal(0, 1 / np.sqrt(2 * n), (h, 2 * n)).astype(np.float32), "b1": np.zeros(h, np.float32),
        "w2": rng.normal(0, 1 / np.sqrt(h), h).astype(np.float32), "b2": np.zeros(1, np.float32),
    }


def forward(p, own, other):
    a = np.concatenate([p["b"] + p["W"][own].sum(1), p["b"] + p["W"][other].sum(1)], axis=1)
    x = np.clip(a, 0, 1)
    z = x @ p["W1"].T + p["b1"]
    hid = np.clip(z, 0, 1)
    out = hid @ p["w2"] + p["b2"]
    return a, x, z, hid, out


def loss_and_grads(p, own, other, y):
    a, x, z, hid, out = forward(p, own, other)
    s = 1 / (1 + np.exp(-out))
    m = len(y)
    d_out = (2 * (s - y) * s * (1 - s) / m).astype(np.float32)
    g = {"w2": hid.T @ d_out, "b2": np.array([d_out.sum()], np.float32)}
    d_z = np.outer(d_out, p["w2"]) * ((z > 0) & (z < 1))
    g["W1"], g["b1"] = d_z.T @ x, d_z.sum(0)
    d_a = (d_z @ p["W1"]) * ((a > 0) & (a < 1))
    n = p["b"].shape[0]
    g["b"] = d_a[:, :n].sum(0) + d_a[:, n:].sum(0)
    gW = np.zeros_like(p["W"])
    for idx, d in ((own, d_a[:, :n]), (other, d_a[:, n:])):
        np.add.at(gW, idx.reshape(-1), np.repeat(d, idx.shape[1], axis=0))
    gW[INPUTS] = 0
    g["W"] = gW
    return float(np.mean((s - y) ** 2)), g


def evaluate_loss(p, own, other, y, batch=8192):
    total = 0.0
    for i in range(0, len(y), batch):
        s = 1 / (1 + np.exp(-forward(p, own[i:i + batch], other[i:i + batch])[-1]))
        total += float(np.sum((s - y[i:i + batch]) ** 2))
    return total / max(len(y), 1)


def clamp(p):
    """Keeps the weights where the quantized file represents them."""
    p["W1"] = np.clip(p["W1"], -127 / 64, 127 / 64)
    p["w2"] = np.clip(p["w2"], -127 / 64, 127 / 64)
    p["W"] = np.clip(p["W"], -250 / 127, 250 / 127)


def quantize(p):
    n = p["b"].shape[0]
    return netfile.to_bytes(
        np.round(p["b"] * 127), np.round(p["W"][:INPUTS] * 127),
        np.round(p["b1"] * 127 * 64), np.clip(np.round(p["W1"] * 64), -127, 127),
        int(np.round(p["b2"][0] * 127 * 64)), np.clip(np.round(p["w2"] * 64), -127, 127), SCALE) if n else b""


def train(args):
    rng = np.random.default_rng(args.seed)
    rec = read_positions(args.data)
    own, other = decode(rec["packed"])
    y = targets(rec, args.lam)
    # Held out: the last tenth of the file (the last games played).
    cut = len(y) - max(len(y) // 10, 1)
    p = init(rng, args.acc, args.hidden)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(x) for k, x in p.items()}
    curve, t = [], 0
    for epoch in range(args.epochs):
        order = rng.permutation(cut)
        for i in range(0, cut, args.batch):
            b = order[i:i + args.batch]
            _, g = loss_and_grads(p, own[b], other[b], y[b])
            t += 1
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] ** 2
                p[k] -= args.lr * (m[k] / (1 - 0.9 ** t)) / (np.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
            clamp(p)
        tr, va = evaluate_loss(p, own[:cut], other[:cut], y[:cut]), evaluate_loss(p, own[cut:], other[cut:], y[cut:])
        curve.append({"epoch": epoch + 1, "train": tr, "validation": va})
        print(f"epoch {epoch + 1}: train {tr:.5f} validation {va:.5f}", flush=True)
    return p, curve, (own[:100], other[:100])


def plot(curve, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot([c["epoch"] for c in curve], [c["train"] for c in curve], marker="o", label="training")
    ax.plot([c["epoch"] for c in curve], [c["validation"] for c in curve], marker="o", label="validation")
    ax.set_xlabel("epoch")
    ax.set_ylabel("mean squared error (win probability)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--plot", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--acc", type=int, default=64)
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.7)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()
    p, curve, (first_own, first_other) = train(args)
    Path(args.out).write_bytes(quantize(p))
    plot(curve, args.plot)
    floats = np.round(forward(p, first_own, first_other)[-1] * SCALE).astype(int)
    Path(args.out + ".json").write_text(json.dumps({"args": vars(args), "curve": curve}, indent=1))
    # The float network's evaluations of the file's first 100 positions, which
    # scripts/train-net.sh compares with the engine's on the quantized file.
    np.savetxt(args.out + ".float-evals.txt", floats, fmt="%d")


if __name__ == "__main__":
    main()
