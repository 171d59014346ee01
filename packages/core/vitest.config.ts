import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  { setupFiles: ['src/test/setup.ts'] },
  // One module graph per worker: loading core (and the setup's runtime chunk) again for each of
  // 100+ files was most of this suite's time. package.test.ts keeps a fresh graph: it checks
  // that importing core touches no browser global, which an already-loaded core would not show.
  { shareModules: { except: ['src/package.test.ts'] } },
)
