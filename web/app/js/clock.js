// A chess clock for two sides: minutes plus an increment per move, the
// running side's time counted from performance.now(), a flag when it ends.

export class Clock {
  /** `onFlag(side)` when `side` ("w" or "b") runs out of time. */
  constructor(onFlag) {
    this.onFlag = onFlag;
    this.set(null);
  }

  /** `control` "300+3" (seconds + increment) or null for no clock. */
  set(control) {
    this.stop();
    this.flagged = null;
    if (!control || control === "none") {
      this.enabled = false;
      this.left = { w: 0, b: 0 };
      this.increment = 0;
      return;
    }
    const [base, inc] = control.split("+").map(Number);
    this.enabled = true;
    this.left = { w: base * 1000, b: base * 1000 };
    this.increment = (inc || 0) * 1000;
  }

  /** Milliseconds left for `side` now. */
  remaining(side) {
    if (this.running === side) return Math.max(0, this.left[side] - (performance.now() - this.since));
    return this.left[side];
  }

  /** Starts `side`'s time. */
  start(side) {
    if (!this.enabled || this.flagged) return;
    this.stop();
    this.running = side;
    this.since = performance.now();
    this.timer = setTimeout(() => this.#flag(side), this.left[side] + 5);
  }

  /** Stops the running side's time (its time so far is spent). */
  stop() {
    if (this.running) {
      this.left[this.running] = this.remaining(this.running);
      clearTimeout(this.timer);
      this.running = null;
    }
  }

  /**
   * `side` has moved: stop its time and add its increment, start the other
   * side's (the first move of a game starts the clock).
   */
  moved(side) {
    if (!this.enabled || this.flagged) return;
    if (this.running === side) {
      this.stop();
      this.left[side] += this.increment;
    }
    this.start(side === "w" ? "b" : "w");
  }

  #flag(side) {
    if (this.running !== side) return;
    if (this.remaining(side) > 0) {
      this.timer = setTimeout(() => this.#flag(side), this.remaining(side) + 5);
      return;
    }
    this.stop();
    this.left[side] = 0;
    this.flagged = side;
    this.onFlag(side);
  }

  /** "m:ss" (tenths under ten seconds). */
  static format(ms) {
    if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
    const s = Math.floor(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
}
