import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StoryWallet } from '../../stories/story-adapter.js'
import { enMessages as m } from '../../i18n/en.js'
import {
  devnetB,
  expects,
  scene,
  storyWallet,
  t,
  type StoryKit,
} from '../../stories/story-latch.js'

const bothChains = ['31337', '31338']

/**
 * Connected on devnet A, the user picks devnet B in Networks; core shows SwitchNetwork, whose
 * mount asks the wallet (that is the confirmation), and the wallet answers as scripted.
 */
const chooseDevnetB = (wallet: Partial<StoryWallet>) =>
  scene({ wallets: [storyWallet('io.dev', 'Dev Wallet', wallet)] }, async (kit: StoryKit) => {
    await kit.connect('io.dev')
    kit.open({ route: { view: 'Networks' } })
    kit.latch.network.send({ type: 'SWITCH_NETWORK', network: devnetB })
    await kit.until(kit.latch.modal, (s) => s.context.history.at(-1)?.view === 'SwitchNetwork')
  })

const meta = {
  title: 'Views/SwitchNetwork',
  parameters: expects('SwitchNetwork'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The wallet's switch prompt is open: approve it there. */
export const Pending: Story = {
  parameters: expects(
    undefined,
    t('view.SwitchNetwork.description', { network: devnetB.name }),
    m['view.SwitchNetwork.waiting'],
  ),
  loaders: [chooseDevnetB({ knownChains: bothChains, switchAnswer: 'hold' })],
}

/** The wallet does not know devnet B (4902): core asks it to add the chain first. */
export const AddingChain: Story = {
  parameters: expects(undefined, t('view.SwitchNetwork.addingChain', { network: devnetB.name })),
  loaders: [chooseDevnetB({ knownChains: ['31337'], addAnswer: 'hold' })],
}

/** The user declined (4001): core goes back to Networks and the error toast says why. */
export const Rejected: Story = {
  parameters: expects('Networks', m['error.USER_REJECTED']),
  loaders: [chooseDevnetB({ knownChains: bothChains, switchAnswer: 4001 })],
}

/**
 * The switch failed where the modal cannot close (sign-in required, SPEC §2): the view stays and
 * shows the error with Try again. Sign-in is not in this build (its options are refused), so the
 * scene gives the modal machine the fact core will set once it is: a connected wallet that must
 * sign in and has no session yet.
 */
export const FailedCannotClose: Story = {
  parameters: expects(
    undefined,
    t('view.SwitchNetwork.failed', { network: devnetB.name }),
    m['error.USER_REJECTED'],
    m['view.SwitchNetwork.tryAgain'],
  ),
  loaders: [
    scene(
      {
        wallets: [storyWallet('io.dev', 'Dev Wallet', { switchAnswer: 4001 })],
      },
      async (kit) => {
        await kit.connect('io.dev')
        kit.latch.modal.send({
          type: 'FACTS_UPDATED',
          facts: { signInEnabled: true, signInRequired: true },
        })
        kit.open({ route: { view: 'SwitchNetwork', data: { network: devnetB } } })
      },
    ),
  ],
}
