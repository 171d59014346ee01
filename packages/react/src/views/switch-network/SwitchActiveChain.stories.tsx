import type { ChainNamespace } from '@latch/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  devnetA,
  devnetB,
  expects,
  scene,
  solanaLocal,
  storyWallet,
  t,
} from '../../stories/story-latch.js'

const meta = {
  title: 'Views/SwitchActiveChain',
  parameters: expects('SwitchActiveChain'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** Connected on EVM, the user picks Solana in Networks: no wallet there yet, so core asks first. */
export const ToSolana: Story = {
  parameters: expects(
    undefined,
    t('view.SwitchActiveChain.heading', { namespace: 'Solana' }),
    t('view.SwitchActiveChain.network', { network: solanaLocal.name }),
  ),
  loaders: [
    scene(
      {
        wallets: [storyWallet('io.dev', 'Dev Wallet')],
        networks: [devnetA, devnetB, solanaLocal],
      },
      async (kit) => {
        await kit.connect('io.dev')
        kit.open({ route: { view: 'Networks' } })
        kit.latch.network.send({ type: 'SWITCH_NETWORK', network: solanaLocal })
        await kit.until(
          kit.latch.modal,
          (s) => s.context.history.at(-1)?.view === 'SwitchActiveChain',
        )
      },
    ),
  ],
}

/** A chain family the catalogue does not name, and no network given: shown as written. */
export const UnnamedChainFamily: Story = {
  parameters: expects(undefined, t('view.SwitchActiveChain.heading', { namespace: 'tezos' })),
  loaders: [
    scene({}, (kit) =>
      kit.open({
        route: { view: 'SwitchActiveChain', data: { switchToChain: 'tezos' as ChainNamespace } },
      }),
    ),
  ],
}
