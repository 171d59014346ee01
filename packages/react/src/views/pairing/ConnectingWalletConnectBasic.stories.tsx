import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import type { PairingAnswer } from '../../test/fake-walletconnect.js'
import { expects, scene, type StoryKit } from '../../stories/story-latch.js'

/**
 * A host with no adapters on a desktop: opening follows SPEC §2 rule 2 to the basic QR view,
 * its pairing answered as `answer` says, shown once the walletConnect machine is in `state`.
 */
const basic = (
  answer: PairingAnswer,
  state: 'failed' | { pairing: 'showingUri' | 'waitingForUri' },
) =>
  scene({ pairing: answer, options: { adapters: [] } }, async (kit: StoryKit) => {
    kit.open()
    await kit.until(kit.latch.walletConnect, (s) => s.matches(state))
  })

const meta = {
  title: 'Views/ConnectingWalletConnectBasic',
  parameters: expects('ConnectingWalletConnectBasic'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The relay has not answered yet: a busy placeholder, and the way to all wallets. */
export const WaitingForLink: Story = {
  parameters: expects(
    undefined,
    m['pairing.preparing'],
    m['view.ConnectingWalletConnectBasic.allWallets'],
  ),
  loaders: [basic('hold', { pairing: 'waitingForUri' })],
}

/** The QR code to scan, Copy link, and the way to all wallets. */
export const QrCode: Story = {
  parameters: expects(
    undefined,
    m['view.ConnectingWalletConnectBasic.scan'],
    m['pairing.copy'],
    m['view.ConnectingWalletConnectBasic.allWallets'],
  ),
  loaders: [basic('uri', { pairing: 'showingUri' })],
}

/** The wallet declined: its own copy, Try again, and still the way to all wallets. */
export const Rejected: Story = {
  parameters: expects(undefined, m['pairing.declined'], m['pairing.retry']),
  loaders: [basic('reject', 'failed')],
}
