import { route, selectConnectAttempt, type ConnectAttemptStatus } from '@latch/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import type { ConnectAnswer } from '../../test/fake-evm-adapter.js'
import { expects, scene, storyWallet, t, type StoryKit } from '../../stories/story-latch.js'

/**
 * The user opens Connect and picks Dev Wallet, which answers as `answer` says; the story shows
 * the waiting view once the attempt is in `status`.
 */
const pickDev = (answer: ConnectAnswer, status: ConnectAttemptStatus) =>
  scene({ wallets: [storyWallet('io.dev', 'Dev Wallet', { answer })] }, async (kit: StoryKit) => {
    kit.open()
    kit.choose('io.dev')
    await kit.until(
      kit.latch.connection,
      (s) => selectConnectAttempt(s, 'io.dev').status === status,
    )
  })

const meta = {
  title: 'Views/ConnectingExternal',
  parameters: expects('ConnectingExternal'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The wallet's prompt is open and the user has not answered. */
export const Waiting: Story = {
  parameters: expects(
    undefined,
    t('view.ConnectingExternal.continueIn', { wallet: 'Dev Wallet' }),
    t('view.ConnectingExternal.waiting', { wallet: 'Dev Wallet' }),
  ),
  loaders: [pickDev('never', 'connecting')],
}

/** The user declined in the wallet (4001): "Connection declined", and Try again. */
export const Rejected: Story = {
  parameters: expects(
    undefined,
    m['view.ConnectingExternal.declined'],
    m['error.USER_REJECTED'],
    m['view.ConnectingExternal.retry'],
  ),
  loaders: [pickDev('reject', 'rejected')],
}

/** The wallet failed otherwise: "Connection failed" with the catalogue text, and Try again. */
export const Failed: Story = {
  parameters: expects(undefined, m['view.ConnectingExternal.failed'], m['error.UNKNOWN_ERROR']),
  loaders: [pickDev('fail', 'failed')],
}

/** Opened by the host for a wallet this browser does not have: said plainly, no endless wait. */
export const WalletNotFound: Story = {
  parameters: expects(undefined, m['error.PROVIDER_NOT_FOUND']),
  loaders: [
    scene({}, (kit) =>
      kit.open({ route: route('ConnectingExternal', { connectorId: 'io.missing' }) }),
    ),
  ],
}
