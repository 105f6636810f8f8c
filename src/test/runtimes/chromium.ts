/// <reference types="node" />
/**
 * Finds the Chromium the browser suites drive. Playwright cannot download its
 * own browser on these machines (no internet beyond npm and apt), so we use
 * Debian's: CHROMIUM_PATH when set, else /usr/bin/chromium, installed with apt
 * when it is missing and we are root; otherwise fail with how to get one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist. Point it at a Chromium binary.`);
    return fromEnv;
  }
  if (existsSync(debianChromium)) return debianChromium;
  if (process.getuid?.() === 0) {
    console.log(
      'Chromium is missing: installing Debian\'s "chromium" package with apt-get for the browser tests (set TOOLSHIM_SKIP_BROWSER=1 to skip them instead)…',
    );
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
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
