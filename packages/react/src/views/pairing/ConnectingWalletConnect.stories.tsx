import { route } from '@latch/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import type { PairingAnswer } from '../../test/fake-walletconnect.js'
import { expects, scene, storyDirectory, t, type StoryKit } from '../../stories/story-latch.js'

/** A directory wallet with both deep links, as the QR view shows it when chosen. */
const directory = storyDirectory(4, {
  0: { name: 'Example Wallet', mobileLink: 'https://example.app.link', desktopLink: 'example://' },
})

/**
 * The QR view opened (as choosing a row does), its pairing answered as `answer` says; the story
 * shows the walletConnect machine once it is in `state`.
 */
const pairing = (
  answer: PairingAnswer,
  state: 'failed' | { pairing: 'showingUri' | 'waitingForUri' },
  walletId?: string,
) =>
  scene({ pairing: answer, directory }, async (kit: StoryKit) => {
    kit.open({ route: route('ConnectingWalletConnect', walletId ? { walletId } : {}) })
    await kit.until(kit.latch.walletConnect, (s) => s.matches(state))
  })

const meta = {
  title: 'Views/ConnectingWalletConnect',
  parameters: expects('ConnectingWalletConnect'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The relay has not answered yet: a busy placeholder where the QR code will be. */
export const WaitingForLink: Story = {
  parameters: expects(undefined, m['view.ConnectingWalletConnect.scan'], m['pairing.preparing']),
  loaders: [pairing('hold', { pairing: 'waitingForUri' })],
}

/** The generic WalletConnect row: the QR code any wallet can scan, and Copy link. */
export const QrCode: Story = {
  parameters: expects(undefined, m['pairing.ready'], m['pairing.copy']),
  loaders: [pairing('uri', { pairing: 'showingUri' })],
}

/** A directory wallet that is not installed: its name and icon, and links that open its apps. */
export const ChosenWallet: Story = {
  parameters: expects(
    undefined,
    t('view.ConnectingWalletConnect.scanWallet', { wallet: 'Example Wallet' }),
    t('view.ConnectingWalletConnect.openMobile', { wallet: 'Example Wallet' }),
    t('view.ConnectingWalletConnect.openDesktop', { wallet: 'Example Wallet' }),
  ),
  loaders: [pairing('uri', { pairing: 'showingUri' }, 'w0000')],
}

/** The wallet declined the proposal: its own copy, and Try again for a new QR code. */
export const Rejected: Story = {
  parameters: expects(
    undefined,
    m['pairing.declined'],
    m['pairing.declinedHint'],
    m['pairing.retry'],
  ),
  loaders: [pairing('reject', 'failed')],
}

/** The proposal failed otherwise: "Connection failed" with the catalogue text, and Try again. */
export const Failed: Story = {
  parameters: expects(undefined, m['pairing.failed'], m['error.UNKNOWN_ERROR'], m['pairing.retry']),
  loaders: [pairing('fail', 'failed')],
}

/** The host gave no way to load WalletConnect: the SPEC's error, said plainly. */
export const Unavailable: Story = {
  parameters: expects(undefined, m['error.WALLET_CONNECT_CONNECTOR_NOT_FOUND']),
  loaders: [
    scene({ directory }, async (kit) => {
      kit.open({ route: route('ConnectingWalletConnect', {}) })
      await kit.until(kit.latch.walletConnect, (s) => s.matches('failed'))
    }),
  ],
}
