// The AllWallets benchmark page (bench.html), built apart from the fixture by bench/run.mjs: the
// README example's instance, with a directory of 1,000 generated wallets, opened on AllWallets.
import { evmAdapter } from '@latch/adapter-evm'
import { createLatch, defineNetwork, generateWalletIcon, type DirectoryWallet } from '@latch/core'
import { ConnectButton, LatchProvider } from '@latch/react'
import { walletConnect } from '@latch/walletconnect'
import { createRoot } from 'react-dom/client'

/** 40 × 25 words make 1,000 distinct two-word names, so a search narrows step by step. */
const FIRST = (
  'Amber Azure Bold Brisk Cedar Civic Coral Crisp Dawn Delta Ember Fern Frost Gale Golden ' +
  'Harbor Indigo Ivory Jade Keen Lunar Maple Mellow Nimble Noble Ocean Onyx Pine Polar Quartz ' +
  'Rapid Ruby Sage Silver Solar Swift Tidal Umber Velvet Zephyr'
).split(' ')
const SECOND = (
  'Anchor Beacon Bridge Compass Falcon Forge Gate Haven Key Lantern Ledger Lock Nest Orbit ' +
  'Pass Pocket Portal Purse Safe Shield Signal Spark Vault Vessel Wing'
).split(' ')

const wallets: DirectoryWallet[] = SECOND.flatMap((second, row) =>
  FIRST.map((first, column) => {
    const id = `bench-${String(row * FIRST.length + column).padStart(4, '0')}`
    const name = `${first} ${second}`
    return {
      id,
      name,
      homepage: `https://${id}.example`,
      imageUrl: generateWalletIcon(name, id),
      chains: ['eip155:31337'],
    }
  }),
)

const devnet = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const latch = createLatch(
  {
    projectId: 'my-project',
    networks: [devnet],
    adapters: [evmAdapter()],
    walletConnect: walletConnect(),
  },
  { directory: { wallets } },
)

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
latch.open({ route: { view: 'AllWallets' } })
