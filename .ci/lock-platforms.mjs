// Adds the other platforms' optional binary packages (esbuild, biome, workerd,
// oxc, sharp, …) to package-lock.json.
//
// Why: the npm registry reachable here serves only the packages this machine
// installs, so `npm install` leaves other-OS optional packages out of the
// lock, and npm 11's `npm ci` then refuses the lock ("Missing: … from lock
// file"). An entry with `os`/`cpu`/`libc` lets `npm ci` skip it on a
// platform it does not fit. Run after every `npm install` that changes deps:
//   node .ci/lock-platforms.mjs && npm ci
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

/** os/cpu/libc from a platform package name such as `@oxc-parser/binding-linux-x64-musl`. */
function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  let os = OS.find((o) => parts.includes(o));
  if (base.includes('linuxmusl')) os = 'linux';
  if (os === undefined && parts.includes('windows')) os = 'win32';
  if (os === undefined && parts.includes('macos')) os = 'darwin';
  let cpu = CPU.find((c) => parts.includes(c));
  if (cpu === undefined && parts.includes('aarch64')) cpu = 'arm64';
  if (cpu === undefined && (parts.includes('64') || parts.includes('amd64'))) cpu = 'x64';
  if (cpu === undefined && parts.includes('32')) cpu = 'ia32';
  const musl = base.includes('musl');
  const gnu = parts.some((p) => p === 'gnu' || p.startsWith('gnueabi'));
  const entry = { dev: true, optional: true };
  if (cpu === 'wasm32') {
    entry.cpu = ['wasm32'];
    return entry;
  }
  if (os !== undefined) entry.os = [os];
  if (cpu !== undefined) entry.cpu = [cpu];
  if (musl) entry.libc = ['musl'];
  else if (gnu && os === 'linux') entry.libc = ['glibc'];
  return os === undefined && cpu === undefined ? undefined : entry;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    // Resolution as node does it: nested first, then each parent folder, then the top.
    const segments = path === '' ? [] : path.split('/node_modules/');
    let found = false;
    for (let k = segments.length; k >= 0 && !found; k--) {
      const prefix = segments.slice(0, k).join('/node_modules/');
      found = `${prefix === '' ? '' : `${prefix}/`}node_modules/${dep}` in packages;
    }
    if (found) continue;
    const platform = platformOf(dep);
    if (platform === undefined || !/^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/.test(range)) {
      console.warn(
        `left out ${dep}@${range} (optional dependency of ${path || 'the root'}): platform or version unclear`,
      );
      continue;
    }
    // Hoisted to the top like npm does, unless another version already sits there.
    const top = `node_modules/${dep}`;
    const at = top in packages ? `${path}/node_modules/${dep}` : top;
    packages[at] = { version: range, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform package entries`);
