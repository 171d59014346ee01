import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig({
  // Inlined so `vi.resetModules()` gives each test a fresh `getWallets()` registry (module state):
  // an externalized package stays in Node's ESM cache for the whole file.
  server: { deps: { inline: ['@wallet-standard/app', '@wallet-standard/wallet'] } },
})
