/**
 * The real agent CLIs against the Worker under `wrangler dev`, its upstream a
 * scripted model (upstream.ts): Codex, Claude Code, Qwen Code and pi, in
 * emulated mode (hermes, qwen3-coder) and native mode.
 */
import { agentSuite } from './suite.ts';

agentSuite('wrangler');
