import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// The Worker as it ships, inside workerd: its wrangler.jsonc, plus the test
// bindings below (a proxy token, a CORS origin, no replay pacing, a KV
// namespace for the Responses store).
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL('./wrangler.jsonc', import.meta.url)) },
      miniflare: {
        bindings: { PROXY_TOKEN: 'worker-test-token', ALLOWED_ORIGINS: 'https://app.example', REPLAY_DELAY_MS: '0' },
        kvNamespaces: ['RESPONSES_STORE'],
      },
    }),
  ],
  test: {
    name: 'worker',
    include: ['worker/cloudflare/test/**/*.test.ts'],
  },
});
