import { bitcoinAdapter, bitcoinRegtest } from '@latch/adapter-bitcoin'
import { createLatch } from '@latch/core'
import { ConnectButton, LatchProvider } from '@latch/react'
import { createRoot } from 'react-dom/client'

// The bench page for "click on the Bitcoin wallet → connected" (issue 14): the README's
// integration with bitcoinAdapter() and the regtest network, where the dev wallet starts. The
// Esplora URL is never served: the figure ends when the account is connected, before any balance.
const latch = createLatch({
  projectId: 'my-project',
  networks: [bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9/api' })],
  adapters: [bitcoinAdapter()],
})

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
