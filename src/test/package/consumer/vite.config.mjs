// The consumer's Vite config: no modulepreload polyfill, so the test can run the bundle outside a page.
export default { build: { modulePreload: { polyfill: false } } };
