// The oldest Node the package supports (package.json engines.node): toolshim/v3 under ai@6,
// which still runs there (ai@7 itself needs Node 22).
import { smokeV3 } from './smoke-v3.mjs';

console.log(JSON.stringify(await smokeV3()));
