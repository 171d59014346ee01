#!/usr/bin/env node
// Thin launcher so the bin exists before the first build; the CLI itself is built from src/cli.ts.
const { main } = await import('../dist/cli.js')
await main()
