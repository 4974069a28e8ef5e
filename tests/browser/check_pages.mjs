// Drives Debian's chromium (headless, through playwright-core, no browser download) over the
// web pages for the Rust web test, and talks to that test by lines on stdout and stdin:
//
//   GAME stones=<n> n=<n> total=<n>     the game page, drawn (screenshot game.png)
//   HOME n=0 stones=<setup stones>      Home
//   RIGHT n=<n> stones=<n>              ArrowRight three times
//   LEFT n=<n> stones=<n>               ArrowLeft once
//   END n=<total> stones=<n>            End
//   READY total=<n>                     then reads one line (PLAYED) from stdin
//   LIVE total=<n> ms=<n>               the new move arrived by server-sent events (game-live.png)
//   EVENT boards=<n>                    with --event (event.png)
//   SERVER boards=<n>                   with --server (server.png)
//   DONE                                exit 0
//
// On any failure, a page error or an error on a page's console (a script or style blocked by
// the Content-Security-Policy, a resource that did not load), it prints `FAIL <why>` and exits
// with 1. The whole run fails after 60 s.
//
//   node tests/browser/check_pages.mjs --chromium /usr/bin/chromium --game URL \
//        [--event URL] [--server URL] --shots DIR

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const LIMIT_MS = 60_000;
const LIVE_WAIT_MS = 5_000;

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
    args[a.slice(2)] = v;
    i++;
  }
  for (const need of ['chromium', 'game', 'shots']) {
    if (!args[need]) throw new Error(`--${need} is required`);
  }
  return args;
}

const say = (line) => process.stdout.write(line + '\n');

let browser = null;
let finished = false;

async function fail(why) {
  if (finished) return;
  finished = true;
  say('FAIL ' + String(why).replace(/\s+/g, ' ').trim());
  const b = browser;
  browser = null;
  if (b) {
    await Promise.race([b.close().catch(() => {}), new Promise((r) => setTimeout(r, 3000))]);
  }
  process.exit(1);
}

const timer = setTimeout(() => fail(`the run took more than ${LIMIT_MS / 1000} s`), LIMIT_MS);

// Lines from stdin, one at a time.
const stdinLines = [];
const stdinWaiters = [];
let stdinClosed = false;
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const w = stdinWaiters.shift();
  if (w) w.resolve(line);
  else stdinLines.push(line);
});
rl.on('close', () => {
  stdinClosed = true;
  for (const w of stdinWaiters.splice(0)) w.reject(new Error('stdin closed before a line came'));
});
function readLine() {
  if (stdinLines.length) return Promise.resolve(stdinLines.shift());
  if (stdinClosed) return Promise.reject(new Error('stdin closed before a line came'));
  return new Promise((resolve, reject) => stdinWaiters.push({ resolve, reject }));
}

/** A page in a new context of its own, failing the run on a page error or a console error. */
async function newPage(label, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on('pageerror', (e) => fail(`${label}: page error: ${e && e.message ? e.message : e}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const loc = msg.location();
    // The browser asks for /favicon.ico by itself: a page without one is not at fault.
    if (loc && loc.url && new URL(loc.url, 'http://x/').pathname === '/favicon.ico') return;
    const where = loc && loc.url ? ` (${loc.url})` : '';
    fail(`${label}: console error: ${msg.text()}${where}`);
  });
  // A violation of the Content-Security-Policy, also reported straight from the page.
  await page.exposeBinding('__tengenCspViolation', (_source, text) =>
    fail(`${label}: Content-Security-Policy violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__tengenCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}` +
        (e.sourceFile ? ` in ${e.sourceFile}:${e.lineNumber}` : ''));
    });
  });
  return { context, page };
}

/** The move counter and the stones drawn. */
function readBoard(page) {
  return page.evaluate(() => {
    const out = document.getElementById('move-number');
    return {
      n: out ? Number(out.dataset.n) : NaN,
      total: out ? Number(out.dataset.total) : NaN,
      stones: document.querySelectorAll('[data-stone]').length,
    };
  });
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    return fail(`usage: ${e.message}`);
  }
  mkdirSync(args.shots, { recursive: true });
  const shot = (page, name) => page.screenshot({ path: join(args.shots, name), fullPage: true });

  browser = await chromium.launch({ executablePath: args.chromium, headless: true });

  // 1. The game page on a wide screen.
  const desktop = { viewport: { width: 1280, height: 900 } };
  const game = await newPage('game', desktop);
  const page = game.page;
  await page.goto(args.game, { waitUntil: 'load' });
  await page.waitForSelector('#board svg', { state: 'attached', timeout: 10_000 });
  let s = await readBoard(page);
  if (!Number.isFinite(s.n) || !Number.isFinite(s.total)) {
    return fail('game: #move-number has no data-n / data-total');
  }
  say(`GAME stones=${s.stones} n=${s.n} total=${s.total}`);
  if (s.n !== s.total) return fail(`game: opened at move ${s.n}, not at the last move ${s.total}`);
  await shot(page, 'game.png');

  // 2. The keys.
  const total = s.total;
  const setup = await page.evaluate(() => {
    try {
      const d = JSON.parse(document.getElementById('game-data').textContent);
      return (d.setup || []).length;
    } catch (e) {
      return -1;
    }
  });
  await page.bringToFront();
  await page.evaluate(() => {
    if (document.activeElement && document.activeElement !== document.body) {
      document.activeElement.blur();
    }
    window.focus();
  });
  const key = async (name, times, label, want) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(name);
    const b = await readBoard(page);
    say(`${label} n=${b.n} stones=${b.stones}`);
    if (b.n !== want) return fail(`${name}: move ${b.n}, expected ${want}`);
    return b;
  };
  let b = await key('Home', 1, 'HOME', 0);
  if (b.stones !== setup) return fail(`Home: ${b.stones} stones drawn, the setup has ${setup}`);
  const right = Math.min(3, total);
  await key('ArrowRight', 3, 'RIGHT', right);
  await key('ArrowLeft', 1, 'LEFT', Math.max(right - 1, 0));
  b = await key('End', 1, 'END', total);
  if (b.stones !== s.stones) return fail(`End: ${b.stones} stones drawn, ${s.stones} at first`);

  // 3. A move played meanwhile arrives by server-sent events.
  say(`READY total=${total}`);
  let line;
  try {
    line = await readLine();
  } catch (e) {
    return fail(e.message);
  }
  if (line.trim() !== 'PLAYED') return fail(`expected PLAYED on stdin, read ${JSON.stringify(line)}`);
  const t0 = performance.now();
  try {
    await page.waitForFunction(
      (old) => Number(document.getElementById('move-number').dataset.total) > old,
      total,
      { timeout: LIVE_WAIT_MS, polling: 10 },
    );
  } catch (e) {
    return fail(`live: no new move within ${LIVE_WAIT_MS / 1000} s of PLAYED`);
  }
  const ms = Math.round(performance.now() - t0);
  s = await readBoard(page);
  say(`LIVE total=${s.total} ms=${ms}`);
  if (s.n !== s.total) return fail(`live: the viewer at the last move stayed at ${s.n} of ${s.total}`);
  await shot(page, 'game-live.png');
  // The stream is closed with its page, so a server ending it later is no error here.
  await game.context.close();

  // 4. A phone.
  const phone = await newPage('phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.page.goto(args.game, { waitUntil: 'load' });
  await phone.page.waitForSelector('#board svg', { state: 'attached', timeout: 10_000 });
  await shot(phone.page, 'game-phone.png');
  const widths = await phone.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  if (widths.scroll > widths.inner + 1) {
    return fail(`phone: the page scrolls sideways (${widths.scroll} px wide in ${widths.inner})`);
  }
  await phone.context.close();

  // 5. The event and server pages.
  for (const [flag, label, file] of [['event', 'EVENT', 'event.png'], ['server', 'SERVER', 'server.png']]) {
    if (!args[flag]) continue;
    const p = await newPage(flag, desktop);
    await p.page.goto(args[flag], { waitUntil: 'load' });
    const boards = await p.page.evaluate(() => document.querySelectorAll('.mini-board').length);
    if (boards > 0) {
      await p.page.waitForSelector('.mini-board svg', { state: 'attached', timeout: 10_000 });
    }
    say(`${label} boards=${boards}`);
    await shot(p.page, file);
    await p.context.close();
  }

  finished = true;
  clearTimeout(timer);
  say('DONE');
  const br = browser;
  browser = null;
  await Promise.race([br.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  process.exit(0);
}

main().catch((e) => fail(e && e.stack ? e.stack.split('\n')[0] : e));
