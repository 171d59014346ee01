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
    // Four pages: the host demo, the same host without React (core's helpers alone), the
    // WalletConnect test wallet a person pairs with, and the Farcaster app standing in for a
    // phone (the QR code's sign-in link opens it).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        hostWithoutReact: fileURLToPath(new URL('./host-without-react.html', import.meta.url)),
        wallet: fileURLToPath(new URL('./wallet.html', import.meta.url)),
        farcasterApp: fileURLToPath(new URL('./farcaster-app.html', import.meta.url)),
      },
      output: {
        // React in a chunk of its own. Left to chance, the bundler put its CommonJS helpers in a
        // chunk with React (bitcoinjs-lib brought more CommonJS in), and the page without React
        // loaded React for a helper.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// }],
        },
      },
    },
  },
})
