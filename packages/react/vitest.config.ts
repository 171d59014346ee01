import { packageTestConfig } from '@latch/vitest-config'

export default packageTestConfig(
  {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A view's first render with axe, cold, is the slowest thing in the suite.
    testTimeout: 30_000,
  },
  {
    // One module graph and one jsdom per worker: a fresh jsdom and React, core and axe loaded
    // again for each file were most of this suite's time. Each keeps a fresh graph still:
    // - ssr.test.ts checks that importing the package touches no browser global, which an
    //   already-loaded package would not show;
    // - the two QR tests take the first `img` named "QR code" they find and expect the drawn
    //   code, but the busy placeholder has that name too: with the view's modules already
    //   loaded it can be found before the URI renders. Cold imports hide that race; once those
    //   tests ask for `{ name, busy: false }` they can share modules like the rest.
    shareModules: {
      except: [
        'src/ssr.test.ts',
        'src/views/ConnectingWalletConnect/ConnectingWalletConnect.test.tsx',
        'src/views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.test.tsx',
      ],
    },
  },
)
