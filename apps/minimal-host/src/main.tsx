import { evmAdapter } from '@latch/adapter-evm'
import { defineNetwork } from '@latch/core'
import { ConnectButton, createLatch, LatchProvider } from '@latch/react'
import { createRoot } from 'react-dom/client'

const devnet = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const latch = createLatch({ projectId: 'my-project', networks: [devnet], adapters: [evmAdapter()] })

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
