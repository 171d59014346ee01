import type { Meta, StoryObj } from '@storybook/react-vite'
import { enMessages as m } from '../../i18n/en.js'
import { expects } from '../../stories/story-latch.js'
import { emailScene, untilView, submitEmail } from '../../stories/email-scene.js'

const meta = {
  title: 'Views/EmailVerifyOtp',
  parameters: expects('EmailVerifyOtp'),
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The frame sent a code: one field for the whole code, resend after the 30 s cooldown. */
export const CodeSent: Story = {
  parameters: expects(undefined, 'We sent a code to ada@example.com.', m['view.EmailCode.hint']),
  loaders: [
    emailScene(async (kit) => {
      kit.open()
      await submitEmail(kit, 'ada@example.com')
      await untilView(kit, 'EmailVerifyOtp')
    }),
  ],
}
