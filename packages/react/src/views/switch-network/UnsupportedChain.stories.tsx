import { selectRoute } from '@latch/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import {
  devnetA,
  devnetB,
  expects,
  scene,
  solanaLocal,
  storyWallet,
} from '../../stories/story-latch.js'

const meta = {
  title: 'Views/UnsupportedChain',
  parameters: expects('UnsupportedChain'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/**
 * Connected with the modal closed, the wallet moves by itself to chain 999, which the app does
 * not support: core opens the modal on UnsupportedChain.
 */
export const WalletOnUnknownChain: Story = {
  parameters: expects(
    undefined,
    m['view.UnsupportedChain.message'],
    devnetA.name,
    m['view.UnsupportedChain.disconnect'],
  ),
  loaders: [
    scene({ wallets: [storyWallet('io.dev', 'Dev Wallet')] }, async (kit) => {
      await kit.connect('io.dev')
      kit.fake.emit({ type: 'chainChanged', connectorId: 'io.dev', chainReference: '999' })
      await kit.until(kit.latch.modal, (s) => selectRoute(s).view === 'UnsupportedChain')
    }),
  ],
}

/** The same with two chain families configured: every network is offered. */
export const TwoChainFamilies: Story = {
  parameters: expects(undefined, solanaLocal.name),
  loaders: [
    scene(
      {
        wallets: [storyWallet('io.dev', 'Dev Wallet')],
        networks: [devnetA, devnetB, solanaLocal],
      },
      async (kit) => {
        await kit.connect('io.dev')
        kit.fake.emit({ type: 'chainChanged', connectorId: 'io.dev', chainReference: '999' })
        await kit.until(kit.latch.modal, (s) => selectRoute(s).view === 'UnsupportedChain')
      },
    ),
  ],
}
