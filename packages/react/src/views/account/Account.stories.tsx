import type { Meta, StoryObj } from '@storybook/react-vite'
import { selectActivity, selectNfts, type AccountTab } from '@latch/core'
import { enMessages as m } from '../../i18n/en.js'
import {
  accountServerFetch,
  STORY_SERVER_URL,
  storyBalances,
  storyNfts,
  storyTransaction,
  type AccountServerScript,
} from '../../stories/account-server.js'
import { expects, scene, storyWallet, type StoryKit } from '../../stories/story-latch.js'
import { emailScene, untilView, submitEmail } from '../../stories/email-scene.js'

/** The account of `wallet` read (or not) by core, with the modal open where the rules say. */
async function openAccount(kit: StoryKit, wallet = 'io.dev') {
  await kit.connect(wallet)
  kit.open()
  await kit.until(kit.latch.modal, (s) => s.context.history.at(-1)?.view === 'Account')
}

const balanceRead = (kit: StoryKit) =>
  kit.until(kit.latch.connection, (s) => s.context.accountData.eip155?.balance !== undefined)

/** An inline avatar: nothing is fetched. */
const STORY_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="32" fill="#6b5bff"/></svg>',
)}`

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

/** The dev wallet's address in every story (the story adapter's account for `io.dev`). */
const owner = (kit: StoryKit) => kit.latch.getAccount().address ?? ''

/**
 * The Account view on a Latch server answered in memory (stories/account-server.ts), with
 * `tab` picked: core reads the tab's data, as it would for a user's click.
 */
function accountScene(
  script: AccountServerScript | ((owner: string) => AccountServerScript),
  tab: AccountTab,
  reach: (kit: StoryKit) => Promise<void> | void = () => undefined,
) {
  // A script that names the account is only known once it is connected.
  let latest: AccountServerScript = typeof script === 'function' ? {} : script
  const fetch: typeof globalThis.fetch = (input, init) => accountServerFetch(latest)(input, init)
  return scene(
    { wallets: [dev()], options: { serverUrl: STORY_SERVER_URL }, fetch },
    async (kit) => {
      await kit.connect('io.dev')
      if (typeof script === 'function') latest = script(owner(kit))
      kit.latch.accountData.send({ type: 'SELECT_TAB', tab })
      await openAccount(kit)
      await reach(kit)
    },
  )
}

const activityPage = (address: string) => ({
  history: {
    '': {
      data: [
        storyTransaction('3', address, 'in', { day: 3 }),
        storyTransaction('2', address, 'out', { day: 2, status: 'pending' as const }),
        storyTransaction('1', address, 'self', { day: 1, nft: 'Latch Tile #1' }),
      ],
      next: null,
    },
  },
})

/** Tokens from the server: quantity, price and value per token, and the total in USD. */
export const TokensFilled: Story = {
  parameters: expects(undefined, 'Latch Test Token', '100 LTT', '$4,525.00'),
  loaders: [
    accountScene({ balances: storyBalances }, 'tokens', (kit) =>
      kit.until(kit.latch.connection, (s) => !!s.context.accountData.eip155?.tokenBalance?.length),
    ),
  ],
}

/** The NFTs tab while the server has not answered: a spoken loading state. */
export const NftsLoading: Story = {
  parameters: expects(undefined, m['view.Account.nfts.loading']),
  loaders: [accountScene({ nfts: 'hold' }, 'nfts')],
}

/** The NFTs tab of an account that holds none. */
export const NftsEmpty: Story = {
  parameters: expects(undefined, m['view.Account.nfts.empty']),
  loaders: [
    accountScene({}, 'nfts', (kit) =>
      kit.until(kit.latch.accountData, (s) => selectNfts(s).status === 'ready'),
    ),
  ],
}

/** The NFTs tab when the server fails: the reason and Try again, never a spinner. */
export const NftsError: Story = {
  parameters: expects(undefined, m['view.Account.nfts.failed'], m['view.Account.retry']),
  loaders: [
    accountScene({ nfts: 'fail' }, 'nfts', (kit) =>
      kit.until(kit.latch.accountData, (s) => selectNfts(s).status === 'failed'),
    ),
  ],
}

/** The gallery: each NFT's image and name. */
export const NftsFilled: Story = {
  parameters: expects(undefined, 'Latch Tile #1', 'Latch Tile #6'),
  loaders: [
    accountScene({ nfts: { '': storyNfts(6) } }, 'nfts', (kit) =>
      kit.until(kit.latch.accountData, (s) => selectNfts(s).status === 'ready'),
    ),
  ],
}

/** One NFT's detail: its image, collection, token id, quantity, standard and contract. */
export const NftDetail: Story = {
  parameters: expects(undefined, 'Latch Tile #2', 'Latch Tiles', m['view.Account.nfts.back']),
  loaders: [
    accountScene({ nfts: { '': storyNfts(3) } }, 'nfts', async (kit) => {
      await kit.until(kit.latch.accountData, (s) => selectNfts(s).status === 'ready')
      const second = kit.latch.accountData.getSnapshot().context.nfts.items[1]
      kit.latch.accountData.send({ type: 'SELECT_NFT', id: second?.id })
    }),
  ],
}

/** The Activity tab while the server has not answered: a spoken loading state. */
export const ActivityLoading: Story = {
  parameters: expects(undefined, m['view.Account.activity.loading']),
  loaders: [accountScene({ history: 'hold' }, 'activity')],
}

/** The Activity tab of an account with no transactions. */
export const ActivityEmpty: Story = {
  parameters: expects(undefined, m['view.Account.activity.empty']),
  loaders: [
    accountScene({}, 'activity', (kit) =>
      kit.until(kit.latch.accountData, (s) => selectActivity(s).status === 'ready'),
    ),
  ],
}

/** SPEC §8: 'Failed to fetch transactions', the list empty, and the error toast. */
export const ActivityError: Story = {
  parameters: expects(undefined, m['error.FAILED_TO_FETCH_TRANSACTIONS'], m['view.Account.retry']),
  loaders: [
    accountScene({ history: 'fail' }, 'activity', (kit) =>
      kit.until(kit.latch.accountData, (s) => selectActivity(s).status === 'failed'),
    ),
  ],
}

/** Received, sent and self transfers, a token's and an NFT's, with their status. */
export const ActivityFilled: Story = {
  parameters: expects(
    undefined,
    m['view.Account.activity.in'],
    m['view.Account.activity.status.pending'],
    'Latch Tile #1',
  ),
  loaders: [
    accountScene(activityPage, 'activity', (kit) =>
      kit.until(kit.latch.accountData, (s) => selectActivity(s).status === 'ready'),
    ),
  ],
}

/** The header with the name and avatar the identity lookup found (SPEC §7). */
export const Identity: Story = {
  parameters: expects(undefined, 'alice.eth'),
  loaders: [
    accountScene({ identity: { name: 'alice.eth', avatar: STORY_AVATAR } }, 'tokens', (kit) =>
      kit.until(kit.latch.connection, (s) => !!s.context.accountData.eip155?.profileName),
    ),
  ],
}

/** An email login (issue 17): its address, and Edit email (SPEC §4's email update). */
export const EmailLogin: Story = {
  parameters: expects(undefined, 'ada@example.com', m['view.Account.editEmail']),
  loaders: [
    emailScene(async (kit) => {
      await submitEmail(kit, 'ada@example.com')
      const login = kit.latch.emailLogin
      if (login) {
        await kit.until(login, (s) => s.matches('enteringCode'))
        login.send({ type: 'SUBMIT_CODE', otp: '123456' })
      }
      await kit.until(kit.latch.connection, (s) => s.matches('connected'))
      kit.open({ route: { view: 'Account' } })
      await untilView(kit, 'Account')
    }),
  ],
}
