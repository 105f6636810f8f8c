/**
 * The real agent CLIs against `toolshim serve` (worker/node/cli.ts), its
 * upstream a scripted model (upstream.ts): the same sessions as under
 * `wrangler dev`.
 */
import { agentSuite } from './suite.ts';

agentSuite('node');
