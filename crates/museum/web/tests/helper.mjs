// What every exhibit's browser test uses: a real `ludomat serve --port 0`, Debian's
// Chromium driven by playwright-core, and screenshots in target/museum-screenshots/.
//
//   import { openMuseum } from './helper.mjs';
//   test('…', async (t) => {
//     const { page, shot } = await openMuseum(t, '/exhibits/tictactoe?seed=3');
//     await page.click('…');
//     await shot('tictactoe-end');
//   });
//
// LUDOMAT_BIN overrides the binary (default: target/debug/ludomat, then target/release);
// CHROMIUM overrides the browser (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SCREENSHOTS = join(ROOT, 'target', 'museum-screenshots');

function binary() {
  if (process.env.LUDOMAT_BIN) return process.env.LUDOMAT_BIN;
  for (const p of ['target/debug/ludomat', 'target/release/ludomat']) {
    if (existsSync(join(ROOT, p))) return join(ROOT, p);
  }
  throw new Error('no ludomat binary: run `cargo build -p ludomat` first (or set LUDOMAT_BIN)');
}

/** Starts `ludomat serve --port 0`; resolves with its base URL (no trailing slash). */
export function startServer(extraArgs = []) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(binary(), ['serve', '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`server did not print its URL in 20 s:\n${out}${err}`)); }, 20_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ url: `http://127.0.0.1:${m[1]}`, child, stop: () => child.kill('SIGINT') });
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}) before printing its URL:\n${out}${err}`)); });
  });
}

/** Launches headless Chromium as shared/specs/museum.md says, with a fresh profile. */
export async function launchBrowser(extraArgs = []) {
  const profile = mkdtempSync(join(tmpdir(), 'ludomat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1200, height: 900 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...extraArgs,
    ],
  });
  return { context, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

/**
 * Starts a server and a browser for test `t` (both stopped when it ends), opens `path`
 * and returns the page, the server's URL, and `shot(name)` to save a screenshot.
 * `browserArgs` adds Chromium switches (e.g. `--enable-unsafe-swiftshader` for WebGL),
 * `serverArgs` flags of `ludomat serve` (e.g. `--bind 0.0.0.0`).
 * Errors in the page's console fail the test at the end.
 */
export async function openMuseum(t, path = '/', { browserArgs = [], serverArgs = [] } = {}) {
  const server = await startServer(serverArgs);
  t.after(() => server.stop());
  const browser = await launchBrowser(browserArgs);
  t.after(() => browser.close());
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(10_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(server.url + path);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const shot = async (name) => {
    const file = join(SCREENSHOTS, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  };
  return { page, url: server.url, shot, errors, server };
}
