import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { untilView } from '../../stories/email-scene.js'
import { socialScene } from './social-scene.js'

const meta = {
  title: 'Views/ConnectingSocial',
  parameters: expects('ConnectingSocial'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/**
 * Connect with a Latch server: the social buttons in SPEC §9's order after the email field, the
 * first full width and the others as icons.
 */
export const ConnectButtons: Story = {
  parameters: expects('Connect', 'Continue with Google'),
  loaders: [socialScene((kit) => kit.open())],
}

/** The popup is at the provider: the view waits, with Cancel. */
export const Waiting: Story = {
  parameters: expects(
    undefined,
    'Continue in the GitHub window',
    m['view.ConnectingSocial.cancel'],
  ),
  loaders: [
    socialScene(async (kit) => {
      void kit.latch.connectSocial('github').catch(() => undefined)
      await untilView(kit, 'ConnectingSocial')
      await kit.until(kit.latch.socialLogin!, (s) => s.matches('awaitingProvider'))
    }),
  ],
}

/** The browser blocked the popup: the message, Try again (a fresh click) and Cancel. */
export const PopupBlocked: Story = {
  parameters: expects(
    undefined,
    m['view.ConnectingSocial.blocked'],
    m['error.SOCIAL_POPUP_BLOCKED'],
    m['view.ConnectingSocial.retry'],
  ),
  loaders: [
    socialScene(async (kit, popups) => {
      popups.block()
      void kit.latch.connectSocial('google').catch(() => undefined)
      await untilView(kit, 'ConnectingSocial')
      await kit.until(kit.latch.socialLogin!, (s) => s.matches('failed'))
    }),
  ],
}
