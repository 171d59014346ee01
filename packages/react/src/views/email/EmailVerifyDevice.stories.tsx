import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { emailScene, untilView, submitEmail } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/EmailVerifyDevice',
  parameters: expects('EmailVerifyDevice'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** A new device: the frame waits for the approval link in the email. */
export const Waiting: Story = {
  parameters: expects(
    undefined,
    m['view.EmailVerifyDevice.heading'],
    m['view.EmailVerifyDevice.waiting'],
  ),
  loaders: [
    emailScene(
      async (kit) => {
        kit.open()
        await submitEmail(kit, 'ada@example.com')
        await untilView(kit, 'EmailVerifyDevice')
      },
      {
        CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
        CONNECT_DEVICE: () => new Promise(() => undefined),
      },
    ),
  ],
}
