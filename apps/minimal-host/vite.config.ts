import { defineConfig } from 'vite'

// What a host would write: no @vitejs/plugin-react, since Vite 8 compiles JSX itself with Oxc
// (the automatic runtime). Only index.html is built: bench/run.mjs builds bench.html on its own,
// so the budget is measured on the README example alone.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  preview: { host: '127.0.0.1' },
})
