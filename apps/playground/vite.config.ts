import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { playgroundConfigPlugin } from './server/playground-config.js'

// No @vitejs/plugin-react: Vite 8 compiles JSX itself with Oxc (the automatic runtime), which is
// all this demo needs; Fast Refresh falls back to a full reload.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [playgroundConfigPlugin()],
  server: { host: '127.0.0.1', strictPort: false },
  preview: { host: '127.0.0.1' },
  // The demo bundles the in-page dev wallet (viem's local accounts), so its chunk is large; Latch's
  // own size budget is measured by the benchmark fixture, not here.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // Three pages: the host demo, the same host without React (core's helpers alone), and the
    // WalletConnect test wallet a person pairs with.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        hostWithoutReact: fileURLToPath(new URL('./host-without-react.html', import.meta.url)),
        wallet: fileURLToPath(new URL('./wallet.html', import.meta.url)),
      },
    },
  },
})
