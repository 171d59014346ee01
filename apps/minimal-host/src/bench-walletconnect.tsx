// The WalletConnect benchmark page (bench-walletconnect.html), built apart from the fixture by
// bench/walletconnect.mjs: the README example, pointed at the local relay given in the query
// (`?relay=ws://…&verify=http://…`). It tells the benchmark when the account is connected.
import { evmAdapter } from '@latch/adapter-evm'
import { createLatch, defineNetwork } from '@latch/core'
import { ConnectButton, LatchProvider } from '@latch/react'
import { walletConnect } from '@latch/walletconnect'
import { createRoot } from 'react-dom/client'

const params = new URLSearchParams(window.location.search)
const devnet = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const latch = createLatch({
  projectId: 'my-project',
  networks: [devnet],
  adapters: [evmAdapter()],
  walletConnect: walletConnect({
    relayUrl: params.get('relay')!,
    verifyUrl: params.get('verify')!,
  }),
})

/** Read by the benchmark: when the account became connected (performance.now()), and a reset. */
const bench = {
  connectedAt: undefined as number | undefined,
  disconnect: () => latch.disconnect(),
}
latch.subscribeAccount((account) => {
  bench.connectedAt = account.isConnected ? performance.now() : undefined
})
Object.assign(window, { __latchWalletConnectBench: bench })

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
