import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {
    // Inlined so `vi.resetModules()` gives each test a fresh `getWallets()` registry (module state):
    // an externalized package stays in Node's ESM cache for the whole file.
    server: { deps: { inline: ['@wallet-standard/app', '@wallet-standard/wallet'] } },
  },
  // Each file gets its own jsdom: the approval panel's tests expect a document no other file
  // has mounted a panel in, and a shared one keeps what the others left.
  { shareModules: false },
)
