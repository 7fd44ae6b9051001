// One server and one browser per test file; one fresh page per test, which
// must end with no console error, page error or failed request.

import { after, afterEach, before } from "node:test";
import assert from "node:assert/strict";
import { browser, openApp, serve } from "../harness.mjs";

export const INITIAL =
  "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";
/** A position where White has all five King's Leaps and all 24 castlings. */
export const CASTLINGS = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

/** `ctx.server`, `ctx.browser` for the file; `ctx.open()` a page of the app. */
export function setup() {
  const ctx = { pages: [] };
  before(async () => {
    ctx.server = await serve();
    ctx.browser = await browser();
  });
  after(async () => {
    await ctx.browser?.close();
    ctx.server?.close();
  });
  afterEach(async () => {
    for (const page of ctx.pages) {
      assert.deepEqual(page.problems, [], "console errors, page errors or failed requests");
      await page.close();
    }
    ctx.pages = [];
  });
  ctx.open = async (options) => {
    const page = await openApp(ctx.browser.context, ctx.server.url, options);
    ctx.pages.push(page);
    return page;
  };
  return ctx;
}
