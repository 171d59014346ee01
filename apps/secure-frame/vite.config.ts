import { defineConfig } from 'vite'

// The frame is served by the Latch server under a path of its own (`/secure-frame/`), so every
// asset URL is relative. No inline script: the page's CSP allows scripts from 'self' only.
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: true, modulePreload: { polyfill: false } },
})
