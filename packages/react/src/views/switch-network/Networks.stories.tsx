import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import {
  devnetA,
  devnetB,
  expects,
  scene,
  solanaLocal,
  storyWallet,
  type StoryKit,
} from '../../stories/story-latch.js'

const dev = storyWallet('io.dev', 'Dev Wallet')
const openNetworks = (kit: StoryKit) => kit.open({ route: { view: 'Networks' } })

const meta = {
  title: 'Views/Networks',
  parameters: expects('Networks'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** Connected on devnet A, which is marked active (tag and aria-current). */
export const Connected: Story = {
  parameters: expects(undefined, devnetA.name, m['view.Networks.active'], devnetB.name),
  loaders: [
    scene({ wallets: [dev] }, async (kit) => {
      await kit.connect('io.dev')
      openNetworks(kit)
    }),
  ],
}

/** Two chain families configured: EVM devnets and a Solana network. */
export const TwoChainFamilies: Story = {
  parameters: expects(undefined, solanaLocal.name),
  loaders: [
    scene({ wallets: [dev], networks: [devnetA, devnetB, solanaLocal] }, async (kit) => {
      await kit.connect('io.dev')
      openNetworks(kit)
    }),
  ],
}

/** No wallet yet: choosing a network only selects it. */
export const Disconnected: Story = {
  parameters: expects(undefined, devnetB.name),
  loaders: [scene({ wallets: [dev] }, openNetworks)],
}

/** Every network removed at run time: said plainly. */
export const NoNetworks: Story = {
  parameters: expects(undefined, m['view.Networks.empty']),
  loaders: [
    scene({ wallets: [dev] }, async (kit) => {
      await kit.connect('io.dev')
      openNetworks(kit)
      for (const network of [devnetB, devnetA])
        kit.latch.network.send({ type: 'NETWORK_REMOVED', caipNetworkId: network.caipNetworkId })
    }),
  ],
}
