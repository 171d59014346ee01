import { evmAdapter } from '@latch/adapter-evm'
import { solanaAdapter, solanaMainnet } from '@latch/adapter-solana'
import { createLatch, defineNetwork } from '@latch/core'
import { ConnectButton, LatchProvider } from '@latch/react'
import { walletConnect } from '@latch/walletconnect'
import { createRoot } from 'react-dom/client'

const devnet = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const latch = createLatch({
  projectId: 'my-project',
  networks: [devnet, solanaMainnet],
  adapters: [evmAdapter(), solanaAdapter()],
  walletConnect: walletConnect(),
})

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
