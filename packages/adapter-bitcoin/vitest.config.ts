import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {},
  // Each file gets its own modules: some files register the dev wallet in Wallet Standard's
  // registry (module state) for good, and a later file would find that stale wallet first.
  { shareModules: false },
)
