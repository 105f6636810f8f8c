// Node and Deno entry: prints both smoke results as one JSON line.
import { smoke } from './smoke.mjs';
import { smokeV3 } from './smoke-v3.mjs';

console.log(JSON.stringify({ v4: await smoke(), v3: await smokeV3() }));
