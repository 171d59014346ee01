// The Send benchmark page (bench-send.html), built apart from the fixture by bench/run.mjs for
// bench/send-flow.mjs: the README example on a local anvil chain, with the dev wallet in the
// page (EIP-6963, approving by itself) so the Account view's Send can be timed to the chain.
// The query names the chain and the wallet's key: `?rpc=http://127.0.0.1:…&chainId=…&key=0x…`
// (the key is one of anvil's public test keys, never a real one).
import { evmAdapter } from '@latch/adapter-evm'
import { createLatch, defineNetwork } from '@latch/core'
import { announceDevWallet, createDevWallet } from '@latch/dev-wallet'
import { ConnectButton, LatchProvider } from '@latch/react'
import { createRoot } from 'react-dom/client'
import { isHex } from 'viem'

/** The query, checked: a wrong one names itself rather than failing later at a distance. */
function readQuery(search: string) {
  const params = new URLSearchParams(search)
  const rpc = params.get('rpc') ?? ''
  const chainId = Number(params.get('chainId'))
  const key = params.get('key') ?? ''
  if (!/^http:\/\/127\.0\.0\.1:\d+\/?$/.test(rpc)) {
    throw new Error(`bench-send.html: ?rpc= must be http://127.0.0.1:<port>, got "${rpc}"`)
  }
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new Error(`bench-send.html: ?chainId= must be a positive integer, got "${chainId}"`)
  }
  if (!isHex(key) || key.length !== 66) {
    throw new Error('bench-send.html: ?key= must be a 32-byte 0x-prefixed hex private key')
  }
  return { rpc, chainId, key }
}

const { rpc, chainId, key } = readQuery(window.location.search)
// Announced before Latch starts, as an extension's content script would be.
const wallet = createDevWallet({
  chains: [{ chainId, name: 'Devnet', rpcUrl: rpc }],
  privateKeys: [key],
  approval: 'auto-approve',
})
announceDevWallet(wallet.provider)

const devnet = defineNetwork({
  id: chainId,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpc] } },
})
const latch = createLatch({
  projectId: 'my-project',
  networks: [devnet],
  adapters: [evmAdapter()],
})

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
