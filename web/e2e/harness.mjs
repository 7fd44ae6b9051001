// What every browser test needs: web/app served by `python3 -m http.server`
// on loopback, the system's Chromium (headless, a fresh profile) driven by
// playwright-core, and a page that records every console error, page error
// and failed request so that a test can require none.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, "../..");
export const appDir = path.join(repo, "web/app");

/** Chromium's path: $CHROMIUM or Debian's /usr/bin/chromium. */
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Serves web/app on a free loopback port; resolves with `{url, close}`. */
export function serve() {
  return new Promise((resolve, reject) => {
    const server = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "-d", appDir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`http.server did not start: ${out}`)), 15000);
    const onData = (chunk) => {
      out += chunk;
      const m = /port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        server.stdout.off("data", onData);
        server.stdout.resume();
        server.stderr.resume();
        resolve({ url: `http://127.0.0.1:${m[1]}/`, close: () => server.kill() });
      }
    };
    server.stdout.setEncoding("utf8");
    server.stdout.on("data", onData);
    server.on("error", reject);
  });
}

/** A browser with a fresh profile; `close()` removes the profile too. */
export async function browser() {
  const profile = mkdtempSync(path.join(tmpdir(), "cescacs-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the app in a new page; `page.problems` collects console errors,
 * page errors and failed requests. `fresh`: with the browser's storage
 * for the app emptied first (no game kept from an earlier test).
 * `beforeLoad(page)` runs before the app is opened (e.g. to fake the clock).
 */
export async function openApp(context, url, { fresh = true, beforeLoad } = {}) {
  const page = await context.newPage();
  await beforeLoad?.(page);
  page.problems = [];
  page.on("console", (m) => {
    if (m.type() === "error") page.problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => page.problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A request the page cancels on purpose (a download's blob) is not a failure.
    if (!r.url().startsWith("blob:")) page.problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) page.problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(url);
  await ready(page);
  if (fresh) {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await ready(page);
  }
  return page;
}

/** Waits until the page has loaded the package and drawn the board. */
export async function ready(page) {
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
}

/** The PDTL the page shows. */
export function pdtl(page) {
  return page.inputValue("#pdtl");
}

/** Sets a position by typing its PDTL and pressing Enter. */
export async function setPdtl(page, text) {
  await page.fill("#pdtl", text);
  await page.press("#pdtl", "Enter");
}

/** Clicks hex `name` (an element `[data-hex=name]`). */
export function clickHex(page, name) {
  return page.click(`[data-hex="${name}"]`);
}
