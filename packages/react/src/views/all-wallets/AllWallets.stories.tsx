import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { inModal, typeText } from '../../stories/play.js'
import {
  expects,
  scene,
  storyDirectory,
  t,
  storyWallet,
  unreachableDirectory,
} from '../../stories/story-latch.js'

const openAllWallets = { route: { view: 'AllWallets' } } as const

/** 1,000 wallets, one of them installed in this browser (matched by its EIP-6963 rdns). */
const thousand = {
  wallets: [storyWallet('io.dev', 'Dev Wallet')],
  directory: storyDirectory(1000, { 7: { name: 'Dev Wallet', rdns: 'io.dev' } }),
}

/** Searches as a user types; the directory machine lives in the view, so this is a play step. */
const search = (text: string) => async () => {
  const ui = await inModal()
  typeText(await ui.findByRole('searchbox', { name: m['view.AllWallets.search'] }), text)
}

const meta = {
  title: 'Views/AllWallets',
  parameters: expects('AllWallets'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** 1,000 wallets, virtualized: 4 recommended first, then 40 per page as the list scrolls. */
export const ThousandWallets: Story = {
  parameters: expects(undefined, 'Wallet 0000', 'Dev Wallet', m['view.Connect.tag.installed']),
  loaders: [scene(thousand, (kit) => kit.open(openAllWallets))],
}

/** The built-in directory (the data module this repo ships until the service exists). */
export const BuiltInDirectory: Story = {
  loaders: [scene({}, (kit) => kit.open(openAllWallets))],
}

/** A search: its results only (up to 100), without recommendations, and the count announced. */
export const SearchResults: Story = {
  // 0099 and 0990 to 0999.
  parameters: expects(undefined, 'Wallet 0999', t('view.AllWallets.results', { count: 11 })),
  loaders: ThousandWallets.loaders,
  play: search('099'),
}

/** A search that matches nothing says so. */
export const EmptySearch: Story = {
  parameters: expects(undefined, m['view.AllWallets.empty']),
  loaders: ThousandWallets.loaders,
  play: search('zzz'),
}

/** The directory service has not answered yet: a spoken loading state. */
export const Loading: Story = {
  parameters: expects(undefined, m['view.AllWallets.loading']),
  loaders: [scene({ directory: unreachableDirectory('hold') }, (kit) => kit.open(openAllWallets))],
}

/** The directory service failed: the error with its catalogue text, and Try again. */
export const Failed: Story = {
  parameters: expects(undefined, m['view.AllWallets.error'], m['view.AllWallets.retry']),
  loaders: [scene({ directory: unreachableDirectory('fail') }, (kit) => kit.open(openAllWallets))],
}

/** A wallet that is not installed, chosen: its links above the list. */
export const NotInstalledLinks: Story = {
  parameters: expects(undefined, t('view.Connect.notInstalled', { wallet: 'Wallet 0000' })),
  loaders: [
    scene(
      {
        directory: storyDirectory(20, {
          0: { mobileLink: 'example://', webappLink: 'https://app.example' },
        }),
      },
      (kit) => kit.open(openAllWallets),
    ),
  ],
  play: async () => {
    const ui = await inModal()
    ;(await ui.findByRole('button', { name: 'Wallet 0000' })).click()
  },
}
