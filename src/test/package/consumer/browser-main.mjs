// The Vite app's entry: the test imports the production bundle and awaits the result.
import { smoke } from './smoke.mjs';

globalThis.toolshimSmoke = smoke();
if (typeof document !== 'undefined') {
  globalThis.toolshimSmoke.then((result) => {
    document.body.textContent = JSON.stringify(result);
  });
}
