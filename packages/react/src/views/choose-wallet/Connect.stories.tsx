import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { inModal } from '../../stories/play.js'
import { expects, scene, storyDirectory, storyWallet, t } from '../../stories/story-latch.js'

const dev = storyWallet('io.dev', 'Dev Wallet')
const other = storyWallet('io.other', 'Other Wallet')

const meta = {
  title: 'Views/Connect',
  parameters: expects('Connect'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** An installed wallet first (wallet method first), then 3 recommendations: 4 wallet rows in all. */
export const InstalledAndRecommended: Story = {
  parameters: expects(undefined, 'Dev Wallet', m['view.Connect.tag.installed']),
  loaders: [scene({ wallets: [dev] }, (kit) => kit.open())],
}

/** A wallet used before leads, tagged Recent (SPEC §3 recent wallets, from storage). */
export const RecentWallet: Story = {
  parameters: expects(undefined, 'Other Wallet', m['view.Connect.tag.recent']),
  loaders: [
    scene(
      { wallets: [dev, other], recentWallets: [{ id: 'io.other', name: 'Other Wallet' }] },
      (kit) => kit.open(),
    ),
  ],
}

/** Nothing installed: recommendations only, and the way to all wallets with their count. */
export const NoInstalledWallet: Story = {
  parameters: expects(undefined, 'Wallet 0003', m['view.Connect.allWallets'], '30'),
  loaders: [scene({ directory: storyDirectory(30) }, (kit) => kit.open())],
}

/** An empty directory and no wallet in the browser: only the row to all wallets is left. */
export const NoWalletAtAll: Story = {
  parameters: expects(undefined, m['view.Connect.allWallets']),
  loaders: [scene({ directory: [] }, (kit) => kit.open())],
}

/** A wallet that is not installed, chosen: its links, as real links. */
export const NotInstalledLinks: Story = {
  parameters: expects(
    undefined,
    t('view.Connect.notInstalled', { wallet: 'Example Wallet' }),
    m['view.Connect.link.mobile'],
  ),
  loaders: [
    scene(
      {
        directory: storyDirectory(4, {
          0: {
            name: 'Example Wallet',
            mobileLink: 'example://',
            webappLink: 'https://app.example',
          },
        }),
      },
      (kit) => kit.open(),
    ),
  ],
  play: async () => {
    const ui = await inModal()
    ;(await ui.findByRole('button', { name: 'Example Wallet' })).click()
  },
}

/** SPEC §8: the host forgot its project id, so the modal says so above the view. */
export const MissingProjectId: Story = {
  parameters: expects(undefined, m['error.PROJECT_ID_NOT_CONFIGURED']),
  loaders: [scene({ wallets: [dev], options: { projectId: '' } }, (kit) => kit.open())],
}
