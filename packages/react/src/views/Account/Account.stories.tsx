import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { inModal } from '../../stories/play.js'
import { expects, scene, storyWallet, type StoryKit } from '../../stories/story-latch.js'

/** The account of `wallet` read (or not) by core, with the modal open where the rules say. */
async function openAccount(kit: StoryKit, wallet = 'io.dev') {
  await kit.connect(wallet)
  kit.open()
  await kit.until(kit.latch.modal, (s) => s.context.history.at(-1)?.view === 'Account')
}

const balanceRead = (kit: StoryKit) =>
  kit.until(kit.latch.connection, (s) => s.context.accountData.eip155?.balance !== undefined)

const dev = (init: Parameters<typeof storyWallet>[2] = {}) =>
  storyWallet('io.dev', 'Dev Wallet', init)

const meta = {
  title: 'Views/Account',
  parameters: expects('Account'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** Connected on devnet A; core has read 1.5 ETH. */
export const Connected: Story = {
  parameters: expects(undefined, '1.5 ETH', 'Latch Devnet A'),
  loaders: [
    scene({ wallets: [dev()] }, async (kit) => {
      await openAccount(kit)
      await balanceRead(kit)
    }),
  ],
}

/** Core is still reading the balance (the RPC never answers): a spoken loading state. */
export const LoadingBalance: Story = {
  parameters: expects(undefined, m['view.Account.balanceLoading']),
  loaders: [scene({ wallets: [dev({ balance: 'hold' })] }, (kit) => openAccount(kit))],
}

/** SPEC §8: the read failed, so 0.00 ETH and the Token Balance Unavailable toast. */
export const BalanceFailed: Story = {
  parameters: expects(undefined, '0.00 ETH', m['error.TOKEN_BALANCE_UNAVAILABLE']),
  loaders: [
    scene({ wallets: [dev({ balance: 'fail' })] }, async (kit) => {
      await openAccount(kit)
      await kit.until(kit.latch.toast, (s) => s.context.toast !== undefined)
    }),
  ],
}

/** Core knows a profile name: it leads, with the short address beside it. */
export const ProfileName: Story = {
  parameters: expects(undefined, 'alice.eth'),
  loaders: [
    scene({ wallets: [dev()] }, async (kit) => {
      await openAccount(kit)
      await balanceRead(kit)
      kit.latch.connection.send({
        type: 'ACCOUNT_DATA_UPDATED',
        namespace: 'eip155',
        data: { profileName: 'alice.eth' },
      })
    }),
  ],
}

/** Two wallets connected: the other one is listed with a Switch button. */
export const SeveralConnections: Story = {
  parameters: expects(undefined, m['view.Account.otherConnections'], 'Other Wallet'),
  loaders: [
    scene({ wallets: [dev(), storyWallet('io.other', 'Other Wallet')] }, async (kit) => {
      await kit.connect('io.other')
      await openAccount(kit)
      await balanceRead(kit)
    }),
  ],
}

/** The wallet is on a chain the app does not know, and the host allows it. */
export const UnknownNetwork: Story = {
  parameters: expects(undefined, m['view.Account.unknownNetwork']),
  loaders: [
    scene({ wallets: [dev()], options: { allowUnsupportedChain: true } }, async (kit) => {
      await openAccount(kit)
      kit.fake.emit({ type: 'chainChanged', connectorId: 'io.dev', chainReference: '999' })
    }),
  ],
}

/** The NFTs tab: an honest empty state until the data issue lands. */
export const NftsTab: Story = {
  parameters: expects(undefined, m['view.Account.nfts.empty']),
  loaders: Connected.loaders,
  play: async () => {
    const ui = await inModal()
    ;(await ui.findByRole('tab', { name: m['view.Account.tab.nfts'] })).click()
  },
}

/** The Activity tab: an honest empty state until the data issue lands. */
export const ActivityTab: Story = {
  parameters: expects(undefined, m['view.Account.activity.empty']),
  loaders: Connected.loaders,
  play: async () => {
    const ui = await inModal()
    ;(await ui.findByRole('tab', { name: m['view.Account.tab.activity'] })).click()
  },
}
