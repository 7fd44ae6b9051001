// The chooser: a dialog listing the moves that join the same two hexes (a
// King's Leap and castlings, promotions), each a button `[data-choice=CTL-AN]`.

const $ = (sel) => document.querySelector(sel);

/**
 * Opens the chooser for `moves` (legal moves joining the same two hexes);
 * resolves with the one chosen, or null when it is closed.
 */
export function choose(moves) {
  const dialog = $("#chooser");
  const box = $("#choices");
  box.replaceChildren();
  return new Promise((resolve) => {
    // A choice resolves at once (the move is played within the click); closing otherwise cancels.
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.choice = m.ctl;
      b.textContent = m.ctl;
      const long = document.createElement("span");
      long.className = "long";
      long.textContent = `${m.kind.replaceAll("_", " ")}: ${m.long}`;
      b.append(long);
      b.addEventListener("click", () => {
        resolve(m);
        dialog.close("chosen");
      });
      box.append(b);
    }
    dialog.addEventListener(
      "close",
      () => {
        // No stale choices left in the page once it is closed.
        box.replaceChildren();
        resolve(null);
      },
      { once: true },
    );
    dialog.showModal();
  });
}
