/// <reference types="node" />
/**
 * Finds the Chromium the browser suites drive. Playwright cannot download its
 * own browser on these machines (no internet beyond npm and apt), so we use
 * Debian's: CHROMIUM_PATH when set, else /usr/bin/chromium, installed with apt
 * when it is missing and we are root; otherwise fail with how to get one.
 * `npm test` asks once, before its first browser suite, so the install (if
 * any) happens under its own line rather than inside whichever tool first
 * loads a browser config (knip loads them all).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const debianChromium = '/usr/bin/chromium';
/** apt's few hundred lines of progress go here, not into the test output. */
export const aptLog = join(fileURLToPath(new URL('../../../', import.meta.url)), '.cache/logs/apt-chromium.log');

function installDebianChromium(): void {
  console.log(
    `Chromium is missing: installing Debian's "chromium" package with apt-get for the browser tests (output: ${aptLog}; TOOLSHIM_SKIP_BROWSER=1 skips those tests instead)…`,
  );
  mkdirSync(dirname(aptLog), { recursive: true });
  const log = openSync(aptLog, 'w');
  try {
    const stdio = ['ignore', log, log] as const;
    execFileSync('apt-get', ['update'], { stdio: [...stdio] });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: [...stdio],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    throw new Error(`apt-get could not install chromium (${(error as Error).message}); its output is in ${aptLog}.`);
  } finally {
    closeSync(log);
  }
}

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist. Point it at a Chromium binary.`);
    return fromEnv;
  }
  if (existsSync(debianChromium)) return debianChromium;
  if (process.getuid?.() === 0) {
    installDebianChromium();
    if (existsSync(debianChromium)) return debianChromium;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`), ' +
      'set CHROMIUM_PATH to a Chromium or Chrome binary, or run `TOOLSHIM_SKIP_BROWSER=1 npm test` to skip the browser suites.',
  );
}

/** Launch options that work headless, as root, on a closed network. */
export function chromiumLaunchOptions() {
  return {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
