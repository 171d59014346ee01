import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {},
  // Each file gets its own jsdom: the approval panel's tests expect a document no other file
  // has mounted a panel in, and a shared one keeps what the others left.
  { shareModules: false },
)
