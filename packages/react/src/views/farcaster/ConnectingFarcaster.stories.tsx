import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { untilView } from '../../stories/email-scene.js'
import { farcasterScene } from './farcaster-scene.js'

const meta = {
  title: 'Views/ConnectingFarcaster',
  parameters: expects('ConnectingFarcaster'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The QR code of the sign-in link, Copy link and Open in Farcaster, waiting for the app. */
export const Waiting: Story = {
  parameters: expects(
    undefined,
    m['view.ConnectingFarcaster.scan'],
    m['view.ConnectingFarcaster.waiting'],
    m['view.ConnectingFarcaster.open'],
  ),
  loaders: [
    farcasterScene(async (kit) => {
      void kit.latch.connectFarcaster().catch(() => undefined)
      await untilView(kit, 'ConnectingFarcaster')
      await kit.until(kit.latch.farcasterLogin!, (s) => s.matches('awaitingApproval'))
    }),
  ],
}

/** The channel expired before the app approved: SPEC §8 'Session Expired', and Try again. */
export const Expired: Story = {
  parameters: expects(
    undefined,
    m['view.ConnectingFarcaster.failed'],
    m['error.SESSION_EXPIRED'],
    m['view.ConnectingFarcaster.retry'],
  ),
  loaders: [
    farcasterScene(
      async (kit) => {
        void kit.latch.connectFarcaster().catch(() => undefined)
        await untilView(kit, 'ConnectingFarcaster')
        await kit.until(kit.latch.farcasterLogin!, (s) => s.matches('failed'))
      },
      { expired: true },
    ),
  ],
}
