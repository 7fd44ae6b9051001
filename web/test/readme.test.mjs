// The README's JavaScript example, run as written: its output is the block after it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const web = fileURLToPath(new URL("../", import.meta.url));

test("the README's example prints what the README says", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.split("## JavaScript (WebAssembly)")[1];
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  const expected = section.match(/```text\n([\s\S]*?)```/)[1];
  // `cescacs` resolves to the built package from web/ (as an installed package would).
  mkdirSync(`${web}node_modules`, { recursive: true });
  if (!existsSync(`${web}node_modules/cescacs`)) symlinkSync("../pkg", `${web}node_modules/cescacs`, "dir");
  const file = `${web}.readme-example.mjs`;
  writeFileSync(file, code);
  try {
    assert.equal(execFileSync(process.execPath, [file], { encoding: "utf8" }), expected);
  } finally {
    rmSync(file);
  }
});
