import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

// The frame is served by the Latch server under a path of its own (`/secure-frame/`), so every
// asset URL is relative. No inline script: the page's CSP allows scripts from 'self' only.
// Two pages: the frame itself, and the social login popup's first page (its own small script).
export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: page('./index.html'), 'social-popup': page('./social-popup.html') },
    },
  },
})
